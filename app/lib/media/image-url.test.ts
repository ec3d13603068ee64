import { createImageUrlBuilder } from "@sanity/image-url";
import { describe, expect, it } from "vitest";
import type { SanityImage } from "~/lib/content/model";
import { buildImageUrl, parseAssetRef } from "./image-url";

const BASE = { baseUrl: "https://cdn.sanity.io", projectId: "abc123", dataset: "production" };
const reference = createImageUrlBuilder(BASE);

// A deterministic pseudo-random sequence, so a failure names a reproducible case.
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 2 ** 32;
    return seed / 2 ** 32;
  };
}

describe("buildImageUrl", () => {
  it("makes exactly the URLs @sanity/image-url makes, for crops, hotspots and sizes", () => {
    const next = random(42);
    const fraction = (max: number) => Math.round(next() * max * 1000) / 1000;
    for (let i = 0; i < 500; i++) {
      const width = 200 + Math.floor(next() * 4000);
      const height = 200 + Math.floor(next() * 4000);
      const image: SanityImage = {
        asset: { _ref: `image-f00${i}-${width}x${height}-${i % 3 ? "jpg" : "png"}` },
        crop:
          next() < 0.7
            ? {
                left: fraction(0.3),
                right: fraction(0.3),
                top: fraction(0.3),
                bottom: fraction(0.3),
              }
            : null,
        hotspot:
          next() < 0.7
            ? { x: fraction(1), y: fraction(1), width: fraction(0.5), height: fraction(0.5) }
            : null,
      };
      const w = 100 + Math.floor(next() * 2300);
      const ratio = [undefined, 1, 4 / 3, 16 / 9, 4 / 5, 3][Math.floor(next() * 6)];
      const h = ratio ? Math.round(w / ratio) : undefined;

      let expected = reference.image(image).width(w).auto("format");
      if (h) expected = expected.height(h).fit("crop");
      const actual = buildImageUrl(BASE, image, {
        width: w,
        height: h,
        fit: h ? "crop" : undefined,
        auto: "format",
      });
      expect(actual, JSON.stringify({ image, w, h })).toBe(expected.url());
    }
  });

  it("leaves an uncropped image without a rect, and adds quality where asked", () => {
    const image = { asset: { _ref: "image-abc-800x600-jpg" } };
    expect(buildImageUrl(BASE, image)).toBe(
      "https://cdn.sanity.io/images/abc123/production/abc-800x600.jpg",
    );
    expect(buildImageUrl({ ...BASE, baseUrl: "/media/" }, image, { width: 400, quality: 70 })).toBe(
      "/media/images/abc123/production/abc-800x600.jpg?w=400&q=70",
    );
  });

  it("throws the same error as Sanity's builder for a malformed reference", () => {
    for (const ref of ["image-abc", "image-abc-widexhigh-jpg", "nonsense"]) {
      const image = { asset: { _ref: ref } };
      expect(() => buildImageUrl(BASE, image)).toThrow(/^Malformed asset _ref/);
      expect(() => reference.image(image).url()).toThrow(/^Malformed asset _ref/);
    }
    expect(parseAssetRef("image-abc-10x20-webp")).toEqual({
      id: "abc",
      width: 10,
      height: 20,
      format: "webp",
    });
  });
});
