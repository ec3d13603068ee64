import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { getBundledBackend } from "~/lib/content/source.server";
import {
  answerRequest,
  contentRange,
  multipartLayout,
  type ByteRange,
  type MultipartLayout,
} from "./byte-ranges.server";
import { ByteLru } from "./lru.server";
import { ImageParamError, parseImageParams, transformImage } from "./transform.server";

const FILE_NAME = /^([A-Za-z0-9]{1,128})\.(mp4|jpg|webp)$/;

/**
 * The URLs name a playback id, not the file's content, so a changed file keeps
 * its URL: caches may use a copy for an hour, then must ask again (an ETag
 * match costs a 304). Never `immutable` (docs/decisions-media.md).
 */
export const MEDIA_CACHE_CONTROL = "public, max-age=3600, must-revalidate";

const posters = new ByteLru<Buffer>(16 * 1024 * 1024);
/** What a poster URL may ask for, like Mux's thumbnail `width`, `height` and `fit_mode=crop`. */
const POSTER_PARAMS = ["w", "h", "fit"];

/** Each file's strong entity tag, from its bytes, computed again when its size or mtime changes. */
const digests = new Map<string, { version: string; tag: Promise<string> }>();

function digest(text: string) {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

async function hashFile(file: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `"${hash.digest("base64url").slice(0, 22)}"`;
}

/**
 * A strong validator (RFC 9110 §8.8.3): a hash of the file's bytes, so it is
 * the same on every server and after every deploy that leaves the file alone,
 * and differs when a byte changes. Cached per file until its size or mtime moves.
 */
function entityTag(file: string, info: { size: number; mtimeMs: number }): Promise<string> {
  const version = `${info.size}:${info.mtimeMs}`;
  const known = digests.get(file);
  if (known?.version === version) return known.tag;
  const tag = hashFile(file);
  digests.set(file, { version, tag });
  tag.catch(() => {
    if (digests.get(file)?.tag === tag) digests.delete(file);
  });
  return tag;
}

/**
 * The poster frame re-encoded, whole or at a size (`?w=&h=&fit=crop`), so the
 * video component can offer a srcset of posters cropped to its box; never
 * larger than the file itself. Its entity tag is weak (the same source and
 * parameters give an equivalent picture, not a promise of identical bytes
 * across sharp versions), which is enough for If-None-Match; no ranges.
 */
async function encodedPoster(
  request: Request,
  file: string,
  sourceTag: string,
  format: "jpg" | "webp",
): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const wanted = new URLSearchParams();
  for (const name of POSTER_PARAMS) {
    const value = search.get(name);
    if (value !== null) wanted.set(name, value);
  }
  let params;
  try {
    params = parseImageParams(wanted);
  } catch (error) {
    if (error instanceof ImageParamError) return problem(400, error.message);
    throw error;
  }
  const etag = `W/"${digest(`${sourceTag}\n${format}\n${wanted}`)}"`;
  const validators = { ETag: etag, "Cache-Control": MEDIA_CACHE_CONTROL };
  const answer = answerRequest(request, { etag });
  if (answer.status === 304) return new Response(null, { status: 304, headers: validators });
  if (answer.status === 412) return problem(412, "Precondition failed.");
  const key = `${sourceTag}?${wanted}&fm=${format}`;
  let body = posters.get(key);
  if (!body) {
    body = await transformImage(await readFile(file), params, format);
    posters.set(key, body);
  }
  return new Response(request.method === "HEAD" ? null : (body as unknown as BodyInit), {
    headers: {
      "Content-Type": format === "webp" ? "image/webp" : "image/jpeg",
      "Content-Length": String(body.byteLength),
      ...validators,
    },
  });
}

function problem(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

function fileStream(file: string, range?: ByteRange): ReadableStream {
  return Readable.toWeb(createReadStream(file, range)) as ReadableStream;
}

/** The parts one after another, each read from disk as the previous one is sent. */
function multipartStream(file: string, layout: MultipartLayout): ReadableStream {
  async function* chunks() {
    for (const { head, range } of layout.parts) {
      yield Buffer.from(head, "latin1");
      // Cancelling the body returns this generator, which destroys the file stream.
      yield* createReadStream(file, range);
    }
    yield Buffer.from(layout.tail, "latin1");
  }
  return Readable.toWeb(Readable.from(chunks(), { objectMode: false })) as ReadableStream;
}

/**
 * Serves `/media/videos/{playbackId}.mp4|.jpg|.webp` for the bundled dataset's
 * mux.videoAsset documents. The mp4 and the poster JPEG as stored answer byte
 * ranges (one range, or several as multipart/byteranges), If-Range, and
 * If-None-Match and If-Match against a strong ETag; HEAD gets GET's headers.
 * docs/decisions-media.md says what is answered and why.
 */
export async function serveBundledVideo(request: Request, splat: string): Promise<Response> {
  const backend = getBundledBackend();
  if (!backend) return problem(404, "Videos are served by Mux in this configuration.");
  const match = FILE_NAME.exec(splat);
  if (!match) return problem(404, "Unknown video.");
  const [, playbackId, ext] = match;
  const video = (await backend.dataset()).videos.get(playbackId!);
  if (!video) return problem(404, "Unknown video.");

  const file = ext === "mp4" ? video.mp4 : video.poster;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return problem(404, "Unknown video.");
  const etag = await entityTag(file, info).catch(() => undefined);
  if (!etag) return problem(404, "Unknown video.");
  const search = new URL(request.url).searchParams;
  if (ext === "webp") return encodedPoster(request, file, etag, "webp");
  if (ext === "jpg" && POSTER_PARAMS.some((name) => search.has(name))) {
    return encodedPoster(request, file, etag, "jpg");
  }

  const size = info.size;
  const type = ext === "mp4" ? "video/mp4" : "image/jpeg";
  const validators = {
    ETag: etag,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    "Accept-Ranges": "bytes",
  };
  const head = request.method === "HEAD";
  const answer = answerRequest(request, { etag, size });
  switch (answer.status) {
    case 304:
      return new Response(null, { status: 304, headers: validators });
    case 412:
      return problem(412, "Precondition failed.");
    case 416:
      return problem(416, "Range not satisfiable.", {
        "Content-Range": `bytes */${size}`,
        "Accept-Ranges": "bytes",
      });
    case 200:
      return new Response(head ? null : fileStream(file), {
        headers: { "Content-Type": type, "Content-Length": String(size), ...validators },
      });
    case 206: {
      const [range, ...more] = answer.ranges;
      if (more.length === 0) {
        return new Response(fileStream(file, range), {
          status: 206,
          headers: {
            "Content-Type": type,
            "Content-Length": String(range!.end - range!.start + 1),
            "Content-Range": contentRange(range!, size),
            ...validators,
          },
        });
      }
      const layout = multipartLayout(answer.ranges, size, type, randomBytes(16).toString("hex"));
      return new Response(multipartStream(file, layout), {
        status: 206,
        headers: {
          "Content-Type": layout.contentType,
          "Content-Length": String(layout.length),
          ...validators,
        },
      });
    }
  }
}
