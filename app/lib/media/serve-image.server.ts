import { getBundledBackend } from "~/lib/content/source.server";
import { ByteLru } from "./lru.server";
import { canonicalImageRequest } from "./image-ladder.server";
import { chooseFormat, ImageParamError, transformFile, type ImageTask } from "./transform.server";
import { imageTransforms } from "./transform-queue.server";

const FILE_NAME = /^([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\.(jpg|jpeg|png|webp|gif|avif)$/;
const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * What the Node server offers the route through the load context: a child process that makes
 * the renditions and exits when idle, so a flood's decoded images leave with it
 * (docs/decisions-media.md, "Memory and CPU"). Elsewhere (the dev server, Netlify's function) they
 * are made in this process.
 */
export type ImageTransformHost = { transformImage?: (task: ImageTask) => Promise<Uint8Array> };

/** Finished files, by asset, snapped parameters and format. */
const rendered = new ByteLru<Buffer>(96 * 1024 * 1024);
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
    bytes: rendered.byteLength,
    inFlight: inFlight.size,
    running: imageTransforms.running,
    queued: imageTransforms.queued,
  };
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

  const url = new URL(request.url);
  let canonical;
  try {
    canonical = canonicalImageRequest(url.searchParams, {
      width: Number(width),
      height: Number(height),
    });
  } catch (error) {
    if (error instanceof ImageParamError) return problem(400, `${error.message}.`);
    throw error;
  }
  const { params, query } = canonical;
  const format = chooseFormat(params, ext!, request.headers.get("Accept"));
  const key = `${assetId}?${query}>${format}`;

  let body = rendered.get(key);
  if (!body) {
    let job = inFlight.get(key);
    if (!job) {
      const abandon = new AbortController();
      const result = imageTransforms.run(async () => {
        const task = { file: asset.file, params, format };
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
      console.error(`[media] cannot render ${assetId}: ${(error as Error).message}`);
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
      "Cache-Control": IMMUTABLE,
      // The URL of the rendition served: another width's request names its rung.
      "Content-Location": query ? `${url.pathname}?${query}` : url.pathname,
      ...(params.auto ? { Vary: "Accept" } : {}),
    },
  });
}
