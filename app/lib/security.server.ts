import type { LoaderFunctionArgs } from "react-router";
import { sanityApiOrigin } from "~/lib/content/live.server";
import { getEnv } from "~/lib/env.server";
import { plainText } from "~/lib/http.server";
import { DEFAULT_API_URL } from "~/lib/spotify/config.server";
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
export function responseContext(request: Request, loadContext?: unknown): ResponseContext {
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
export function sanityConnectSources(preview: boolean): string[] {
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

/** The base headers; a route's own Content-Security-Policy, if any, is kept. */
export function applySecurityHeaders(headers: Headers, request: Request, loadContext?: unknown) {
  for (const [name, value] of Object.entries(baseHeaders(responseContext(request, loadContext)))) {
    if (name === "Content-Security-Policy" && headers.has(name)) continue;
    headers.set(name, value);
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

function withHeaders(response: Response, request: Request, loadContext: unknown) {
  try {
    applySecurityHeaders(response.headers, request, loadContext);
    return response;
  } catch {
    // Immutable headers (a Response from fetch): copy them onto a new Response.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, request, loadContext);
    return copy;
  }
}

/**
 * Wraps a resource route's loader or action (JSON, images, videos, XML,
 * text): its answers, thrown Responses and failures included, carry the base
 * headers, and a failure is a plain 500 that names nothing of the server.
 */
export function resourceRoute<Args extends Pick<LoaderFunctionArgs, "request" | "context">>(
  handler: (args: Args) => Response | Promise<Response>,
) {
  return async (args: Args): Promise<Response> => {
    try {
      return withHeaders(await handler(args), args.request, args.context);
    } catch (error) {
      if (error instanceof Response) return withHeaders(error, args.request, args.context);
      if (!args.request.signal.aborted) {
        console.error(
          `[server] ${args.request.method} ${new URL(args.request.url).pathname}:`,
          error,
        );
      }
      return withHeaders(plainText(500, "Something went wrong."), args.request, args.context);
    }
  };
}
