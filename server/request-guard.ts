// What a scanner sends that no page could answer (docs/security.md, "Bad clients"): a
// malformed Host, a path whose percent-encoding does not decode, a method the site does
// not take. Each gets a short 4xx here, before the static files or the
// app see it, and never a stack trace in the log.
import type { Request, RequestHandler, Response } from "express";
import { plainText } from "~/lib/http.server";
import { canonicalPath } from "~/lib/canonical-path.server";
import { isResourcePath } from "~/lib/resource-paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { CANONICAL_REDIRECT_CACHE, NO_STORE } from "~/lib/cache/headers.server";

// A host name or an IP literal, and a port: nothing with user info (`a@b`), spaces or slashes.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A Host a URL can be built on: the shape above, a port up to 65535, an IP literal that parses. */
function isHost(value: string | undefined): boolean {
  return !!value && HOST.test(value) && URL.canParse(`http://${value}/`);
}

/**
 * What of the request names its URL, which React Router's adapter builds before the app runs:
 * the Host, and with a trusted proxy its X-Forwarded-Host (the adapter reads its port whoever
 * sent it) and X-Forwarded-Proto. One that no URL can hold is refused here, not a 500 later.
 */
function badUrlHeader(req: Request): string | undefined {
  if (!isHost(req.headers.host)) return "Host";
  if (!req.app.enabled("trust proxy")) return undefined;
  const forwarded = req.get("X-Forwarded-Host");
  if (forwarded !== undefined && !forwarded.split(",").every((host) => isHost(host.trim())))
    return "X-Forwarded-Host";
  if (req.protocol !== "http" && req.protocol !== "https") return "X-Forwarded-Proto";
  return undefined;
}
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/** The one route that reads a request body (app/routes/api.revalidate.ts). */
export const WEBHOOK = "/api/revalidate";

/** The methods a path answers: the publish webhook takes POST, every other URL GET and HEAD. */
export function allowFor(path: string): string {
  return path === WEBHOOK ? "POST, OPTIONS" : "GET, HEAD, OPTIONS";
}

/** A short plain-text answer that no cache keeps: the app's one (`plainText`), sent by Express. */
export function refuse(
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const answer = plainText(status, `${message}\n`, headers);
  res.status(answer.status).set(Object.fromEntries(answer.headers));
  res.send(`${message}\n`);
}

/**
 * An absolute-form target (`GET http://evil.test/ HTTP/1.1`, RFC 9112 §3.2.2): its path and
 * query only; the site's address comes from configuration, never from the request.
 */
function originForm(url: string): string | undefined {
  if (url.startsWith("/")) return url;
  try {
    const absolute = new URL(url);
    return /^https?:$/.test(absolute.protocol) ? absolute.pathname + absolute.search : undefined;
  } catch {
    return undefined;
  }
}

export function requestGuard(): RequestHandler {
  return (req, res, next) => {
    const badHeader = badUrlHeader(req);
    if (badHeader) return refuse(res, 400, `Bad ${badHeader} header.`);
    const target = originForm(req.originalUrl);
    if (target === undefined) return refuse(res, 400, "Bad request target.");
    req.url = req.originalUrl = target;
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(res, 400, "Malformed percent-encoding in the path.");
    }
    // What no browser sends: dot segments (`/x/%2e%2e/work`), a backslash, characters a URL
    // encodes. The app reads the path as a URL, which resolves them to a page: each such spelling
    // would be a cache entry of its own. One hop to the canonical path (docs/caching.md).
    const resolved = new URL(`http://guard.invalid${req.path}`).pathname;
    if (resolved !== req.path) {
      const at = req.originalUrl.indexOf("?");
      const query = at === -1 ? "" : req.originalUrl.slice(at);
      const location = safeRedirectTarget(canonicalPath(resolved) + query) ?? "/";
      res.status(308).set({ Location: location, "Cache-Control": CANONICAL_REDIRECT_CACHE });
      return res.end();
    }
    const allow = allowFor(req.path);
    // Resource routes have no 405 screen of their own: a method they do not take gets a line.
    const resourceRefuses =
      isResourcePath(req.path) && req.method !== "OPTIONS" && !allow.includes(req.method);
    if (!METHODS.has(req.method) || resourceRefuses) {
      return refuse(res, 405, `${req.method} is not allowed here.`, { Allow: allow });
    }
    if (req.method === "OPTIONS") {
      res.status(204).set({ Allow: allow, "Cache-Control": NO_STORE });
      return res.end();
    }
    next();
  };
}
