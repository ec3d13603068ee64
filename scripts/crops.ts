// `npm run crops [-- DATASET_DIR]`: every image of a dataset cut the way the site cuts
// it, in every ratio its places use (cards and gallery slides 4:3, the home hero on a
// phone and a desktop, share images 1.91:1, media capped at one screen), as contact
// sheets in screenshots/crops/ (git ignores it). The cuts come from the site's own
// URL builder and object-position rules, so what the sheet shows is what a visitor
// sees. Use it after changing a hotspot or crop (scripts/dataset/images.mjs).
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { loadDataset, type SanityDocument } from "../app/lib/content/dataset.server";
import type { SanityImage } from "../app/lib/content/model";
import { buildImageUrl, parseAssetRef } from "../app/lib/media/image-url";

type Rect = { left: number; top: number; width: number; height: number };
type Cut = { label: string; rect: Rect };
type Use = { file: string; where: string; image: SanityImage; cuts: Cut[] };

const dir = path.resolve(process.argv[2] ?? "dataset");
const outDir = path.resolve("screenshots/crops");
const TILE_HEIGHT = 220;

/** The rect the image CDN cuts for a box of `ratio` (width / height), round the hotspot. */
function urlCut(image: SanityImage, ratio: number): Rect {
  const url = buildImageUrl({ baseUrl: "", projectId: "p", dataset: "d" }, image, {
    width: 1200,
    height: Math.round(1200 / ratio),
  });
  const asset = parseAssetRef(image.asset!._ref!);
  const rect = /rect=(\d+),(\d+),(\d+),(\d+)/.exec(url);
  if (!rect) return { left: 0, top: 0, width: asset.width, height: asset.height };
  const [left, top, width, height] = rect.slice(1).map(Number) as [number, number, number, number];
  return { left, top, width, height };
}

/** The editor's crop as fractions, none where unset. */
function cropOf(image: SanityImage) {
  const crop = image.crop ?? {};
  return {
    top: crop.top ?? 0,
    bottom: crop.bottom ?? 0,
    left: crop.left ?? 0,
    right: crop.right ?? 0,
  };
}

/** The editor's hotspot as fractions, or null where unset. */
function hotspotOf(image: SanityImage) {
  const spot = image.hotspot;
  if (!spot || spot.x == null || spot.y == null) return null;
  return { x: spot.x, y: spot.y, width: spot.width ?? 0, height: spot.height ?? 0 };
}

/** The editor's crop, in source pixels. */
function cropRect(image: SanityImage): Rect {
  const asset = parseAssetRef(image.asset!._ref!);
  const c = cropOf(image);
  const left = Math.round(c.left * asset.width);
  const top = Math.round(c.top * asset.height);
  return {
    left,
    top,
    width: Math.round(asset.width * (1 - c.left - c.right)),
    height: Math.round(asset.height * (1 - c.top - c.bottom)),
  };
}

/** What `object-fit: cover` with the hotspot as `object-position` shows of the crop in a box of `ratio`. */
function cssCut(image: SanityImage, ratio: number): Rect {
  const crop = cropRect(image);
  const asset = parseAssetRef(image.asset!._ref!);
  const spot = hotspotOf(image);
  const hx = spot ? (spot.x * asset.width - crop.left) / crop.width : 0.5;
  const hy = spot ? (spot.y * asset.height - crop.top) / crop.height : 0.5;
  const clamp = (v: number) => Math.min(Math.max(v, 0), 1);
  if (crop.width / crop.height > ratio) {
    const width = Math.round(crop.height * ratio);
    return { ...crop, left: crop.left + Math.round((crop.width - width) * clamp(hx)), width };
  }
  const height = Math.round(crop.width / ratio);
  return { ...crop, top: crop.top + Math.round((crop.height - height) * clamp(hy)), height };
}

/** The places an image sits in, from where it is in its document. */
function cutsFor(
  doc: SanityDocument,
  trail: string[],
  module: Record<string, unknown> | undefined,
  image: SanityImage,
): Cut[] {
  const crop = cropRect(image);
  const natural = crop.width / crop.height;
  const capped = (width: number, height: number) => Math.max(natural, width / height);
  const at = trail.join(".");
  if (at.includes("ogImage")) return [{ label: "share 1.91:1", rect: urlCut(image, 1200 / 630) }];
  if (at.includes("favicon")) return [];
  if (at.startsWith("thumbnail")) return [{ label: "card 4:3", rect: urlCut(image, 4 / 3) }];
  if (module?._type === "galleryModule")
    return [{ label: "slide 4:3", rect: urlCut(image, 4 / 3) }];
  if (module?._type === "peopleModule")
    return [{ label: "portrait 4:5", rect: urlCut(image, 4 / 5) }];
  if (at.startsWith("hero") && doc._type === "homepage")
    return [
      { label: "hero 390×487", rect: cssCut(image, 390 / 487) },
      { label: "hero 1440×780", rect: cssCut(image, 1440 / 780) },
    ];
  if (at.startsWith("hero"))
    return [{ label: "hero 1440×900", rect: cssCut(image, capped(1440, 900)) }];
  if (module?._type === "mediaModule")
    return module.size === "half"
      ? [{ label: "half 1440", rect: cssCut(image, capped(664, 900)) }]
      : [{ label: "full 1440", rect: cssCut(image, capped(1366, 900)) }];
  return [{ label: "text", rect: crop }];
}

