import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { boundedQueue } from "~/lib/bounded-queue.server";
import { getBundledBackend } from "~/lib/content/source.server";
import { plainText } from "~/lib/http.server";
import { canonicalImageRequest } from "./image-ladder.server";
import {
  chooseFormat,
  ImageParamError,
  transformFile,
  type ImageFormat,
  type ImageTask,
} from "./transform.server";

const FILE_NAME = /^([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\.(jpg|jpeg|png|webp|gif|avif)$/;
const POSTER_NAME = /^([A-Za-z0-9]{1,128})\.webp$/;
const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};
const IMMUTABLE = "public, max-age=31536000, immutable";
const POSTER_CACHE = "public, max-age=3600, must-revalidate";

/**
 * What the Node server offers the route through the load context: a child process that makes
 * the renditions and exits when idle, so a flood's decoded images leave with it
 * (docs/decisions-media.md, "Memory and CPU"). Elsewhere (the dev server, Netlify's function) they
 * are made in this process.
 */
export type ImageTransformHost = { transformImage?: (task: ImageTask) => Promise<Uint8Array> };

/**
 * The process's image transforms: two at a time (each holds a decoded source, ~10 MB for a
 * 2400 px photo, and the encoder's buffers), 16 waiting; beyond that the route answers 503.
 * Browsers ask a host for six files at a time, so a few visitors' cold pages fit in the line.
 */
export const imageTransforms = boundedQueue(2, 16);

/** Finished files, by asset, snapped parameters and format: the least recently used go first. */
const rendered = new LRUCache<string, Buffer>({
  maxSize: 96 * 1024 * 1024,
  sizeCalculation: (body) => body.byteLength,
});
/**
 * Transforms under way, so the same file asked twice at once is made once; one
 * still waiting for its turn is dropped when every request for it has gone.
 */
type Job = { result: Promise<Buffer>; waiters: number; abandon: AbortController };
const inFlight = new Map<string, Job>();

/** What the route holds now: for tests and for reading a flood's aftermath. */
export function imageRouteState() {
  return {
    files: rendered.size,
    bytes: rendered.calculatedSize,
    inFlight: inFlight.size,
    running: imageTransforms.running,
    queued: imageTransforms.queued,
  };
}

const problem = plainText;

/**
 * Serves `/media/images/{projectId}/{dataset}/{sha1}-{w}x{h}.{ext}` from the
 * bundled dataset. Only files the dataset references can be named (the path is
 * looked up, never joined), so nothing outside the folder is reachable. Only
 * renditions the site's own URLs ask for are made (`canonicalImageRequest`):
 * another width gets the rendition of the ladder's next rung, other parameters
 * a 400.
 */
export async function serveBundledImage(
  request: Request,
  splat: string,
  host: ImageTransformHost = {},
): Promise<Response> {
  const backend = getBundledBackend();
  if (!backend) return problem(404, "Images are served by Sanity's CDN in this configuration.");

  const segments = splat.split("/");
  const match = segments.length === 3 ? FILE_NAME.exec(segments[2]!) : null;
  if (!match) return problem(404, "Unknown image.");
  const [, sha1, width, height, ext] = match;
  const assetId = `image-${sha1}-${width}x${height}-${ext === "jpeg" ? "jpg" : ext}`;
  const asset = (await backend.dataset()).images.get(assetId);
  if (!asset) return problem(404, "Unknown image.");
  const source = { id: assetId, file: asset.file, width: Number(width), height: Number(height) };
  return renderImage(request, source, ext!, new URL(request.url).searchParams, host);
}

/** A poster's size, read from its header once. */
const posterSizes = new Map<string, Promise<{ width: number; height: number }>>();

function posterSize(file: string) {
  let size = posterSizes.get(file);
  if (!size) {
    size = sharp(file)
      .metadata()
      .then(({ width, height }) => ({ width, height }));
    posterSizes.set(file, size);
    size.catch(() => posterSizes.delete(file));
  }
  return size;
}

/**
 * Serves `/media/videos/{playbackId}.webp`: the bundled video's poster frame through the same
 * pipeline as images (the width ladder, no enlargement, the queue, the transform process), at
 * the sizes video.ts asks for: `?w=` on the ladder, or `?w=&h=&fit=crop` for a box of another
 * aspect, cut from the frame's centre as `object-fit: cover` shows it. The mp4 and the JPEG
 * poster as stored are static files (docs/caching.md).
 */
export async function serveBundledPoster(
  request: Request,
  splat: string,
  host: ImageTransformHost = {},
): Promise<Response> {
  const backend = getBundledBackend();
  if (!backend) return problem(404, "Videos are served by Mux in this configuration.");
  const id = POSTER_NAME.exec(splat)?.[1];
  const video = id ? (await backend.dataset()).videos.get(id) : undefined;
  const size = video && (await posterSize(video.poster).catch(() => undefined));
  if (!video || !size) return problem(404, "Unknown video.");
  const search = new URL(request.url).searchParams;
  const [w, h] = [Number(search.get("w")), Number(search.get("h"))];
  if (search.get("fit") === "crop" && !search.has("rect") && w > 0 && h > 0) {
    // The centred cut of the box's aspect, so the ladder can snap it as it snaps an image's rect.
    const ratio = w / h;
    const width = Math.max(1, Math.min(size.width, Math.round(size.height * ratio)));
    const height = Math.max(1, Math.min(size.height, Math.round(size.width / ratio)));
    const left = Math.floor((size.width - width) / 2);
    const top = Math.floor((size.height - height) / 2);
    search.set("rect", `${left},${top},${width},${height}`);
  }
  // A playback id names the video, not the frame's bytes: kept for an hour, then asked again.
  const poster = {
    id: `poster-${id}`,
    file: video.poster,
    cacheControl: POSTER_CACHE,
    format: "webp" as const,
    ...size,
  };
  return renderImage(request, poster, "jpg", search, host);
}

type ImageSource = {
  id: string;
  file: string;
  width: number;
  height: number;
  cacheControl?: string;
  /** The format the URL names (a poster's `.webp`), whatever the browser accepts. */
  format?: ImageFormat;
};

/** One rendition of `source`: snapped to the site's own sizes, queued, kept. */
async function renderImage(
  request: Request,
  source: ImageSource,
  ext: string,
  search: URLSearchParams,
  host: ImageTransformHost,
): Promise<Response> {
  const url = new URL(request.url);
  let canonical;
  try {
    canonical = canonicalImageRequest(search, source);
  } catch (error) {
    if (error instanceof ImageParamError) return problem(400, `${error.message}.`);
    throw error;
  }
  const { params, query } = canonical;
  const format = source.format ?? chooseFormat(params, ext, request.headers.get("Accept"));
  const key = `${source.id}?${query}>${format}`;

  let body = rendered.get(key);
  if (!body) {
    let job = inFlight.get(key);
    if (!job) {
      const abandon = new AbortController();
      const result = imageTransforms.run(async () => {
        const task = { file: source.file, params, format };
        const made = await (host.transformImage ?? transformFile)(task);
        // A rendition from the child process arrives as a plain Uint8Array.
        const output = Buffer.isBuffer(made)
          ? made
          : Buffer.from(made.buffer, made.byteOffset, made.byteLength);
        rendered.set(key, output);
        return output;
      }, abandon.signal);
      if (!result) {
        return problem(503, "Busy rendering images; try again shortly.", { "Retry-After": "2" });
      }
      const created: Job = { result, waiters: 0, abandon };
      inFlight.set(key, (job = created));
      result
        .finally(() => inFlight.get(key) === created && inFlight.delete(key))
        .catch(() => undefined);
    }
    const current = job;
    let left = false;
    // The last request for a file that is still waiting takes it out of the queue.
    const leave = () => {
      left = true;
      if (--current.waiters === 0) current.abandon.abort();
    };
    current.waiters++;
    request.signal.addEventListener("abort", leave, { once: true });
    try {
      body = await current.result;
    } catch (error) {
      if (request.signal.aborted) return problem(499, "The request was cancelled.");
      console.error(`[media] cannot render ${source.id}: ${(error as Error).message}`);
      return problem(422, "This image cannot be rendered with these parameters.");
    } finally {
      request.signal.removeEventListener("abort", leave);
      if (!left) current.waiters--;
    }
  }

  // A Buffer is a Uint8Array; the DOM typings just do not say so for Node's.
  return new Response(body as unknown as BodyInit, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Length": String(body.byteLength),
      "Cache-Control": source.cacheControl ?? IMMUTABLE,
      // The URL of the rendition served: another width's request names its rung.
      "Content-Location": query ? `${url.pathname}?${query}` : url.pathname,
      ...(params.auto ? { Vary: "Accept" } : {}),
    },
  });
}
