import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { isFailure, noStore } from "~/lib/cache/headers.server";
import { closeDocumentLast } from "~/lib/document-end.server";
import { getEnv } from "~/lib/env.server";
import { maybeContentOf } from "~/lib/request.server";
import { isPreview } from "~/lib/preview.server";
import { applyDocumentHeaders, applySecurityHeaders, noteFailure } from "~/lib/security.server";
import { inlineScriptHashes } from "~/lib/security/script-hashes.server";

// Validate the environment when the server build loads, not on the first request.
getEnv();

/** How long deferred data may stream before React Router rejects what is still pending. */
export const streamTimeout = 5_000;

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The headers middleware turns a resource route's failure into a plain 500 (security.server.ts).
  if (context) noteFailure(context);
  if (request.signal.aborted) return;
  const where = `[server] ${request.method} ${new URL(request.url).pathname}`;
  // A client's mistake (a method no route takes, say): one line, not a stack trace per probe.
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`${where}: ${error.status} ${error.statusText}`);
    return;
  }
  console.error(`${where}:`, error);
};

// A failure must never be kept by a cache: it would outlive the outage. The base headers are the
// root middleware's, but on a data request React Router answers before it (a method it does not know).
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  if (isFailure(response.status)) noStore(response.headers);
  applySecurityHeaders(response.headers, request, context);
  return response;
};

/** Every byte of a stream, once it has ended. */
function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.once("end", () => resolve(Buffer.concat(chunks)));
    stream.once("error", reject);
  });
}

/**
 * A page is rendered to the end before it is sent: its Content-Security-Policy
 * lists the hash of each inline script it carries (React Router's context and
 * data), so any copy of it (Netlify's CDN, a cache in front of the Node server) is served as it
 * was rendered, policy and all (docs/security.md, "The page policy"). Every loader
 * resolves before the shell renders, so holding the rest back costs little.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The root middleware decided it; a render it never reached (a failure before it) asks again.
  const preview = maybeContentOf(loadContext)?.preview ?? (await isPreview(request));
  const html = await new Promise<Buffer>((resolve, reject) => {
    let shellRendered = false;
    // Past the stream timeout, React flushes what is left and the rejected boundaries.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          shellRendered = true;
          const body = closeDocumentLast();
          readAll(body)
            .finally(() => clearTimeout(timer))
            .then(resolve, reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // A visitor who leaves stops the rendering.
    request.signal.addEventListener("abort", () => abort(request.signal.reason), { once: true });
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (isFailure(responseStatusCode)) noStore(responseHeaders);
  applyDocumentHeaders(responseHeaders, request, {
    scriptHashes: inlineScriptHashes(html.toString("utf8")),
    preview,
    loadContext,
  });
  return new Response(new Uint8Array(html), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
