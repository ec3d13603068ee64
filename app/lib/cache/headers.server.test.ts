import { describe, expect, it } from "vitest";
import {
  CDN_CACHE,
  cacheHeaders,
  mergeCacheHeaders,
  NO_STORE,
  PAGE_CACHE,
  PAGE_VARY,
  WHOLE_QUERY_VARY,
} from "./headers.server";

const merge = (parent: Headers, loader: Headers, error?: Headers) =>
  new Headers(
    mergeCacheHeaders({
      parentHeaders: parent,
      loaderHeaders: loader,
      actionHeaders: new Headers(),
      errorHeaders: error,
    }) as HeadersInit,
  );

describe("cache headers", () => {
  it("tell browsers to revalidate, other shared caches to keep the page a moment, and the CDN to keep it, tagged", () => {
    const headers = cacheHeaders({ tags: ["site", "homepage", "project"], preview: false });
    expect(headers.get("Cache-Control")).toBe(PAGE_CACHE);
    expect(PAGE_CACHE).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/);
    expect(headers.get("Netlify-CDN-Cache-Control")).toBe(CDN_CACHE);
    expect(headers.get("Netlify-Cache-Tag")).toBe("site,homepage,project");
  });

  it("key a page on `_routes` alone of the query, a 404 (which names it) on all of it", () => {
    expect(cacheHeaders({ tags: ["site"], preview: false }).get("Netlify-Vary")).toBe(PAGE_VARY);
    const notFound = cacheHeaders({ tags: ["site"], preview: false, notFound: true });
    expect(notFound.get("Netlify-Vary")).toBe(WHOLE_QUERY_VARY);
    const root = cacheHeaders({ tags: ["site", "general"], preview: false });
    expect(merge(root, new Headers(), notFound).get("Netlify-Vary")).toBe(WHOLE_QUERY_VARY);
    expect(merge(root, cacheHeaders({ tags: ["p"], preview: false })).get("Netlify-Vary")).toBe(
      PAGE_VARY,
    );
  });

  it("keep previews private", () => {
    const headers = cacheHeaders({ tags: ["site"], preview: true });
    expect(headers.get("Cache-Control")).toBe(NO_STORE);
    expect(headers.get("Netlify-CDN-Cache-Control")).toBeNull();
  });

  it("merge the root's tags with the page's", () => {
    const root = cacheHeaders({ tags: ["site", "general"], preview: false });
    const page = cacheHeaders({ tags: ["site", "project", "p-1"], preview: false });
    const merged = merge(root, page);
    expect(merged.get("Netlify-Cache-Tag")).toBe("site,general,project,p-1");
    expect(merged.get("Cache-Control")).toBe(PAGE_CACHE);
  });

  it("let a 404 keep its short CDN lifetime and a preview win over public", () => {
    const root = cacheHeaders({ tags: ["general"], preview: false });
    const missing = cacheHeaders({ tags: ["project"], preview: false, notFound: true });
    expect(merge(root, new Headers(), missing).get("Netlify-CDN-Cache-Control")).toMatch(
      /s-maxage=60\b/,
    );
    const preview = cacheHeaders({ tags: [], preview: true });
    expect(merge(root, preview).get("Cache-Control")).toBe(NO_STORE);
  });
});
