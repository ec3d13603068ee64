import type { HeadersFunction } from "react-router";
import { LIVE_EVENT_PARAM } from "~/lib/live/config";

/**
 * Cache policy of pages and their data requests (docs/caching.md):
 * browsers always revalidate; Netlify's CDN keeps a page for an hour and may
 * serve it stale for a week while it refreshes in the background. A publish
 * purges the page's tags at once, so the hour is only a safety net for a
 * missed webhook.
 */
export const BROWSER_CACHE = "public, max-age=0, must-revalidate";
/**
 * For shared caches other than Netlify's, which reads Netlify-CDN-Cache-Control instead: a
 * self-hosted nginx in front of the Node server (docs/deploy.md, "A cache in front"). Nothing
 * purges it on a publish, so it keeps a page a moment only: a burst of visitors costs one
 * render, and a publish shows within seconds.
 */
const SHARED_CACHE_SECONDS = 2;
export const PAGE_CACHE = `${BROWSER_CACHE}, s-maxage=${SHARED_CACHE_SECONDS}`;
export const CDN_CACHE = "public, durable, s-maxage=3600, stale-while-revalidate=604800";
// An unknown slug may be published a minute later: cache its 404 briefly.
const CDN_CACHE_NOT_FOUND = "public, durable, s-maxage=60, stale-while-revalidate=60";
export const NO_STORE = "private, no-store";
/** A 308 to another spelling of a path: the browser may keep it, a shared cache never does. */
export const CANONICAL_REDIRECT_CACHE = "private, max-age=3600";
/** A static file named by its bytes: kept a year, never asked again. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** A static file whose name outlives its bytes (a video by its playback id): an hour. */
export const HOUR_CACHE = "public, max-age=3600, must-revalidate";

/**
 * The Studio's static files (npm run studio:build): its hashed scripts and styles never change,
 * its icons and manifest keep their names from build to build. netlify.toml says the same.
 */
export function studioFileCache(file: string) {
  return /-[\w-]{8}\.(js|css)$/.test(file) ? IMMUTABLE : HOUR_CACHE;
}
export const PREVIEW_COOKIE = "__preview";

/**
 * What the CDN's cache key takes from a request (`Netlify-Vary`), besides the path: of the query
 * string only the parameters pages read, `_routes` (which loaders a data request runs) and
 * `lastLiveEventId` (a live revalidation's event: an answer at least that new, docs/caching.md,
 * "Live"), so `utm_*` and random junk find the same kept page; and the preview cookie, so
 * editors never get a kept public page and the public never gets theirs.
 */
export const PAGE_VARY = `query=_routes|${LIVE_EVENT_PARAM},cookie=${PREVIEW_COOKIE}`;
/**
 * A redirect keeps the whole query string in its `Location`, and a 404 names it in its message
 * ("Page Not Found: /work/x?y"): they vary on all of it, or one visitor's query would be shown
 * to the next.
 */
export const WHOLE_QUERY_VARY = `query,cookie=${PREVIEW_COOKIE}`;
/**
 * For an answer that reads no query parameter (the music widget's API): the key names one
 * parameter nothing sends, so the CDN's key takes none of the query and random queries find
 * the one kept answer.
 */
export const NO_QUERY_VARY = "query=_routes";

const TAG_HEADER = "Netlify-Cache-Tag";
export const CDN_HEADER = "Netlify-CDN-Cache-Control";
/** Which parts of a request Netlify's CDN keys an answer on besides its path. */
export const VARY_HEADER = "Netlify-Vary";

export function cacheHeaders({
  tags,
  preview,
  notFound = false,
}: {
  tags: Iterable<string>;
  preview: boolean;
  notFound?: boolean;
}): Headers {
  const headers = new Headers();
  if (preview) {
    headers.set("Cache-Control", NO_STORE);
    return headers;
  }
  headers.set("Cache-Control", PAGE_CACHE);
  headers.set(CDN_HEADER, notFound ? CDN_CACHE_NOT_FOUND : CDN_CACHE);
  headers.set(TAG_HEADER, [...new Set(tags)].join(","));
  headers.set(VARY_HEADER, notFound ? WHOLE_QUERY_VARY : PAGE_VARY);
  return headers;
}

/**
 * A failure, which no cache may keep: it would outlive its cause. Every error status but a 404,
 * whose brief lifetime the page gives it (a slug may be published a minute later).
 */
export function isFailure(status: number) {
  return status >= 400 && status !== 404;
}

export function noStore(headers: Headers) {
  headers.set("Cache-Control", NO_STORE);
  headers.delete(CDN_HEADER);
  headers.delete(TAG_HEADER);
  headers.delete(VARY_HEADER);
}

function tagsOf(headers: Headers | undefined) {
  return (headers?.get(TAG_HEADER) ?? "").split(",").filter(Boolean);
}

/**
 * The `headers` export of every page route: the tags of every route that
 * rendered, the most private policy any of them asked for.
 */
export const mergeCacheHeaders: HeadersFunction = ({
  loaderHeaders,
  parentHeaders,
  errorHeaders,
}) => {
  const sources = [parentHeaders, loaderHeaders, errorHeaders].filter(
    (headers): headers is Headers => Boolean(headers?.get("Cache-Control")),
  );
  const merged = new Headers();
  if (sources.length === 0) return merged;
  if (sources.some((headers) => headers.get("Cache-Control")?.includes("no-store"))) {
    merged.set("Cache-Control", NO_STORE);
    return merged;
  }
  const own = errorHeaders ?? loaderHeaders;
  merged.set("Cache-Control", PAGE_CACHE);
  merged.set(CDN_HEADER, own.get(CDN_HEADER) ?? parentHeaders.get(CDN_HEADER) ?? CDN_CACHE);
  merged.set(TAG_HEADER, [...new Set(sources.flatMap(tagsOf))].join(","));
  merged.set(VARY_HEADER, own.get(VARY_HEADER) ?? PAGE_VARY);
  return merged;
};
