// One URL per page (docs/caching.md): React Router matches the decoded path, case-insensitively,
// ignoring repeated and trailing slashes, so `/WoRk`, `/work//` and `/%77ork` would each render
// the Work page with a canonical link of their own, and each take a cache entry of their own.
import { isResourcePath } from "~/lib/resource-paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";

/** The routes' own first segments, all lower case (app/routes). */
const SEGMENTS = new Set(["work", "culture", "legal", "api", "media", "studio"]);
const FILES = new Set(["robots.txt", "sitemap.xml"]);
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Percent-encoding the one way (RFC 3986 §6.2.2): an unreserved character (letters, digits,
 * `-._~`) decoded, every other escape in upper case. `%2F` stays an escape: part of its segment.
 */
export function normalizeEncoding(path: string): string {
  return path.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/**
 * The path with its encoding normalised, one slash between segments, none at the end, no dot
 * segments, and the route's own spelling of its first segment.
 */
export function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of normalizeEncoding(path).split("/")) {
    // A decoded `%2e` may make a dot segment the URL parser did not see.
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const first = segments[0]?.toLowerCase();
  if (first && (SEGMENTS.has(first) || FILES.has(first))) segments[0] = first;
  return `/${segments.join("/")}`;
}

/** The data request's URL of a page's path, as React Router's client spells it. */
function dataPath(path: string): string {
  return path === "/" ? "/_.data" : `${path}.data`;
}

/**
 * A 308 to the canonical path when the request's is another spelling of it, else null.
 * `url` is React Router's (no `.data`, no `_routes`); a data request must name the canonical
 * path's own data URL (`/_.data` for `/`, never `/.data`).
 */
export function canonicalRedirect(request: Request, url: URL): Response | null {
  const path = canonicalPath(url.pathname);
  const asked = new URL(request.url).pathname;
  if (asked === (asked.endsWith(".data") ? dataPath(path) : path)) return null;
  // Built from segments and the query: always a path of this site; checked like every redirect.
  const location = safeRedirectTarget(path + url.search) ?? "/";
  return new Response(null, {
    status: 308,
    // The browser may keep it; a shared cache never does: each spelling would be an entry.
    headers: { Location: location, "Cache-Control": "private, max-age=3600" },
  });
}

/**
 * A resource route's `.data` twin (`/api/now-playing.data`): React Router would answer it by
 * running the root loader beside the resource's, or wrap the resource's bytes in its data
 * format, under a page's cache headers. A resource answers at its own URL only.
 */
export function isResourceDataRequest(request: Request, url: URL): boolean {
  return (
    new URL(request.url).pathname.endsWith(".data") && isResourcePath(canonicalPath(url.pathname))
  );
}

/**
 * The route ids React Router's client may name in a data request's `_routes` (which loaders
 * run): the root's and one per module in app/routes (flat routes: `routes/<file name>`).
 */
const ROUTE_IDS = new Set([
  "root",
  ...Object.keys(import.meta.glob(["../routes/*.{ts,tsx}", "!../routes/*.test.*"])).map(
    (file) => `routes/${file.slice("../routes/".length).replace(/\.tsx?$/, "")}`,
  ),
]);

/**
 * A `_routes` no client of the site sends: given twice, naming an id twice, or an id no route
 * has. React Router reads it as a set, so each such spelling would run the same loaders under a
 * cache key of its own (`_routes` is part of the CDN's key, headers.server.ts): without this,
 * `root,root,…` or a junk id beside real ones makes endless keys for one answer.
 */
export function hasForgedRoutesParam(request: Request): boolean {
  const values = new URL(request.url).searchParams.getAll("_routes");
  if (values.length === 0) return false;
  if (values.length > 1) return true;
  const ids = values[0]!.split(",");
  return new Set(ids).size !== ids.length || ids.some((id) => !ROUTE_IDS.has(id));
}
