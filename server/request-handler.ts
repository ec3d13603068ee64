// Node http ⇄ Fetch API for React Router, with the page cache in between. Small on
// purpose: @react-router/express does the same conversion but hides the Response,
// which the cache needs to see.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ImageTransformHost } from "~/lib/media/serve-image.server";
import type { PageCacheHost } from "~/lib/revalidate.server";
import { bodyStream } from "./body-guard.ts";
import { allowFor, refuse } from "./request-guard.ts";
import { chooseEncoding, PageCache, type Entry } from "./page-cache.ts";
import { createRenderGate } from "./render-gate.ts";

// Renders at a time, and waiting, before a 503 (docs/security.md, "Floods"). A page renders in
// milliseconds once its content is cached, so eight keep two cores busy while an answer from
// the page cache waits behind eight renders at most, not behind a flood.
const RENDERS_AT_ONCE = 8;
const RENDERS_WAITING = 256;

function toRequest(req: ExpressRequest, controller: AbortController): Request {
  const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // `duplex` (a streamed body) is in Node's fetch, not yet in the DOM types.
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    duplex: hasBody ? "half" : undefined,
    signal: controller.signal,
  };
  return new Request(origin + req.originalUrl, init);
}

/** A kept answer, as it was rendered. */
function sendCached(req: ExpressRequest, res: ExpressResponse, entry: Entry): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"], entry.encodings());
  const { headers, chunks } = entry.answer(encoding);
  res.writeHead(entry.status, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
): Promise<void> {
  // A method a route does not take: say which it does. A page keeps its 405 screen; a
  // resource route's answer ("Unexpected Server Error" in JSON) becomes a short line.
  if (response.status === 405) {
    res.setHeader("Allow", allowFor(req.path));
    if (!/^text\/html/.test(response.headers.get("content-type") ?? "")) {
      return refuse(res, 405, `${req.method} is not allowed here.`);
    }
  }
  const method = req.method;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.body || method === "HEAD") {
    res.end();
    return;
  }
  // The same stream: the DOM's ReadableStream type is Node's, less its async iterator.
  Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>).pipe(res);
}

/**
 * The load context each request takes into React Router: what this server offers the app's
 * routes, here the page cache's purge for the publish webhook (app/lib/revalidate.server.ts)
 * and the image process (server/image-process.ts) for the image route.
 */
class NodeServerContext extends RouterContextProvider implements PageCacheHost, ImageTransformHost {
  purgePages: (tags: readonly string[]) => number;
  transformImage?: ImageTransformHost["transformImage"];
  constructor(cache: PageCache, images: ImageTransformHost) {
    super();
    this.purgePages = (tags) => cache.purge(tags);
    this.transformImage = images.transformImage;
  }
}

/**
 * Two middlewares around one page cache: `serveCached` goes first, before
 * static files and compression (a hit is answered without touching the disk,
 * in Brotli or gzip made once), `handleRequest` last, storing what it renders.
 */
export function createCachingHandler(
  build: ServerBuild,
  mode: string | undefined,
  images: ImageTransformHost = {},
) {
  const handle = createRequestHandler(build, mode);
  const cache = new PageCache();

  const serveCached: RequestHandler = (req, res, next) => {
    // A reload that asks for a fresh copy (Cache-Control: no-cache) renders anew.
    const revalidate = /no-cache/.test(req.headers["cache-control"] ?? "");
    if (!revalidate && PageCache.cacheable(req.method, req.headers.cookie)) {
      const entry = cache.get(req.originalUrl);
      if (entry) return sendCached(req, res, entry);
    }
    next();
  };

  const gate = createRenderGate({ concurrency: RENDERS_AT_ONCE, queue: RENDERS_WAITING });
  const handleRequest: RequestHandler = async (req, res, next) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    // Media files have a line of their own (app/lib/media/transform-queue.server.ts), and a
    // POST (the webhook) may be a slow upload that must not hold a render's place.
    const gated =
      (req.method === "GET" || req.method === "HEAD") && !req.path.startsWith("/media/");
    const leave = gated ? await gate.enter(controller.signal) : () => {};
    if (!leave) {
      if (controller.signal.aborted) return;
      return refuse(res, 503, "The server is busy. Please try again in a moment.", {
        "Retry-After": "2",
      });
    }
    try {
      const request = toRequest(req, controller);
      let response = await handle(request, new NodeServerContext(cache, images));
      if (PageCache.keepable(req.method, req.headers.cookie)) {
        response = await cache.store(req.originalUrl, response);
        res.setHeader("X-Cache", "MISS");
      }
      leave();
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    } finally {
      leave();
    }
  };
  return { serveCached, handleRequest, cache, gate };
}