function collect(doc: SanityDocument, images: Map<string, string>): Use[] {
  const uses: Use[] = [];
  const walk = (value: unknown, trail: string[], module: Record<string, unknown> | undefined) => {
    if (Array.isArray(value))
      return value.forEach((item, i) => walk(item, [...trail, String(i)], module));
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    const inModule = trail[0] === "modules" && trail.length === 2 ? node : module;
    const ref = (node.asset as { _ref?: string } | undefined)?._ref;
    if (ref?.startsWith("image-")) {
      const image = node as unknown as SanityImage;
      const file = images.get(ref);
      const cuts = cutsFor(doc, trail, inModule, image);
      if (file && cuts.length)
        uses.push({ file, where: `${doc._id} ${trail.join(".")}`, image, cuts });
    }
    for (const [key, child] of Object.entries(node)) walk(child, [...trail, key], inModule);
  };
  walk(doc, [], undefined);
  return uses;
}

function label(text: string, width: number) {
  const safe = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="22"><rect width="100%" height="100%" fill="#001489"/><text x="6" y="16" font-family="sans-serif" font-size="13" fill="#fff">${safe}</text></svg>`,
  );
}

async function tile(file: string | Buffer, cut: Cut) {
  const { width: w = 0, height: h = 0 } = await sharp(file).metadata();
  const left = Math.min(Math.max(cut.rect.left, 0), w - 1);
  const top = Math.min(Math.max(cut.rect.top, 0), h - 1);
  const rect = {
    left,
    top,
    width: Math.min(cut.rect.width, w - left),
    height: Math.min(cut.rect.height, h - top),
  };
  const image = sharp(file).extract(rect).resize({ height: TILE_HEIGHT });
  const buffer = await image.png().toBuffer();
  const { width = TILE_HEIGHT } = await sharp(buffer).metadata();
  return sharp({ create: { width, height: TILE_HEIGHT + 22, channels: 3, background: "#fff" } })
    .composite([
      { input: buffer, top: 22, left: 0 },
      { input: label(cut.label, width), top: 0, left: 0 },
    ])
    .png()
    .toBuffer()
    .then((input) => ({ input, width }));
}

/** The whole picture, with the editor's crop (dashed) and the hotspot (solid) drawn on it. */
async function whole(file: string, image: SanityImage) {
  const { width = 1, height = 1 } = await sharp(file).metadata();
  const c = cropOf(image);
  const h = hotspotOf(image);
  const box = (x: number, y: number, w: number, hh: number, extra: string) =>
    `<rect x="${x * width}" y="${y * height}" width="${w * width}" height="${hh * height}" fill="none" stroke="#ff00aa" stroke-width="${width / 150}" ${extra}/>`;
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${box(c.left, c.top, 1 - c.left - c.right, 1 - c.top - c.bottom, `stroke-dasharray="${width / 40}"`)}${h ? box(h.x - h.width / 2, h.y - h.height / 2, h.width, h.height, "") : ""}</svg>`,
  );
  const marked = await sharp(file)
    .composite([{ input: overlay }])
    .png()
    .toBuffer();
  return tile(marked, {
    label: h ? "whole, hotspot" : "whole, NO HOTSPOT",
    rect: { left: 0, top: 0, width, height },
  });
}

async function main() {
  const dataset = await loadDataset(dir);
  const files = new Map([...dataset.images.values()].map((image) => [image.id, image.file]));
  const uses = dataset.published.flatMap((doc) => collect(doc, files));
  // One row per file: the whole picture, then each distinct cut of it.
  const byFile = new Map<string, Use[]>();
  for (const use of uses) byFile.set(use.file, [...(byFile.get(use.file) ?? []), use]);
  const rowsOf = [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b));
  mkdirSync(outDir, { recursive: true });
  const perSheet = 8;
  for (let sheet = 0; sheet * perSheet < rowsOf.length; sheet++) {
    const rows = await Promise.all(
      rowsOf.slice(sheet * perSheet, (sheet + 1) * perSheet).map(async ([file, fileUses]) => {
        const seen = new Set<string>();
        const cuts = fileUses
          .flatMap((use) => use.cuts)
          .filter((cut) => {
            const key = `${cut.label} ${Object.values(cut.rect).join(",")}`;
            return seen.has(key) ? false : (seen.add(key), true);
          });
        const tiles = [
          await whole(file, fileUses[0]!.image),
          ...(await Promise.all(cuts.map((cut) => tile(file, cut)))),
        ];
        return { file, where: fileUses.map((use) => use.where.split(" ")[0]).join(", "), tiles };
      }),
    );
    const width = Math.max(
      900,
      ...rows.map((row) => row.tiles.reduce((sum, t) => sum + t.width + 10, 0)),
    );
    const rowHeight = TILE_HEIGHT + 22 + 30;
    const composites = rows.flatMap(({ file, where, tiles }, r) => {
      let left = 0;
      return [
        { input: label(`${path.basename(file)} · ${where}`, width), top: r * rowHeight, left: 0 },
        ...tiles.map((t) => {
          const placed = { input: t.input, top: r * rowHeight + 26, left };
          left += t.width + 10;
          return placed;
        }),
      ];
    });
    const file = path.join(outDir, `crops-${String(sheet + 1).padStart(2, "0")}.png`);
    await sharp({
      create: { width, height: rows.length * rowHeight, channels: 3, background: "#ddd" },
    })
      .composite(composites)
      .png()
      .toFile(file);
    console.log(path.relative(process.cwd(), file));
  }
  console.log(`${uses.length} places, ${byFile.size} images, from ${dir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
