import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { SanityImage } from "~/lib/content/model";
import { pageMeta } from "~/lib/seo";
import { FAVICON_QUERY, faviconUrl, imageUrl, LOCAL_MEDIA_CONFIG } from "./config";
import { imageSources, MAX_WIDTH, SRCSET_WIDTHS } from "./image";
import { LAYOUTS } from "./layouts";
import { canonicalImageRequest, ladderWidth } from "./image-ladder.server";
import {
  chooseFormat,
  ImageParamError,
  parseImageParams,
  transformImage,
} from "./transform.server";

const params = (query: string) => parseImageParams(new URLSearchParams(query));

describe("Sanity image API parameters", () => {
  it("reads the ones the site uses", () => {
    expect(params("w=640&h=480&fit=crop&rect=10,20,300,200&auto=format&q=70&dpr=2")).toMatchObject({
      width: 640,
      height: 480,
      fit: "crop",
      rect: { left: 10, top: 20, width: 300, height: 200 },
      auto: true,
      quality: 70,
      dpr: 2,
    });
  });

  it.each([
    "w=abc",
    "w=0",
    "w=99999",
    "fit=stretch",
    "fm=bmp",
    "rect=1,2,3",
    "rect=0,0,0,10",
    "q=101",
    "dpr=9",
    "auto=magic",
  ])("refuses %s", (query) => {
    expect(() => params(query)).toThrow(ImageParamError);
  });

  it("picks WebP for auto=format when the browser takes it, else the source format", () => {
    expect(chooseFormat(params("auto=format"), "jpg", "image/avif,image/webp,*/*")).toBe("webp");
    expect(chooseFormat(params("auto=format"), "jpg", "image/png,*/*")).toBe("jpg");
    expect(chooseFormat(params("auto=format"), "png", null)).toBe("png");
    expect(chooseFormat(params("auto=format&fm=png"), "jpg", "image/webp")).toBe("png");
  });
});

describe("transformImage", () => {
  const source = () =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: "#001489" } })
      .png()
      .toBuffer();

  it("crops to a rect, then to the asked box", async () => {
    const out = await transformImage(
      await source(),
      params("rect=0,0,200,200&w=100&h=50&fit=crop"),
      "jpg",
    );
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 50, "jpeg"]);
  });

  it("fits within a width without upscaling and honours dpr", async () => {
    const out = await transformImage(await source(), params("w=100&dpr=2"), "webp");
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([200, 100, "webp"]);
    const big = await sharp(
      await transformImage(await source(), params("w=2000"), "png"),
    ).metadata();
    expect(big.width).toBe(400);
  });

  it("cuts a box larger than the source to its ratio without upscaling (a 4:5 poster of a 16:9 frame)", async () => {
    const frame = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: "#001489" },
    })
      .jpeg()
      .toBuffer();
    const out = await transformImage(frame, params("w=760&h=950&fit=crop"), "webp");
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([576, 720]);
  });
});

// A deterministic pseudo-random sequence, so a failure names a reproducible case.
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 2 ** 32;
    return seed / 2 ** 32;
  };
}

/** The aspect ratios the site cuts images to: every layout's, and the art directions'. */
const SITE_RATIOS = Object.values(LAYOUTS).flatMap((layout) => [
  "aspectRatio" in layout ? layout.aspectRatio : undefined,
  "art" in layout ? layout.art.aspectRatio : undefined,
]);

/** Every URL the site makes for an image: srcsets (each layout), widths alone, the share image. */
function siteUrls(image: SanityImage): string[] {
  const urls = new Set<string>();
  for (const aspectRatio of [...SITE_RATIOS, 16 / 9, 21 / 9, 1, 9 / 16, 3]) {
    const sources = imageSources(LOCAL_MEDIA_CONFIG, image, { aspectRatio });
    urls.add(sources!.src);
    for (const entry of sources!.srcSet.split(", ")) urls.add(entry.split(" ")[0]!);
  }
  for (const width of SRCSET_WIDTHS) urls.add(imageUrl(LOCAL_MEDIA_CONFIG, image, { width })!);
  const meta = pageMeta(
    { title: "Page", seo: { ogImage: image } } as Parameters<typeof pageMeta>[0],
    { general: null, media: LOCAL_MEDIA_CONFIG, origin: "http://localhost", preview: false },
    "/",
  );
  const og = meta.find((tag) => "property" in tag && tag.property === "og:image");
  const share = new URL((og as { content: string }).content);
  urls.add(share.pathname + share.search);
  // The favicon and the JSON-LD logo: the asset's own URL, cut square or as it is.
  const assetUrl = imageSources(LOCAL_MEDIA_CONFIG, image)!.src.replace(/\?.*$/, "");
  urls.add(faviconUrl(assetUrl));
  urls.add(assetUrl);
  return [...urls];
}

