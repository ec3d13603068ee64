// One URL per page (docs/caching.md): React Router matches paths case-insensitively and
// ignores repeated and trailing slashes, so `/WoRk` and `/work//` would render the Work page
// with a canonical link of their own, and each take a cache entry of their own.

/** The routes' own first segments, all lower case (app/routes). */
const SEGMENTS = new Set(["work", "culture", "legal", "api", "media", "studio"]);
const FILES = new Set(["robots.txt", "sitemap.xml"]);

/** The path with one slash between segments, none at the end, and the route's own spelling. */
export function canonicalPath(path: string): string {
  const segments = path.split("/").filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (first && (SEGMENTS.has(first) || FILES.has(first))) segments[0] = first;
  return `/${segments.join("/")}`;
}

/** A 308 to the canonical path when `url`'s is another spelling of it, else null. */
export function canonicalRedirect(url: URL): Response | null {
  const path = canonicalPath(url.pathname);
  if (path === url.pathname) return null;
  return new Response(null, {
    status: 308,
    // The browser may keep it; a shared cache never does: each spelling would be an entry.
    headers: { Location: path + url.search, "Cache-Control": "private, max-age=3600" },
  });
}
