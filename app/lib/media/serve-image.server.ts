import { readFile } from "node:fs/promises";
import { getBundledBackend } from "~/lib/content/source.server";
import { ByteLru } from "./lru.server";
import {
  chooseFormat,
  ImageParamError,
  parseImageParams,
  transformImage,
} from "./transform.server";

const FILE_NAME = /^([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\.(jpg|jpeg|png|webp|gif|avif)$/;
const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};
const IMMUTABLE = "public, max-age=31536000, immutable";

const rendered = new ByteLru<Buffer>(96 * 1024 * 1024);
const inFlight = new Map<string, Promise<Buffer>>();

function problem(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Serves `/media/images/{projectId}/{dataset}/{sha1}-{w}x{h}.{ext}` from the
 * bundled dataset. Only files the dataset references can be named (the path is
 * looked up, never joined), so nothing outside the folder is reachable.
 */
export async function serveBundledImage(request: Request, splat: string): Promise<Response> {
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
  let params;
  try {
    params = parseImageParams(url.searchParams);
  } catch (error) {
    if (error instanceof ImageParamError) return problem(400, error.message);
    throw error;
  }
  const format = chooseFormat(params, ext!, request.headers.get("Accept"));
  const key = `${assetId}?${url.searchParams.toString()}>${format}`;

  let body = rendered.get(key);
  if (!body) {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = readFile(asset.file).then((input) => transformImage(input, params, format));
      inFlight.set(key, pending);
      pending.finally(() => inFlight.delete(key)).catch(() => undefined);
    }
    try {
      body = await pending;
    } catch (error) {
      console.error(`[media] cannot render ${assetId}: ${(error as Error).message}`);
      return problem(422, "This image cannot be rendered with these parameters.");
    }
    rendered.set(key, body);
  }

  // A Buffer is a Uint8Array; the DOM typings just do not say so for Node's.
  return new Response(body as unknown as BodyInit, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Length": String(body.byteLength),
      "Cache-Control": IMMUTABLE,
      ...(params.auto && !params.format ? { Vary: "Accept" } : {}),
    },
  });
}
