import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "../../../tests/support/dataset";
import type { SanityImage } from "~/lib/content/model";
import { getBundledBackend } from "~/lib/content/source.server";
import { pageMeta } from "~/lib/seo";
import { faviconUrl, LOCAL_MEDIA_CONFIG } from "./config";
import { imageSources, MAX_WIDTH, SRCSET_WIDTHS } from "./image";
import { parseAssetRef } from "./image-url";
import { LAYOUTS } from "./layouts";
import {
  imageRouteState,
  imageTransforms,
  serveBundledImage,
  serveBundledPoster,
} from "./serve-image.server";
import { canonicalImageRequest } from "./image-ladder.server";

import { parseImageParams, transformImage } from "./transform.server";

process.env.CONTENT_DIR = BUNDLED_DATASET;

const request = (path: string, accept = "image/avif,image/webp,*/*") =>
  new Request(`http://localhost/media/images/${path}`, { headers: { Accept: accept } });

describe("the bundled dataset's image route", () => {
  let file: string;

  beforeAll(async () => {
    const dataset = await getBundledBackend()!.dataset();
    const [id] = [...dataset.images.keys()];
    const [, sha1, size, ext] = /^image-([0-9a-f]+)-(\d+x\d+)-(\w+)$/.exec(id!)!;
    file = `local/bundled/${sha1}-${size}.${ext}`;
  });

  it("serves a resized WebP with immutable caching", async () => {
    const response = await serveBundledImage(request(`${file}?w=320&auto=format`), file);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Vary")).toBe("Accept");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(320);
  });

  it("serves the source format to browsers without WebP", async () => {
    const response = await serveBundledImage(request(`${file}?w=200&auto=format`, "*/*"), file);
    expect(response.headers.get("Content-Type")).toMatch(/^image\/(jpeg|png)$/);
  });

  it("answers bad parameters with 400", async () => {
    const response = await serveBundledImage(request(`${file}?w=-5`), file);
    expect(response.status).toBe(400);
  });

  it.each([
    "local/bundled/0000000000000000000000000000000000000000-10x10.jpg",
    "local/bundled/../../data.ndjson",
    "../../../etc/passwd",
    "local/bundled/data.ndjson",
    "",
  ])("answers 404 for %s and never reads outside the dataset", async (path) => {
    const response = await serveBundledImage(request(path), path);
    expect(response.status).toBe(404);
  });
});

/** Every image object (asset, crop, hotspot) in the bundled dataset's documents. */
async function datasetImages(): Promise<SanityImage[]> {
  const dataset = await getBundledBackend()!.dataset();
  const found: SanityImage[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    const ref = (record.asset as { _ref?: string } | undefined)?._ref;
    if (ref?.startsWith("image-") && !ref.endsWith("-svg")) {
      const { width, height } = parseAssetRef(ref);
      found.push({ ...(record as SanityImage), dimensions: { width, height } });
    }
    Object.values(record).forEach(walk);
  };
  walk([...dataset.published, ...dataset.previewed]);
  return found;
}

const RATIOS = [
  undefined,
  ...Object.values(LAYOUTS).flatMap((layout) => [
    "aspectRatio" in layout ? layout.aspectRatio : undefined,
    "art" in layout ? layout.art.aspectRatio : undefined,
  ]),
];

