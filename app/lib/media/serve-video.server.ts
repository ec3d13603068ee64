import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { getBundledBackend } from "~/lib/content/source.server";
import { ByteLru } from "./lru.server";
import { ImageParamError, parseImageParams, transformImage } from "./transform.server";

const FILE_NAME = /^([A-Za-z0-9]{1,128})\.(mp4|jpg|webp)$/;

const posters = new ByteLru<Buffer>(16 * 1024 * 1024);
/** What a poster URL may ask for, like Mux's thumbnail `width`, `height` and `fit_mode=crop`. */
const POSTER_PARAMS = ["w", "h", "fit"];

/**
 * The poster frame re-encoded, whole or at a size (`?w=&h=&fit=crop`), so the
 * video component can offer a srcset of posters cropped to its box; never
 * larger than the file itself.
 */
async function encodedPoster(
  file: string,
  search: URLSearchParams,
  format: "jpg" | "webp",
): Promise<Response> {
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
  const key = `${file}?${wanted}&fm=${format}`;
  let body = posters.get(key);
  if (!body) {
    body = await transformImage(await readFile(file), params, format);
    posters.set(key, body);
  }
  return new Response(body as unknown as BodyInit, {
    headers: {
      "Content-Type": format === "webp" ? "image/webp" : "image/jpeg",
      "Content-Length": String(body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
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

/**
 * Serves `/media/videos/{playbackId}.mp4|.jpg|.webp` for the bundled dataset's
 * mux.videoAsset documents, with byte ranges so browsers can seek and Safari
 * plays at all.
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
  if (!info) return problem(404, "Unknown video.");
  const search = new URL(request.url).searchParams;
  if (ext === "webp") return encodedPoster(file, search, "webp");
  if (ext === "jpg" && POSTER_PARAMS.some((name) => search.has(name))) {
    return encodedPoster(file, search, "jpg");
  }
  const size = info.size;
  const headers: Record<string, string> = {
    "Content-Type": ext === "mp4" ? "video/mp4" : "image/jpeg",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Accept-Ranges": "bytes",
  };

  const range = request.headers.get("Range");
  if (range) {
    const parsed = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = parsed?.[1] ? Number(parsed[1]) : NaN;
    let end = parsed?.[2] ? Number(parsed[2]) : size - 1;
    if (parsed && !parsed[1] && parsed[2]) {
      start = Math.max(0, size - Number(parsed[2]));
      end = size - 1;
    }
    if (!parsed || Number.isNaN(start) || start > end || start >= size) {
      return problem(416, "Range not satisfiable.", { "Content-Range": `bytes */${size}` });
    }
    end = Math.min(end, size - 1);
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    return new Response(stream, {
      status: 206,
      headers: {
        ...headers,
        "Content-Range": `bytes ${start}-${end}/${size}`,
        "Content-Length": String(end - start + 1),
      },
    });
  }
  const stream = Readable.toWeb(createReadStream(file)) as ReadableStream;
  return new Response(stream, { headers: { ...headers, "Content-Length": String(size) } });
}
