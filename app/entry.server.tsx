import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { pipeline } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { noStore } from "~/lib/cache/headers.server";
import { closeDocumentLast } from "~/lib/document-end.server";
import { deferScriptsStream } from "~/lib/hydration/defer-scripts.server";
import { getEnv } from "~/lib/env.server";
import { MAX_BODY_BYTES } from "~/lib/http.server";
import { NonceProvider } from "~/lib/nonce";
import { isPreview } from "~/lib/preview.server";
import { baseHeaders, isPreviewDeploy } from "~/lib/security/policy";
import { applyDocumentHeaders, applySecurityHeaders, createNonce } from "~/lib/security.server";

// Validate the environment when the server build loads, not on the first request.
const env = getEnv();

/**
 * What the Node server (server/index.js) takes from the app, so both answer
 * with one policy and one configuration: the headers of its static files,
 * the proxies it trusts, the largest request body any route accepts, nonces.
 */
export const nodeServer = {
  staticHeaders: (secure: boolean) =>
    baseHeaders({ secure, noindex: isPreviewDeploy(env.deployContext) }),
  trustProxy: env.trustProxy,
  keepAliveTimeoutMs: env.keepAliveTimeoutMs,
  maxBodyBytes: MAX_BODY_BYTES,
  /** Each answer from the page cache writes a fresh one into the kept page. */
  createNonce,
};

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`[server] ${request.method} ${new URL(request.url).pathname}:`, error);
};

// A failure must never be kept by a cache: it would outlive the outage.
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  if (response.status >= 500) noStore(response.headers);
  applySecurityHeaders(response.headers, request, context);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  // A fresh nonce per response; kept copies get theirs in docs/security.md's way.
  const nonce = createNonce();
  const preview = await isPreview(request);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = closeDocumentLast();
          // Any build defers its scripts (docs/performance.md); the dev server keeps Remix's
          // as they are, with hot reloading. A build's mode is never "development".
          const deferred = import.meta.env.MODE === "development" ? null : deferScriptsStream();
          // A visitor who leaves closes both, so React stops rendering for them.
          if (deferred) pipeline(deferred, body, () => {});
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (responseStatusCode >= 500) noStore(responseHeaders);
          applyDocumentHeaders(responseHeaders, request, { nonce, preview, loadContext });
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(deferred ?? body);
        },
        nonce,
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
