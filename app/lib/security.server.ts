import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { isFailure, noStore } from "~/lib/cache/headers.server";
import { canonicalPath } from "~/lib/canonical-path.server";
import { sanityApiOrigin } from "~/lib/live/config.server";
import { DEFAULT_API_URL, getEnv } from "~/lib/env.server";
import { plainText } from "~/lib/http.server";
import { isResourcePath } from "~/lib/resource-paths";
import {
  baseHeaders,
  documentPolicy,
  isPreviewDeploy,
  type ResponseContext,
} from "~/lib/security/policy";

/**
 * Applies the site's header policy (app/lib/security/policy.ts) to the
 * responses the app makes: pages, data requests and resource routes. The Node
 * server adds the same base headers to its static files (server/app.ts),
 * Netlify's header rules to its (netlify.toml). docs/security.md says why.
 */

type NetlifyContext = { deploy?: { context?: string } };

/** How the request arrived; on Netlify the function's context names the deploy. */
function responseContext(request: Request, loadContext?: unknown): ResponseContext {
  const deploy = (loadContext as NetlifyContext | undefined)?.deploy?.context;
  return {
    secure: new URL(request.url).protocol === "https:",
    noindex: isPreviewDeploy(deploy ?? getEnv().deployContext),
    studioOrigins: getEnv().studioOrigins,
  };
}

/**
 * Sanity's API origins the browser calls: the API host for the live stream on every page
 * of a site that reads Sanity (docs/caching.md, "Live"); while an editor previews drafts,
 * its CDN and websocket hosts too. None on the bundled dataset.
 */
function sanityConnectSources(preview: boolean): string[] {
  const { content } = getEnv();
  const api = sanityApiOrigin();
  if (content.kind !== "sanity" || !api) return [];
  if (!preview || content.sanity.apiHost) return [api];
  const { projectId } = content.sanity;
  return [api, `https://${projectId}.apicdn.sanity.io`, `wss://${projectId}.api.sanity.io`];
}

/**
 * Spotify serves album art from i.scdn.co. When SPOTIFY_API_URL points at a
 * local fake (tests, `npm run dev` without an account), its art comes from the
 * fake's own origin, which pages may then show.
 */
function fakeImageHosts(): string[] {
  const { spotify } = getEnv();
  if (!spotify || spotify.apiUrl === DEFAULT_API_URL) return [];
  return [new URL(spotify.apiUrl).origin];
}

/**
 * The base headers the answer does not set itself: a route's own (the Studio's policy and
 * Referrer-Policy) win, as they do over the Node server's (server/request-handler.ts).
 */
export function applySecurityHeaders(headers: Headers, request: Request, loadContext?: unknown) {
  for (const [name, value] of Object.entries(baseHeaders(responseContext(request, loadContext)))) {
    if (!headers.has(name)) headers.set(name, value);
  }
}

/** A page: the base headers and the document policy, with its inline scripts' hashes. */
export function applyDocumentHeaders(
  headers: Headers,
  request: Request,
  options: { scriptHashes: string[]; preview: boolean; loadContext?: unknown },
) {
  applySecurityHeaders(headers, request, options.loadContext);
  headers.set(
    "Content-Security-Policy",
    documentPolicy({
      scriptHashes: options.scriptHashes,
      sanityConnect: sanityConnectSources(options.preview),
      fakeImageHosts: fakeImageHosts(),
      studioOrigins: getEnv().studioOrigins,
    }),
  );
}

function withHeaders(response: Response, request: Request, context: unknown) {
  const apply = (headers: Headers) => {
    if (isFailure(response.status)) noStore(headers);
    applySecurityHeaders(headers, request, context);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (a Response from fetch): copy them onto a new Response.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}

/** Set by `handleError` (app/entry.server.tsx): a loader, action or render of this request threw. */
const failed = createContext(false);

/** Notes that this request's loader, action or render threw; React Router logged it. */
export function noteFailure(context: Readonly<RouterContextProvider>) {
  context.set(failed, true);
}

/**
 * The root's first middleware, so every answer a route gives (a page, a data request, a
 * resource route's answer or thrown Response, a redirect, another middleware's refusal) passes
 * here once: the base headers it does not set itself. A resource route that throws answers
 * React Router's own 500, logged by `handleError`; it becomes a plain 500 that names nothing of
 * the server. Answers React Router gives before the middleware runs (a method it does not know)
 * get theirs from app/entry.server.tsx, pages their policy too (docs/security.md).
 */
export const securityHeaders: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    // A later middleware failed on a resource route: React Router would answer its bare 500.
    if (!request.signal.aborted) {
      console.error(`[server] ${request.method} ${new URL(request.url).pathname}:`, error);
    }
    response = plainText(500, "Something went wrong.");
  }
  if (response.status === 500 && context.get(failed) && isResourceAnswer(request)) {
    response = plainText(500, "Something went wrong.");
  }
  return withHeaders(response, request, context);
};

/** A resource route's own answer: not a page, not a data request (app/lib/resource-paths.ts). */
function isResourceAnswer(request: Request) {
  const { pathname } = new URL(request.url);
  return !pathname.endsWith(".data") && isResourcePath(canonicalPath(pathname));
}