/** The image route's answer to a URL of the site's (a path and query). */
const fetchImage = (url: string, accept = "image/avif,image/webp,*/*") => {
  const path = new URL(url, "http://localhost").pathname.replace(/^\/media\/images\//, "");
  return serveBundledImage(
    new Request(new URL(url, "http://localhost"), { headers: { Accept: accept } }),
    path,
  );
};

describe("the image route's renditions", () => {
  let images: SanityImage[];
  beforeAll(async () => {
    images = await datasetImages();
  });

  it("takes every URL the site makes for the dataset's images as it is", () => {
    let checked = 0;
    for (const image of images) {
      const urls: string[] = [];
      for (const aspectRatio of RATIOS) {
        const sources = imageSources(LOCAL_MEDIA_CONFIG, image, { aspectRatio })!;
        urls.push(sources.src, ...sources.srcSet.split(", ").map((entry) => entry.split(" ")[0]!));
      }
      const meta = pageMeta(
        { title: "Page", seo: { ogImage: image } } as Parameters<typeof pageMeta>[0],
        { general: null, media: LOCAL_MEDIA_CONFIG, origin: "http://localhost", preview: false },
        "/",
      );
      const og = meta.find((tag) => "property" in tag && tag.property === "og:image");
      urls.push((og as { content: string }).content);
      // The favicon and the JSON-LD logo: the asset's URL, cut square or as it is.
      const assetUrl = imageSources(LOCAL_MEDIA_CONFIG, image)!.src.replace(/\?.*$/, "");
      urls.push(faviconUrl(assetUrl), assetUrl);
      for (const url of urls) {
        const query = new URL(url, "http://localhost").search.slice(1);
        const source = image.dimensions as { width: number; height: number };
        expect(canonicalImageRequest(new URLSearchParams(query), source).query, url).toBe(query);
        checked++;
      }
    }
    expect(images.length).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(1000);
  });

  it("serves a site URL as the rendition it always was", async () => {
    const image = images.find((candidate) => candidate.crop || candidate.hotspot) ?? images[0]!;
    const sources = imageSources(LOCAL_MEDIA_CONFIG, image, { aspectRatio: 4 / 3 })!;
    const url = sources.srcSet.split(", ")[3]!.split(" ")[0]!;
    const response = await fetchImage(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Location")).toBe(url);
    const dataset = await getBundledBackend()!.dataset();
    const file = dataset.images.get(image.asset!._ref!)!.file;
    const search = new URL(url, "http://localhost").searchParams;
    const before = await transformImage(await readFile(file), parseImageParams(search), "webp");
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), before)).toBe(0);
  });

  it("serves the favicon and the asset's own URL as before", async () => {
    const image = images.find((candidate) => candidate.asset!._ref!.endsWith("-png")) ?? images[0]!;
    const assetUrl = imageSources(LOCAL_MEDIA_CONFIG, image)!.src.replace(/\?.*$/, "");
    const dataset = await getBundledBackend()!.dataset();
    const input = await readFile(dataset.images.get(image.asset!._ref!)!.file);
    for (const url of [faviconUrl(assetUrl), assetUrl]) {
      const response = await fetchImage(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Content-Location")).toBe(url);
      const search = new URL(url, "http://localhost").searchParams;
      const format = search.get("fm") === "png" || assetUrl.endsWith(".png") ? "png" : "jpg";
      const before = await transformImage(input, parseImageParams(search), format);
      expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), before), url).toBe(0);
    }
  });

  it("answers a width off the ladder with the next rung's rendition", async () => {
    const image = images.find((candidate) => (candidate.dimensions?.width ?? 0) >= 1000)!;
    const sources = imageSources(LOCAL_MEDIA_CONFIG, image)!;
    const rung = new URL(sources.srcSet.split(", ")[1]!.split(" ")[0]!, "http://localhost");
    const width = Number(rung.searchParams.get("w"));
    const off = new URL(rung);
    off.searchParams.set("w", String(width - 7));
    const [snapped, exact] = await Promise.all([
      fetchImage(off.pathname + off.search),
      fetchImage(rung.pathname + rung.search),
    ]);
    expect(snapped.status).toBe(200);
    expect(snapped.headers.get("Content-Location")).toBe(rung.pathname + rung.search);
    const bytes = Buffer.from(await snapped.arrayBuffer());
    expect(Buffer.compare(bytes, Buffer.from(await exact.arrayBuffer()))).toBe(0);
    expect((await sharp(bytes).metadata()).width).toBe(width);
  });

  it("makes only ladder renditions for random widths, capped by the source", async () => {
    const image = images.find((candidate) => !candidate.crop) ?? images[0]!;
    const base = imageSources(LOCAL_MEDIA_CONFIG, image)!.src.replace(/\?.*$/, "");
    const cap = Math.min(image.dimensions!.width!, MAX_WIDTH);
    const widths = new Set<number>();
    for (const width of [1, 2, 333, 999, 1234, 2399, 2401, 5000, 8192]) {
      const response = await fetchImage(`${base}?w=${width}&auto=format`);
      expect(response.status).toBe(200);
      const served = new URL(response.headers.get("Content-Location")!, "http://localhost");
      widths.add(Number(served.searchParams.get("w")));
      await response.arrayBuffer();
    }
    for (const width of widths) {
      expect((SRCSET_WIDTHS as readonly number[]).includes(width) || width === cap).toBe(true);
      expect(width).toBeLessThanOrEqual(cap);
    }
    expect(widths.has(cap)).toBe(true);
    // Nothing left under way; the cache holds what was made, under its cap.
    const state = imageRouteState();
    expect(state).toMatchObject({ inFlight: 0, running: 0, queued: 0 });
    expect(state.files).toBeGreaterThanOrEqual(widths.size);
    expect(state.bytes).toBeLessThanOrEqual(96 * 1024 * 1024);
  });

  it("answers parameters the site never sends with a plain-text 400", async () => {
    const base = imageSources(LOCAL_MEDIA_CONFIG, images[0]!)!.src.replace(/\?.*$/, "");
    for (const query of ["w=320&q=31", "w=320&fm=avif", "w=320&dpr=3", "w=320&x=1"]) {
      const response = await fetchImage(`${base}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toMatch(/not (served|an image parameter) here/);
    }
  });

  it("answers 503 with Retry-After when the transform queue is full, and still serves its cache", async () => {
    const base = imageSources(LOCAL_MEDIA_CONFIG, images[0]!)!.src.replace(/\?.*$/, "");
    const cached = await fetchImage(`${base}?w=320&auto=format`);
    await cached.arrayBuffer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const blockers: Promise<void>[] = [];
    for (;;) {
      const blocker = imageTransforms.run(() => gate);
      if (!blocker) break;
      blockers.push(blocker);
    }
    expect(imageTransforms.running).toBe(imageTransforms.concurrency);
    expect(imageTransforms.queued).toBe(imageTransforms.waiting);
    try {
      const busy = await fetchImage(`${base}?w=440&auto=format`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect((await fetchImage(`${base}?w=320&auto=format`)).status).toBe(200);
    } finally {
      release();
      await Promise.all(blockers);
    }
    expect((await fetchImage(`${base}?w=440&auto=format`)).status).toBe(200);
  });
});

describe("the image route's queue", () => {
  it("takes a waiting transform out of the queue when its only request goes away", async () => {
    const [image] = await datasetImages();
    const base = imageSources(LOCAL_MEDIA_CONFIG, image!)!.src.replace(/\?.*$/, "");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const blockers = Array.from({ length: imageTransforms.concurrency }, () =>
      imageTransforms.run(() => gate),
    );
    try {
      const client = new AbortController();
      const path = new URL(base, "http://localhost").pathname.replace(/^\/media\/images\//, "");
      const answer = serveBundledImage(
        new Request(`http://localhost${base}?w=520&auto=format`, { signal: client.signal }),
        path,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(imageTransforms.queued).toBe(1);
      client.abort();
      expect((await answer).status).toBe(499);
      expect(imageTransforms.queued).toBe(0);
    } finally {
      release();
      await Promise.all(blockers);
    }
  });
});

