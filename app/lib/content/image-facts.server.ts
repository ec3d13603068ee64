import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/**
 * What a dataset's image file says about itself: what Sanity derives when it
 * takes the file in (dimensions, LQIP). Deriving it costs a sharp pass per
 * image, seconds for a whole dataset: too slow for a server's (or a Netlify
 * function's) first request. So a dataset folder may carry the facts of its
 * files in `image-facts.json` beside `data.ndjson` (`npm run dataset:facts`
 * writes it); a file whose SHA-1 is not in it is described on the spot.
 */
type ImageFacts = {
  width: number;
  height: number;
  /** "jpg", "png"…, as Sanity names the extension. */
  extension: string;
  hasAlpha: boolean;
  lqip: string;
};

/** Keyed by the file's SHA-1, so a changed file is never described by old facts. */
export type ImageFactsFile = Record<string, ImageFacts>;

export const IMAGE_FACTS_FILE = "image-facts.json";

export class ImageFactsError extends Error {
  name = "ImageFactsError";
}

/** The facts a dataset folder carries, or none when it has no (readable) facts file. */
export async function readImageFacts(dir: string): Promise<ImageFactsFile> {
  const text = await readFile(path.join(dir, IMAGE_FACTS_FILE), "utf8").catch(() => null);
  if (text === null) return {};
  try {
    return JSON.parse(text) as ImageFactsFile;
  } catch {
    throw new ImageFactsError(`${IMAGE_FACTS_FILE} in ${dir} is not valid JSON`);
  }
}

/** Derives the facts from the file's bytes, as Sanity does on upload. */
export async function describeImageBytes(bytes: Buffer, fileName: string): Promise<ImageFacts> {
  const meta = await sharp(bytes).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageFactsError(`Not an image: images/${fileName}`);
  const extension =
    (meta.format === "jpeg" ? "jpg" : meta.format) ?? path.extname(fileName).slice(1);
  // Sanity's LQIP: a ~20 px wide JPEG as a data URL.
  const lqipBytes = await sharp(bytes).rotate().resize(20).jpeg({ quality: 60 }).toBuffer();
  return {
    width,
    height,
    extension,
    hasAlpha: Boolean(meta.hasAlpha),
    lqip: `data:image/jpeg;base64,${lqipBytes.toString("base64")}`,
  };
}

const NAMED_IMAGE = /"_sanityAsset":"image@file:\/\/\.\/images\/([^"/\\]+)"/g;

/** The facts of every image a dataset folder's documents name, keyed by SHA-1, in file order. */
export async function deriveImageFacts(dir: string): Promise<ImageFactsFile> {
  const ndjson = await readFile(path.join(dir, "data.ndjson"), "utf8");
  const files = [...new Set([...ndjson.matchAll(NAMED_IMAGE)].map((match) => match[1]!))].sort();
  const facts: ImageFactsFile = {};
  for (const file of files) {
    const bytes = await readFile(path.join(dir, "images", file));
    const sha1 = createHash("sha1").update(bytes).digest("hex");
    facts[sha1] = await describeImageBytes(bytes, file);
  }
  return facts;
}

/** The facts file's text: one image a line, diff-friendly. */
export const serialiseImageFacts = (facts: ImageFactsFile) =>
  `{\n${Object.entries(facts)
    .map(([sha1, fact]) => `${JSON.stringify(sha1)}: ${JSON.stringify(fact)}`)
    .join(",\n")}\n}\n`;