const canonical = (query: string, source = { width: 2000, height: 1500 }) =>
  canonicalImageRequest(new URLSearchParams(query), source);

describe("the renditions the image route makes", () => {
  it("maps every URL the site makes to itself, for any crop, hotspot and size", () => {
    const next = random(7);
    const fraction = (max: number) => Math.round(next() * max * 1000) / 1000;
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const width = 60 + Math.floor(next() * 4000);
      const height = 60 + Math.floor(next() * 4000);
      const image: SanityImage = {
        asset: { _type: "reference", _ref: `image-${"a".repeat(40)}-${width}x${height}-jpg` },
        dimensions: { width, height },
        crop:
          next() < 0.7
            ? {
                left: fraction(0.3),
                right: fraction(0.3),
                top: fraction(0.3),
                bottom: fraction(0.3),
              }
            : undefined,
        hotspot:
          next() < 0.7
            ? { x: fraction(1), y: fraction(1), width: fraction(0.5), height: fraction(0.5) }
            : undefined,
      };
      for (const url of siteUrls(image)) {
        const search = new URL(url, "http://localhost").search.slice(1);
        expect(canonical(search, { width, height }).query, `${url} of ${width}x${height}`).toBe(
          search,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it("snaps a width off the ladder to the next rung up", () => {
    expect(canonical("w=1&auto=format").query).toBe("w=320&auto=format");
    expect(canonical("w=321&auto=format").query).toBe("w=360&auto=format");
    expect(canonical("w=1201").query).toBe("w=1320");
    expect(canonical("w=1199").query).toBe("w=1200");
    for (const width of SRCSET_WIDTHS) expect(canonical(`w=${width}`).query).toBe(`w=${width}`);
  });

  it("caps a width at the source's, or its rect's, and at the ladder's top", () => {
    expect(canonical("w=1900", { width: 1000, height: 800 }).query).toBe("w=1000");
    expect(canonical("w=8000", { width: 1000, height: 800 }).query).toBe("w=1000");
    expect(canonical("w=310", { width: 200, height: 100 }).query).toBe("w=200");
    expect(canonical("w=8000", { width: 5000, height: 3000 }).query).toBe(`w=${MAX_WIDTH}`);
    expect(canonical("w=2300", { width: 5000, height: 3000 }).query).toBe(`w=${MAX_WIDTH}`);
    expect(canonical("rect=0,0,900,900&w=950", { width: 2000, height: 1000 }).query).toBe(
      "rect=0,0,900,900&w=900",
    );
    // A rung stays as it is: the share image asks a smaller source for its full width.
    expect(canonical("w=1200", { width: 1000, height: 800 }).query).toBe("w=1200");
    // No width at all: the file at its own size, as the asset's URL names it.
    expect(canonical("", { width: 1000, height: 800 }).query).toBe("");
    expect(canonical("auto=format", { width: 1000, height: 800 }).query).toBe("auto=format");
  });

  it("lets a flood of random widths reach only the ladder's renditions", () => {
    const next = random(11);
    const source = { width: 1733, height: 1300 };
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      seen.add(canonical(`w=${1 + Math.floor(next() * 8192)}&auto=format`, source).query);
    }
    const widths = [...seen].map((query) => Number(/w=(\d+)/.exec(query)![1]));
    for (const width of widths) {
      expect(
        (SRCSET_WIDTHS as readonly number[]).includes(width) || Math.abs(width - 1733) <= 4,
      ).toBe(true);
    }
    // The rungs below 1733, the cap; a few widths round it as the site's rounding needs.
    expect(seen.size).toBeLessThanOrEqual(SRCSET_WIDTHS.filter((w) => w < 1733).length + 9);
  });

  it("keeps a cut's aspect when it snaps its width, and refuses another aspect", () => {
    // 4:3 of a 2000x1500 source (no rect): a rung stays, another width snaps, h follows.
    expect(canonical("w=700&h=525&fit=crop&auto=format").query).toBe(
      "w=700&h=525&fit=crop&auto=format",
    );
    expect(canonical("w=704&h=528&fit=crop&auto=format").query).toBe(
      "w=760&h=570&fit=crop&auto=format",
    );
    // 1.91:1 cut as the share image is: its rect's aspect.
    expect(canonical("rect=0,229,2000,1050&w=1250&h=656&fit=crop").query).toBe(
      "rect=0,229,2000,1050&w=1320&h=693&fit=crop",
    );
    for (const query of ["w=700&h=700&fit=crop", "w=700&h=8000&fit=crop", "w=320&h=1&fit=crop"]) {
      expect(() => canonical(query), query).toThrow(/aspect/);
    }
  });

  it.each([
    ["q=80&w=320", /q is not served/],
    ["fm=png&w=320", /fm is not served/],
    ["fm=avif&w=320", /fm is not served/],
    ["dpr=2&w=320", /dpr is not served/],
    ["fp-x=0.3&w=320", /fp-x/],
    ["w=320&cachebust=1", /"cachebust" is not an image parameter/],
    ["w=320&w=640", /given twice/],
    ["w=320&fit=max", /fit "max"/],
    ["w=320&fit=crop", /fit=crop/],
    ["w=320&h=240", /fit=crop/],
    ["h=240&fit=crop", /fit=crop/],
    ["w=abc", /whole number/],
    ["w=99999", /between/],
    ["rect=1900,0,200,100&w=320", /inside the image/],
    ["rect=0,1400,100,200&w=320", /inside the image/],
    ["rect=0,0,0,10&w=320", /empty/],
  ])("refuses %s (a 400)", (query, message) => {
    expect(() => canonical(query)).toThrow(ImageParamError);
    expect(() => canonical(query)).toThrow(message);
  });

  it("takes fit=clip and a rect of the whole image as the same rendition as neither", () => {
    expect(canonical("w=320&fit=clip").query).toBe("w=320");
    expect(canonical("rect=0,0,2000,1500&w=320").query).toBe("w=320");
    expect(canonical("auto=format&w=320").query).toBe("w=320&auto=format");
  });

  it("renders the site's URLs as before: the same parameters reach sharp", async () => {
    const input = await sharp({
      create: { width: 1500, height: 1000, channels: 3, background: "#c0ffee" },
    })
      .jpeg()
      .toBuffer();
    for (const query of [
      "w=320&auto=format",
      "rect=100,0,1333,1000&w=760&h=570&fit=crop&auto=format",
      "rect=0,106,1500,788&w=1200&h=630&fit=crop&auto=format",
    ]) {
      const before = await transformImage(input, params(query), "webp");
      const after = await transformImage(
        input,
        canonical(query, { width: 1500, height: 1000 }).params,
        "webp",
      );
      expect(Buffer.compare(before, after), query).toBe(0);
    }
  });

  it("takes the favicon's fixed cut exactly, whatever the source's aspect", () => {
    const favicon = canonical(FAVICON_QUERY, { width: 1600, height: 900 });
    expect(favicon.query).toBe(FAVICON_QUERY);
    expect(favicon.params).toMatchObject({ width: 64, height: 64, fit: "crop", format: "png" });
    // Only that cut: the same parameters otherwise are refused.
    expect(() => canonical("w=65&h=65&fit=crop&fm=png")).toThrow(/fm is not served/);
  });

  it("is the query the favicon link asks for (app/root.tsx)", () => {
    const root = readFileSync(fileURLToPath(new URL("../../root.tsx", import.meta.url)), "utf8");
    const link = /<link rel="icon"[^>]*>/.exec(root)?.[0] ?? "";
    expect(link.includes("faviconUrl(") || link.includes(`?${FAVICON_QUERY}`), link).toBe(true);
  });

  it("exports the one ladder the srcsets draw from", () => {
    expect(ladderWidth(9999, { width: 3000, height: 2000 })).toBe(MAX_WIDTH);
    expect(SRCSET_WIDTHS.at(-1)).toBe(MAX_WIDTH);
  });
});
