import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CDN_CACHE,
  cacheHeaders,
  HOUR_CACHE,
  IMMUTABLE,
  studioFileCache,
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

describe("the static files' cache policy", () => {
  /** What netlify.toml's header rules give `urlPath`: of the rules that match, the last wins. */
  function netlifyCacheControl(urlPath: string) {
    const toml = readFileSync(path.resolve(import.meta.dirname, "../../../netlify.toml"), "utf8");
    let value: string | undefined;
    for (const rule of toml.split("[[headers]]").slice(1)) {
      const pattern = /for = "([^"]+)"/.exec(rule)?.[1] ?? "";
      const matches = pattern.endsWith("/*")
        ? urlPath.startsWith(pattern.slice(0, -1))
        : urlPath === pattern;
      value = (matches && /Cache-Control = "([^"]+)"/.exec(rule)?.[1]) || value;
    }
    return value;
  }

  it("is the Node server's on Netlify too", () => {
    expect(netlifyCacheControl("/assets/root-BzlTePAv.js")).toBe(IMMUTABLE);
    expect(netlifyCacheControl("/media/images/abc-100x100/320x240.webp")).toBe(IMMUTABLE);
    expect(netlifyCacheControl("/media/videos/Lq4mV02xTz8KpR7b/760x950.webp")).toBe(HOUR_CACHE);
    // What `sanity build` writes into static/: hashed chunks, and the same icons and manifest.
    for (const file of [
      "Add-C0cotPsI.js",
      "-TMH4PSLZ-Brao1sFf.js",
      "favicon.ico",
      "favicon.svg",
      "favicon-96.png",
      "favicon-192.png",
      "favicon-512.png",
      "apple-touch-icon.png",
      "manifest.webmanifest",
    ]) {
      expect(netlifyCacheControl(`/studio/static/${file}`), file).toBe(studioFileCache(file));
    }
    expect(studioFileCache("favicon.svg")).toBe(HOUR_CACHE);
  });
});
