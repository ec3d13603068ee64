import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import type { SetMember } from "./rendition-set.server";
import type { Rendition } from "./renditions";

/**
 * Makes the set of static files (rendition-set.server.ts) into a folder, through a
 * content-addressed cache that every build and server start shares, so only files no build
 * made before cost a transform (docs/decisions/054-image-renditions.md).
 */

/** Bumped when the pipeline below changes what it makes: old cache entries are then ignored. */
const PIPELINE = "renditions-1";
/**
 * Sources made at a time, one a core (two at least, eight at most): each holds its decoded
 * pixels (~10 MB for a 2400 px photo) while its renditions are cut.
 */
const SOURCES_AT_ONCE = Math.min(Math.max(availableParallelism(), 2), 8);
/** WebP at libwebp's default quality; a low effort saves much CPU for few bytes. */
const WEBP = { quality: 75, effort: 2 } as const;

// One libvips thread per pipeline; SOURCES_AT_ONCE pipelines side by side. No operation cache:
// each source is decoded once, here.
sharp.cache(false);
sharp.concurrency(1);

export const DEFAULT_CACHE_DIR = path.resolve(".cache/renditions");

type MakeReport = {
  files: number;
  made: number;
  cached: number;
  /** Already in the folder: not read again, their bytes not counted. */
  present: number;
  /** Bytes of the files made or taken from the cache. */
  bytes: number;
  ms: number;
  /** Sources that could not be read or decoded: their files are missing, the rest are made. */
  failed: string[];
};

const exists = (file: string) =>
  stat(file).then(
    (info) => info.size,
    () => undefined,
  );

/** Writes `bytes` so that no reader ever sees half a file. */
async function writeAtomic(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/** Puts the cached file in place: a hard link where the two folders share a disk, else a copy. */
async function place(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await link(from, temporary).catch(() => copyFile(from, temporary));
  await rename(temporary, to);
}

type Decoded = { pixels: Buffer; info: OutputInfo };

/** The centred cut of `width`:`height` inside the frame, as `object-fit: cover` shows it. */
function centredCut(frame: { width: number; height: number }, width: number, height: number) {
  const ratio = width / height;
  const cutWidth = Math.max(1, Math.min(frame.width, Math.round(frame.height * ratio)));
  const cutHeight = Math.max(1, Math.min(frame.height, Math.round(frame.width / ratio)));
  return {
    left: Math.floor((frame.width - cutWidth) / 2),
    top: Math.floor((frame.height - cutHeight) / 2),
    width: cutWidth,
    height: cutHeight,
  };
}

/** One rendition from the decoded source: cut, resized (never enlarged), encoded. */
async function render({ pixels, info }: Decoded, rendition: Rendition): Promise<Buffer> {
  const frame = { width: info.width, height: info.height };
  let image = sharp(pixels, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  });
  let rect = rendition.kind === "image" ? rendition.rect : undefined;
  if (rendition.kind === "poster" && rendition.height) {
    rect = centredCut(frame, rendition.width, rendition.height);
  }
  if (rect) {
    const left = Math.min(rect.left, frame.width - 1);
    const top = Math.min(rect.top, frame.height - 1);
    image = image.extract({
      left,
      top,
      width: Math.min(rect.width, frame.width - left),
      height: Math.min(rect.height, frame.height - top),
    });
  }
  image = image.resize({
    width: rendition.width,
    height: rendition.height,
    fit: "cover",
    withoutEnlargement: true,
  });
  return rendition.kind === "image" && rendition.format === "png"
    ? image.png({ compressionLevel: 8 }).toBuffer()
    : image.webp(WEBP).toBuffer();
}

/** What identifies a source's bytes: the SHA-1 an image's name carries, or the poster file's. */
async function sourceKey(member: SetMember) {
  if (member.rendition?.kind === "image") return member.rendition.sha1;
  return createHash("sha1")
    .update(await readFile(member.file))
    .digest("hex");
}

function cacheFile(cacheDir: string, source: string, url: string) {
  const key = createHash("sha1").update(`${PIPELINE}\u0000${source}\u0000${url}`).digest("hex");
  return path.join(cacheDir, key.slice(0, 2), `${key}${path.extname(url)}`);
}

/** Makes the members of one source that `outDir` lacks. */
async function makeSource(
  file: string,
  members: [string, SetMember][],
  outDir: string,
  cacheDir: string,
  report: MakeReport,
) {
  let decoded: Promise<Decoded> | undefined;
  let key: Promise<string> | undefined;
  for (const [url, member] of members) {
    const target = path.join(outDir, url);
    // (`report.bytes += await …` would add to the total read before the wait: a lost update.)
    const size = await exists(target);
    if (size !== undefined) {
      report.bytes += size;
      continue;
    }
    if (!member.rendition) {
      await place(file, target);
      const copied = (await exists(target)) ?? 0;
      report.bytes += copied;
      continue;
    }
    key ??= sourceKey(member);
    const cached = cacheFile(cacheDir, await key, url);
    if ((await exists(cached)) !== undefined) {
      report.cached++;
    } else {
      decoded ??= sharp(file, { failOn: "error" })
        .rotate()
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ pixels: data, info }));
      await writeAtomic(cached, await render(await decoded, member.rendition));
      report.made++;
    }
    await place(cached, target);
    const placed = (await exists(target)) ?? 0;
    report.bytes += placed;
  }
}

/**
 * Makes every member of `set` that `outDir` lacks (a file already there is taken as made:
 * images are named by their source's SHA-1, posters by playback id, so a changed frame needs a
 * fresh folder), a source a core, each decoded once.
 */
export async function makeRenditions(
  set: Map<string, SetMember>,
  outDir: string,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<MakeReport> {
  const started = performance.now();
  const report: MakeReport = {
    files: set.size,
    made: 0,
    cached: 0,
    present: 0,
    bytes: 0,
    ms: 0,
    failed: [],
  };
  // What is already in place, in one listing rather than a look-up per file: a server on its
  // build's dataset finds every member here and makes nothing.
  const present = new Set(await readdir(outDir, { recursive: true }).catch(() => [] as string[]));
  const bySource = new Map<string, [string, SetMember][]>();
  for (const entry of set) {
    if (present.has(path.join(".", entry[0]))) {
      report.present++;
      continue;
    }
    const list = bySource.get(entry[1].file) ?? [];
    list.push(entry);
    bySource.set(entry[1].file, list);
  }
  const sources = [...bySource];
  const next = async (): Promise<void> => {
    const item = sources.shift();
    if (!item) return;
    // A missing or broken file (a poster frame not in the folder) costs its own renditions only.
    await makeSource(item[0], item[1], outDir, cacheDir, report).catch((error: unknown) => {
      report.failed.push(`${item[0]}: ${(error as Error).message}`);
    });
    return next();
  };
  await Promise.all(Array.from({ length: SOURCES_AT_ONCE }, next));
  report.ms = Math.round(performance.now() - started);
  return report;
}

export function describeReport(report: MakeReport) {
  const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
  const failed = report.failed.length ? `; cannot make from ${report.failed.join("; ")}` : "";
  return `${report.files} files (${report.present} in place, ${report.made} made, ${report.cached} from the cache: ${megabytes} MB) in ${(report.ms / 1000).toFixed(1)} s${failed}`;
}
