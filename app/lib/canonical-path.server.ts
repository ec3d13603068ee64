// One URL per page (docs/caching.md): React Router matches the decoded path, case-insensitively,
// ignoring repeated and trailing slashes, so `/WoRk`, `/work//` and `/%77ork` would each render
// the Work page with a canonical link of their own, and each take a cache entry of their own.
import { plainText } from "~/lib/http.server";
import { LIVE_EVENT_PARAM } from "~/lib/live/config";
import { isResourcePath } from "~/lib/resource-paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { CANONICAL_REDIRECT_CACHE } from "~/lib/cache/headers.server";

/** The modules in app/routes (flat routes), by file name without extension: `work.$project`. */
const ROUTE_FILES = Object.keys(
  import.meta.glob(["../routes/*.{ts,tsx}", "!../routes/*.test.*"]),
).map((file) => file.slice("../routes/".length).replace(/\.tsx?$/, ""));

/**
 * The routes' own first segments, all lower case: `work` of `work.$project`, `robots.txt` of
 * `robots[.]txt`; not a parameter (`$`) or the index (`_index`).
 */
const FIRST_SEGMENTS = new Set(
  ROUTE_FILES.map((name) => name.split(/(?<!\[)\.(?!\])/)[0]!.replaceAll("[.]", "."))
    .filter((segment) => !/^[$_]/.test(segment))
    .map((segment) => segment.toLowerCase()),
);
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Percent-encoding the one way (RFC 3986 §6.2.2): an unreserved character (letters, digits,
 * `-._~`) decoded, every other escape in upper case. `%2F` stays an escape: part of its segment.
 */
function normalizeEncoding(path: string): string {
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
  if (first && FIRST_SEGMENTS.has(first)) segments[0] = first;
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
    headers: { Location: location, "Cache-Control": CANONICAL_REDIRECT_CACHE },
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
const ROUTE_IDS = new Set(["root", ...ROUTE_FILES.map((name) => `routes/${name}`)]);

/**
 * The routes a URL pattern (React Router's, e.g. `work/:project`) matches, in order: the root and
 * the page's own module. Flat routes without layouts: `work/:project` is `routes/work.$project`,
 * `work` is `routes/work` or the index `routes/work._index`, `*` is `routes/$`.
 */
export function routeIdsOf(pattern: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const name = segments.map((segment) => (segment === "*" ? "$" : segment.replace(/^:/, "$")));
  const base = name.join(".");
  const candidates = base ? [`routes/${base}`, `routes/${base}._index`] : ["routes/_index"];
  return ["root", ...candidates.filter((id) => ROUTE_IDS.has(id))];
}

/** The parameters a page's cache key takes besides its path (PAGE_VARY, headers.server.ts). */
const KEYED_PARAMS = ["_routes", LIVE_EVENT_PARAM];

/**
 * A request whose keyed parameters are not in the one spelling the site's client sends, else
 * null. Each other spelling would be an answer of its own in every cache on the way, kept
 * under its own key: endless keys for one answer, or a repeated parameter whose first value
 * keys an answer the second made (docs/security.md, "Floods").
 * - A document (or a resource) reads neither: a private 308 to the URL without them.
 * - A data request may give each once: `_routes` naming, in order, some of the routes the URL
 *   matches (`pattern`, React Router's), and the event id of a live revalidation. Else a 400.
 */
export function keyedParamsProblem(request: Request, pattern: string): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const asked = new URL(request.url);
  if (!KEYED_PARAMS.some((name) => asked.searchParams.has(name))) return null;
  if (!asked.pathname.endsWith(".data")) {
    for (const name of KEYED_PARAMS) asked.searchParams.delete(name);
    const location = safeRedirectTarget(asked.pathname + asked.search) ?? "/";
    return new Response(null, {
      status: 308,
      headers: { Location: location, "Cache-Control": CANONICAL_REDIRECT_CACHE },
    });
  }
  const [routes, ...moreRoutes] = asked.searchParams.getAll("_routes");
  if (moreRoutes.length || (routes !== undefined && !namesMatchedRoutes(routes, pattern)))
    return plainText(400, "Bad _routes.");
  if (asked.searchParams.getAll(LIVE_EVENT_PARAM).length > 1)
    return plainText(400, `Bad ${LIVE_EVENT_PARAM}.`);
  return null;
}

/** `_routes` names each route once, in the order the URL matches them. */
function namesMatchedRoutes(value: string, pattern: string): boolean {
  const matched = routeIdsOf(pattern);
  let next = 0;
  for (const id of value.split(",")) {
    const at = matched.indexOf(id, next);
    if (at === -1) return false;
    next = at + 1;
  }
  return true;
}
