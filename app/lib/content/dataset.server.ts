import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  describeImageBytes,
  ImageFactsError,
  readImageFacts,
  type ImageFactsFile,
} from "./image-facts.server";
import { bundledAssetPath } from "~/lib/media/renditions";

/**
 * Reads a dataset folder in the layout `sanity dataset import` takes and turns
 * it into the documents Sanity itself would hold: every `_sanityAsset` becomes
 * a reference to a `sanity.imageAsset` document derived from the file, so the
 * same GROQ queries see the same shapes on both back ends.
 */

export type SanityDocument = { _id: string; _type: string; [key: string]: unknown };

type LocalImageAsset = { id: string; file: string; mimeType: string };
type LocalVideo = { playbackId: string; mp4: string; poster: string };

export type LoadedDataset = {
  dir: string;
  published: SanityDocument[];
  /** Drafts laid over their published documents, as Sanity's `drafts` perspective shows them. */
  previewed: SanityDocument[];
  images: Map<string, LocalImageAsset>;
  videos: Map<string, LocalVideo>;
  hasDrafts: boolean;
};

export class DatasetError extends Error {
  name = "DatasetError";
}

const ASSET_PATTERN = /^image@file:\/\/\.\/images\/([^/\\]+)$/;
const MIME: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
};

type AssetDocument = SanityDocument & { _type: "sanity.imageAsset" };
type AssetCacheEntry = { mtimeMs: number; doc: AssetDocument; local: LocalImageAsset };

// Describing a file costs a sharp pass when the dataset carries no facts for
// it: keep results across reloads and only redo files whose mtime changed.
const assetCache = new Map<string, AssetCacheEntry>();

async function describeImage(
  dir: string,
  fileName: string,
  known: ImageFactsFile,
): Promise<AssetCacheEntry> {
  const file = path.join(dir, "images", fileName);
  const info = await stat(file).catch(() => {
    throw new DatasetError(`Image file not found: images/${fileName}`);
  });
  const cached = assetCache.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs) return cached;

  const bytes = await readFile(file);
  const sha1 = createHash("sha1").update(bytes).digest("hex");
  const facts =
    known[sha1] ??
    (await describeImageBytes(bytes, fileName).catch((error: unknown) => {
      throw error instanceof ImageFactsError ? new DatasetError(error.message) : error;
    }));
  const { width, height, extension: ext, hasAlpha, lqip } = facts;
  const id = `image-${sha1}-${width}x${height}-${ext}`;
  const url = bundledAssetPath({ sha1, width, height, extension: ext });
  const doc: AssetDocument = {
    _id: id,
    _type: "sanity.imageAsset",
    assetId: sha1,
    sha1hash: sha1,
    extension: ext,
    mimeType: MIME[ext] ?? "application/octet-stream",
    originalFilename: fileName,
    size: bytes.length,
    path: url.slice("/media/".length),
    url,
    metadata: {
      _type: "sanity.imageMetadata",
      dimensions: {
        _type: "sanity.imageDimensions",
        width,
        height,
        aspectRatio: width / height,
      },
      lqip,
      hasAlpha,
      isOpaque: !hasAlpha,
    },
  };
  const entry = {
    mtimeMs: info.mtimeMs,
    doc,
    local: { id, file, mimeType: doc.mimeType as string },
  };
  assetCache.set(file, entry);
  return entry;
}

/** Collects every `_sanityAsset` file name in a document tree. */
function collectAssetFiles(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectAssetFiles(item, into);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const ref = record._sanityAsset;
    if (typeof ref === "string") {
      const match = ASSET_PATTERN.exec(ref);
      if (!match?.[1]) throw new DatasetError(`Unsupported _sanityAsset "${ref}"`);
      into.add(match[1]);
    }
    for (const child of Object.values(record)) collectAssetFiles(child, into);
  }
}

function replaceAssets(value: unknown, assetIds: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceAssets(item, assetIds));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "_sanityAsset" && typeof child === "string") {
      const file = ASSET_PATTERN.exec(child)?.[1] ?? "";
      out.asset = { _type: "reference", _ref: assetIds.get(file) };
    } else {
      out[key] = replaceAssets(child, assetIds);
    }
  }
  return out;
}

function parseNdjson(text: string): SanityDocument[] {
  const docs: SanityDocument[] = [];
  text.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      throw new DatasetError(`data.ndjson line ${index + 1} is not valid JSON`);
    }
    const candidate = doc as Partial<SanityDocument> | null;
    if (!candidate || typeof candidate._id !== "string" || typeof candidate._type !== "string") {
      throw new DatasetError(`data.ndjson line ${index + 1} has no _id or _type`);
    }
    docs.push(candidate as SanityDocument);
  });
  return docs;
}

/**
 * Sanity answers a read without a token only with documents whose id has no dot: drafts,
 * release versions (`versions.<release>.<id>`) and any other document under a path stay
 * private. A bundled dataset keeps to the same rule, so an exported dataset's unpublished
 * documents never reach a page.
 */
const isPublic = (doc: SanityDocument) => !doc._id.includes(".");

function overlayDrafts(documents: SanityDocument[]) {
  const byId = new Map<string, SanityDocument>();
  for (const doc of documents) {
    if (isPublic(doc)) byId.set(doc._id, doc);
  }
  for (const doc of documents) {
    if (doc._id.startsWith("drafts.")) {
      const id = doc._id.slice("drafts.".length);
      byId.set(id, { ...doc, _id: id, _originalId: doc._id });
    }
  }
  return [...byId.values()];
}

export async function loadDataset(dir: string): Promise<LoadedDataset> {
  const text = await readFile(path.join(dir, "data.ndjson"), "utf8").catch((error: unknown) => {
    throw new DatasetError(
      `Cannot read ${path.join(dir, "data.ndjson")}: ${(error as Error).message}. Set CONTENT_DIR to a dataset folder.`,
    );
  });
  const raw = parseNdjson(text);

  const files = new Set<string>();
  collectAssetFiles(raw, files);
  const known = await readImageFacts(dir).catch((error: unknown) => {
    throw new DatasetError((error as Error).message);
  });
  const entries = await Promise.all([...files].map((file) => describeImage(dir, file, known)));
  const assetIds = new Map([...files].map((file, i) => [file, entries[i]!.doc._id]));

  const documents = raw.map((doc) => replaceAssets(doc, assetIds) as SanityDocument);
  const assetDocs = entries.map((entry) => entry.doc);
  const images = new Map(entries.map((entry) => [entry.local.id, entry.local]));

  const videos = new Map<string, LocalVideo>();
  for (const doc of documents) {
    if (doc._type === "mux.videoAsset" && typeof doc.playbackId === "string") {
      videos.set(doc.playbackId, {
        playbackId: doc.playbackId,
        mp4: path.join(dir, "videos", `${doc.playbackId}.mp4`),
        poster: path.join(dir, "videos", `${doc.playbackId}.jpg`),
      });
    }
  }

  const published = documents.filter(isPublic);
  return {
    dir,
    published: [...published, ...assetDocs],
    previewed: [...overlayDrafts(documents), ...assetDocs],
    images,
    videos,
    hasDrafts: documents.some((doc) => doc._id.startsWith("drafts.")),
  };
}
