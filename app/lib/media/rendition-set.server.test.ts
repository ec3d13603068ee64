import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "~/lib/content/dataset.server";
import type { SanityImage } from "~/lib/content/model";
import { ask, BUNDLED_DATASET } from "../../../tests/support/dataset";
import { faviconUrl, imageUrl, LOCAL_MEDIA_CONFIG } from "./config";
import { imageSources } from "./image";
import { LAYOUTS, personLayout } from "./layouts";
import { makeRenditions } from "./make-renditions.server";
import { renditionSet, type SetMember } from "./rendition-set.server";
import { parseRenditionPath, renditionPath } from "./renditions";
import { videoSources } from "./video";

const set = renditionSet(await loadDataset(BUNDLED_DATASET));
const IMAGE = `{ crop, hotspot, asset, "dimensions": asset->metadata.dimensions{ width, height } }`;

const urls = (srcSet: string | undefined) =>
  (srcSet ?? "").split(", ").map((candidate) => candidate.split(" ")[0]!);
const missing = (list: string[]) => list.filter((url) => !set.has(url));

describe("the bundled dataset's rendition set", () => {
  it("holds every srcset the components make for each slot", async () => {
    // The third value: the dataset may hold none (the bundled home page's hero is a video).
    const slots: [string, number | undefined, "may be empty"?][] = [
      [
        `*[_type == "project"].thumbnail[_type == "mainImage"].image${IMAGE}`,
        LAYOUTS.card.aspectRatio,
      ],
      [
        `*[_type == "homepage"].hero[_type == "mainImage"].image${IMAGE}`,
        LAYOUTS.homeHero.art.aspectRatio,
        "may be empty",
      ],
      [`*[defined(hero)].hero[_type == "mainImage"].image${IMAGE}`, undefined],
      [
        `*[defined(modules)].modules[_type == "peopleModule"].people[].image${IMAGE}`,
        personLayout(3).aspectRatio,
      ],
      [
        `*[defined(modules)].modules[_type == "galleryModule"].items[_type == "mainImage"].image${IMAGE}`,
        LAYOUTS.gallery.aspectRatio,
      ],
      [
        `*[defined(modules)].modules[_type == "galleryModule"].items[_type == "mainImage"].image${IMAGE}`,
        undefined,
      ],
      [
        `*[defined(modules)].modules[_type == "mediaModule"].media[_type == "mainImage"].image${IMAGE}`,
        undefined,
      ],
    ];
    for (const [query, aspectRatio, mayBeEmpty] of slots) {
      const images = (await ask<SanityImage[][]>(BUNDLED_DATASET, query)).flat(3);
      if (!mayBeEmpty) expect(images.length, query).toBeGreaterThan(0);
      for (const image of images) {
        expect(
          missing(urls(imageSources(LOCAL_MEDIA_CONFIG, image, { aspectRatio })?.srcSet)),
          query,
        ).toEqual([]);
      }
    }
  });

  it("holds the share image, the favicon and its asset's own file, and every poster cut", async () => {
    const og = await ask<SanityImage>(BUNDLED_DATASET, `*[_id == "general"][0].ogImage${IMAGE}`);
    expect(set.has(imageUrl(LOCAL_MEDIA_CONFIG, og, { width: 1200, height: 630 })!)).toBe(true);
    const favicon = await ask<string>(BUNDLED_DATASET, `*[_id == "general"][0].favicon.asset->url`);
    expect(missing([favicon, faviconUrl(favicon)])).toEqual([]);
    const ids = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
    for (const playbackId of ids) {
      for (const crop of [undefined, LAYOUTS.card.aspectRatio, LAYOUTS.homeHero.art.aspectRatio]) {
        expect(
          missing(urls(videoSources(LOCAL_MEDIA_CONFIG, { playbackId }, crop)?.posterSrcSet)),
        ).toEqual([]);
      }
    }
  });

  it("holds no other cut: a rect or a poster ratio no page asks for is not a member", () => {
    const [url] = [...set.keys()].filter((key) => key.includes(",") && key.endsWith(".webp"));
    const member = parseRenditionPath(url!)!;
    expect(member.kind).toBe("image");
    if (member.kind !== "image") return;
    const shifted = { ...member, rect: { ...member.rect!, left: member.rect!.left + 1 } };
    expect(set.has(renditionPath(shifted))).toBe(false);
    expect(set.has(renditionPath({ ...member, width: member.width + 1 }))).toBe(false);
    const poster = [...set.values()].find((entry) => entry.rendition?.kind === "poster")!;
    const id = poster.rendition!.kind === "poster" ? poster.rendition!.playbackId : "";
    expect(set.has(`/media/videos/${id}/400x497.webp`)).toBe(false);
  });
});

describe("makeRenditions", () => {
  const dirs: string[] = [];
  const temporary = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "renditions-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it("makes each member at its named size once, then takes it from the cache", async () => {
    // The smallest cut and poster of the set, and the favicon: a few CPU-ms each.
    const pick = (test: (entry: [string, SetMember]) => boolean) => [...set].find(test)!;
    const members = new Map([
      pick(([url]) => /\/\d+,\d+,\d+,\d+\/320x\d+\.webp$/.test(url)),
      pick(([url]) => /^\/media\/videos\/\w+\/320x\d+\.webp$/.test(url)),
      pick(([url]) => url.endsWith("/64x64.png")),
    ]);
    const cache = await temporary();
    const first = await makeRenditions(members, await temporary(), cache);
    expect(first).toMatchObject({ files: 3, made: 3, cached: 0 });

    const out = await temporary();
    const second = await makeRenditions(members, out, cache);
    expect(second).toMatchObject({ made: 0, cached: 3 });
    for (const url of members.keys()) {
      const named = /\/(\d+)x(\d+)\.(\w+)$/.exec(url)!;
      const meta = await sharp(path.join(out, url)).metadata();
      expect([meta.width, meta.height, meta.format], url).toEqual([
        Number(named[1]),
        Number(named[2]),
        named[3],
      ]);
    }
    // Files already in place are neither made nor copied again.
    expect(await makeRenditions(members, out, cache)).toMatchObject({ made: 0, cached: 0 });
  });

  it("makes what it can when a source is missing, and names the one it could not read", async () => {
    const [url, member] = [...set].find(([key]) => /\/full\/320x\d+\.webp$/.test(key))!;
    const gone = { ...member, file: path.join(await temporary(), "missing.jpg") };
    const poster = [...set].find(([key]) => /^\/media\/videos\/\w+\/320\.webp$/.test(key))!;
    const out = await temporary();
    const report = await makeRenditions(new Map([[url, gone], poster]), out, await temporary());
    expect(report.made).toBe(1);
    expect(report.failed).toEqual([expect.stringContaining("missing.jpg")]);
    expect((await sharp(path.join(out, poster[0])).metadata()).width).toBe(320);
  });
});