describe("the video posters (the same pipeline)", () => {
  const poster = async (query: string, name?: string) => {
    const [playbackId] = [...(await getBundledBackend()!.dataset()).videos.keys()];
    const file = name ?? `${playbackId}.webp`;
    return serveBundledPoster(new Request(`http://localhost/media/videos/${file}?${query}`), file);
  };

  it("answers the site's widths, snaps others to the ladder, and never enlarges", async () => {
    const source = await poster("");
    expect(source.status).toBe(200);
    const full = await sharp(Buffer.from(await source.arrayBuffer())).metadata();
    const small = await poster("w=321");
    expect(small.status).toBe(200);
    expect(small.headers.get("Content-Type")).toBe("image/webp");
    const snapped = SRCSET_WIDTHS.find((width) => width >= 321)!;
    expect(small.headers.get("Content-Location")).toMatch(new RegExp(`\\?w=${snapped}$`));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(snapped);
    const huge = await poster("w=8192");
    expect(huge.status).toBe(200);
    expect((await sharp(Buffer.from(await huge.arrayBuffer())).metadata()).width).toBe(full.width);
  });

  it("cuts a box of another aspect from the frame's centre", async () => {
    const response = await poster("w=640&h=640&fit=crop");
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([640, 640]);
  });

  it("refuses what the site never asks for with a 400", async () => {
    for (const query of ["w=8192&h=8191&fit=fill", "w=640&fit=max", "w=640&q=100", "h=300"]) {
      expect((await poster(query)).status, query).toBe(400);
    }
  });

  it("answers 404 for anything but a known playback id's poster", async () => {
    const [playbackId] = [...(await getBundledBackend()!.dataset()).videos.keys()];
    for (const bad of ["nope.webp", "../data.ndjson", `${playbackId}.mp4`, `${playbackId}.jpg`]) {
      expect((await poster("", bad)).status, bad).toBe(404);
    }
  });
});
