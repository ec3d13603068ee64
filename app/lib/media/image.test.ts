import { afterEach, describe, expect, it, vi } from "vitest";
import type { SanityImage } from "~/lib/content/model";
import { LOCAL_MEDIA_CONFIG, type MediaConfig } from "./config";
import { imageSources } from "./image";

const SANITY: MediaConfig = {
  projectId: "abc123",
  dataset: "production",
  imageBaseUrl: "https://cdn.sanity.io",
  video: "mux",
};

function image(overrides: Partial<SanityImage> = {}): SanityImage {
  return {
    alt: "A ferry at dusk",
    asset: { _type: "reference", _ref: "image-0a1b2c3d4e5f-2000x1000-jpg" },
    dimensions: { width: 2000, height: 1000 },
    lqip: "data:image/jpeg;base64,AAAA",
    ...overrides,
  };
}

/** The srcset as [url, width] pairs, each URL's query parsed. */
function srcset(value: string) {
  return value.split(", ").map((entry) => {
    const [url, descriptor] = entry.split(" ");
    return { url: new URL(url!, "http://x"), width: Number(descriptor!.slice(0, -1)) };
  });
}

afterEach(() => vi.restoreAllMocks());

describe("imageSources", () => {
  it("builds a srcset of widths on Sanity's CDN, never wider than the source", () => {
    const sources = imageSources(SANITY, image())!;
    const entries = srcset(sources.srcSet);
    expect(entries.map((entry) => entry.width)).toEqual([
      320, 360, 400, 440, 480, 520, 580, 640, 700, 760, 840, 920, 1000, 1100, 1200, 1320, 1460,
      1600, 1760, 1920, 2000,
    ]);
    // Each step at most about 12 % wider than the one before.
    entries
      .slice(1)
      .forEach((entry, i) => expect(entry.width / entries[i]!.width).toBeLessThan(1.13));
    expect(entries[0]!.url.href).toBe(
      "https://cdn.sanity.io/images/abc123/production/0a1b2c3d4e5f-2000x1000.jpg?w=320&auto=format",
    );
    for (const entry of entries) {
      expect(entry.url.searchParams.get("w")).toBe(String(entry.width));
      expect(entry.url.searchParams.get("auto")).toBe("format");
      expect(entry.url.searchParams.has("rect")).toBe(false);
    }
    expect(sources.src).toContain("w=1000");
    expect([sources.width, sources.height]).toEqual([2000, 1000]);
  });

  it("names the same cut as a static file's path for the bundled dataset", () => {
    const local = imageSources(LOCAL_MEDIA_CONFIG, image())!;
    const cdn = imageSources(SANITY, image())!;
    expect(cdn.src).toContain("w=1000&auto=format");
    expect(local.src).toBe("/media/images/0a1b2c3d4e5f-2000x1000/full/1000x500.webp");
    const cropped = image({ crop: { left: 0.1, right: 0.1, top: 0, bottom: 0.2 } });
    const rect = new URL(imageSources(SANITY, cropped, { aspectRatio: 1 })!.src).searchParams;
    expect(imageSources(LOCAL_MEDIA_CONFIG, cropped, { aspectRatio: 1 })!.src).toBe(
      `/media/images/0a1b2c3d4e5f-2000x1000/${rect.get("rect")}/800x800.webp`,
    );
  });

  it("cuts the editor's crop and reserves the cropped box", () => {
    const cropped = image({ crop: { left: 0.1, right: 0.1, top: 0, bottom: 0.2 } });
    const sources = imageSources(SANITY, cropped)!;
    const entries = srcset(sources.srcSet);
    // 2000 × 1000 less 10 % each side and 20 % at the bottom: 1600 × 800 from (200, 0).
    expect(entries.at(-1)!.width).toBe(1600);
    for (const entry of entries) expect(entry.url.searchParams.get("rect")).toBe("200,0,1600,800");
    expect([sources.width, sources.height]).toEqual([1600, 800]);
  });

  it("centres an aspect-ratio crop on the hotspot, inside the editor's crop", () => {
    const framed = image({
      crop: { left: 0.1, right: 0.1, top: 0, bottom: 0 },
      hotspot: { x: 0.6, y: 0.5, width: 0.2, height: 0.2 },
    });
    const sources = imageSources(SANITY, framed, { aspectRatio: 1 })!;
    const entries = srcset(sources.srcSet);
    // A 1000 × 1000 square round the hotspot's centre (x = 1200 px): from x = 700.
    expect(entries.at(-1)!.width).toBe(1000);
    expect(entries.every((entry) => entry.width <= 1000)).toBe(true);
    for (const entry of entries) {
      expect(entry.url.searchParams.get("rect")).toBe("700,0,1000,1000");
      expect(entry.url.searchParams.get("h")).toBe(entry.url.searchParams.get("w"));
      expect(entry.url.searchParams.get("fit")).toBe("crop");
    }
    expect([sources.width, sources.height]).toEqual([1000, 1000]);

    // A hotspot near the edge: the square slides back inside the crop (ends at 1800 px).
    const edge = imageSources(
      SANITY,
      { ...framed, hotspot: { x: 0.85, y: 0.5, width: 0.1, height: 0.1 } },
      {
        aspectRatio: 1,
      },
    )!;
    expect(new URL(edge.src).searchParams.get("rect")).toBe("800,0,1000,1000");
  });

  it("crops a wide image to a portrait ratio round a hotspot on the left", () => {
    const sources = imageSources(
      SANITY,
      image({ hotspot: { x: 0.2, y: 0.5, width: 0.1, height: 0.1 } }),
      { aspectRatio: 4 / 5 },
    )!;
    // 800 × 1000 centred on x = 400 px would start at 0.
    expect(new URL(sources.src).searchParams.get("rect")).toBe("0,0,800,1000");
    expect(sources.height).toBe(Math.round(sources.width / (4 / 5)));
  });

  it("points object-position at the hotspot when CSS may crop further", () => {
    const sources = imageSources(
      SANITY,
      image({
        crop: { left: 0.2, right: 0, top: 0, bottom: 0 },
        hotspot: { x: 0.6, y: 0.25, width: 0.1, height: 0.1 },
      }),
    )!;
    expect(sources.objectPosition).toBe("50% 25%");
    expect(imageSources(SANITY, image())!.objectPosition).toBeUndefined();
  });

  it("never upscales a small image", () => {
    const small = image({
      asset: { _ref: "image-feed-500x400-png" },
      dimensions: { width: 500, height: 400 },
    });
    const entries = srcset(imageSources(SANITY, small)!.srcSet);
    expect(entries.map((entry) => entry.width)).toEqual([320, 360, 400, 440, 480, 500]);
    expect(entries[0]!.url.pathname).toMatch(/feed-500x400\.png$/);
  });

  it("renders nothing for a malformed or dangling reference, and logs each once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const malformed = image({ asset: { _ref: "image-nonsense" } });
    expect(imageSources(SANITY, malformed)).toBeUndefined();
    expect(imageSources(SANITY, malformed)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/Malformed asset _ref/);

    const dangling = image({ asset: { _ref: "image-dead-10x10-jpg" }, dimensions: null });
    expect(imageSources(SANITY, dangling)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]![0]).toMatch(/image-dead-10x10-jpg/);

    expect(imageSources(SANITY, null)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe("an image's placeholder", () => {
  it("is its LQIP as a CSS url()", () => {
    expect(imageSources(SANITY, image())!.placeholder).toBe('url("data:image/jpeg;base64,AAAA")');
    expect(imageSources(SANITY, image({ lqip: undefined }))!.placeholder).toBeUndefined();
  });

  it("is left out when the LQIP is anything but a small base64 image: it goes into a style", () => {
    for (const lqip of [
      'data:,x");position:fixed;inset:0;z-index:2147483647;content:url("data:image/svg+xml,<svg/>',
      "data:image/svg+xml;base64,PHN2Zy8+",
      "https://evil.test/a.jpg",
      "data:image/jpeg;base64,AAAA) ;color:red",
      'data:image/jpeg;base64,AA"AA',
    ]) {
      expect(imageSources(SANITY, image({ lqip }))!.placeholder, lqip).toBeUndefined();
    }
  });
});
