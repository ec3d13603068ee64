import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { PAGE_VARY, WHOLE_QUERY_VARY } from "../app/lib/cache/headers.server";
import { LIVE_EVENT_PARAM } from "../app/lib/content/live";
import { chooseEncoding, PageCache, queryVary } from "./page-cache.ts";

const page = (status: number, headers: Record<string, string>) =>
  new Response("<html>page</html>", { status, headers });

const CDN = {
  "Netlify-CDN-Cache-Control": "public, durable, s-maxage=60, stale-while-revalidate=600",
  "Netlify-Cache-Tag": "site,general,project",
};

describe("PageCache", () => {
  it("keeps what the app lets the CDN keep, for s-maxage", async () => {
    let now = 0;
    const cache = new PageCache({ now: () => now });
    const response = await cache.store("/work", page(200, CDN));
    expect(await response.text()).toBe("<html>page</html>");
    expect(cache.get("/work")?.answer("identity").chunks.join("")).toBe("<html>page</html>");
    now = 61_000;
    expect(cache.get("/work")).toBeUndefined();
  });

  it("keys a page on the query parameters the app says it varies on, as Netlify's CDN does", async () => {
    const cache = new PageCache();
    await cache.store("/work?utm_source=print", page(200, { ...CDN, "Netlify-Vary": PAGE_VARY }));
    for (const url of ["/work", "/work?utm_source=mail", "/work?x=1&y=2", "/work?"]) {
      expect(cache.get(url), url).toBeDefined();
    }
    // A data request's `_routes` picks which loaders run: another answer.
    expect(cache.get("/work?_routes=routes%2Fwork._index")).toBeUndefined();
    await cache.store(
      "/work?_routes=routes%2Fwork._index&utm_source=a",
      page(200, { ...CDN, "Netlify-Vary": PAGE_VARY }),
    );
    expect(cache.get("/work?utm_source=b&_routes=routes%2Fwork._index")).toBeDefined();
  });

  it("keeps live revalidations apart, so a flood of made-up event ids never pushes a page out", async () => {
    const cache = new PageCache();
    const vary = { ...CDN, "Netlify-Vary": PAGE_VARY };
    await cache.store("/work.data", page(200, vary));
    for (let i = 0; i < 2000; i++) {
      await cache.store(`/work.data?${LIVE_EVENT_PARAM}=made-up-${i}`, page(200, vary));
    }
    expect(cache.get("/work.data?utm_source=x")?.status, "the page is still kept").toBe(200);
    expect(
      cache.get(`/work.data?${LIVE_EVENT_PARAM}=made-up-1999`),
      "one event, one render",
    ).toBeDefined();
    expect(
      cache.get(`/work.data?${LIVE_EVENT_PARAM}=made-up-0`),
      "old ones made room",
    ).toBeUndefined();
    expect(
      cache.get(`/work.data?${LIVE_EVENT_PARAM}=never-seen`),
      "a new id renders",
    ).toBeUndefined();
  });

  it("keeps 404s apart, so a flood of made-up paths never pushes a page out", async () => {
    const cache = new PageCache();
    await cache.store("/work", page(200, { ...CDN, "Netlify-Vary": PAGE_VARY }));
    for (let i = 0; i < 2000; i++) {
      await cache.store(`/made-up-${i}`, page(404, { ...CDN, "Netlify-Vary": PAGE_VARY }));
    }
    expect(cache.get("/work?utm_source=x")?.status, "the page is still kept").toBe(200);
    expect(cache.get("/made-up-1999")?.status, "the latest 404s are kept").toBe(404);
    expect(cache.get("/made-up-0"), "the oldest 404s made room").toBeUndefined();
    expect(cache.purge(["project"]), "404s are purged by tag too").toBe(101);
  });

  it("keys a redirect, whose Location keeps the query, on the whole query", async () => {
    const cache = new PageCache();
    const redirect = { ...CDN, "Netlify-Vary": WHOLE_QUERY_VARY, Location: "/work?ref=a" };
    await cache.store("/case-studies?ref=a", page(308, redirect));
    expect(cache.get("/case-studies?ref=a")?.status).toBe(308);
    expect(cache.get("/case-studies?ref=b")).toBeUndefined();
    expect(cache.get("/case-studies")).toBeUndefined();
  });

  it("reads Netlify-Vary's query instruction", () => {
    expect(queryVary("query=_routes|page,cookie=__preview")).toEqual(["_routes", "page"]);
    expect(queryVary("cookie=__preview,query")).toBeNull();
    expect(queryVary("cookie=__preview")).toBeNull();
    expect(queryVary(null)).toBeNull();
  });

  it("never keeps failures, private answers or cookies", async () => {
    const cache = new PageCache();
    await cache.store("/a", page(503, CDN));
    await cache.store("/b", page(200, { "Cache-Control": "private, no-store" }));
    await cache.store("/c", page(200, { ...CDN, "Set-Cookie": "x=1" }));
    expect([cache.get("/a"), cache.get("/b"), cache.get("/c")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("drops pages by tag", async () => {
    const cache = new PageCache();
    await cache.store("/work", page(200, CDN));
    await cache.store("/legal", page(200, { ...CDN, "Netlify-Cache-Tag": "site,legalPage" }));
    expect(cache.purge(["project"])).toBe(1);
    expect(cache.get("/work")).toBeUndefined();
    expect(cache.get("/legal")).toBeDefined();
  });

  it("keeps each page in gzip, and in Brotli from its first hit on", async () => {
    const cache = new PageCache();
    const stored = await cache.store("/work", page(200, CDN));
    await stored.text();
    const entry = cache.get("/work")!;
    expect(entry.encodings().sort()).toEqual(["gzip", "identity"]);
    await entry.brotliReady;
    const br = entry.answer("br");
    const gzip = entry.answer("gzip");
    expect(brotliDecompressSync(Buffer.concat(br.chunks)).toString()).toBe("<html>page</html>");
    expect(gunzipSync(Buffer.concat(gzip.chunks)).toString()).toBe("<html>page</html>");
    expect(br.headers).toMatchObject({
      "content-encoding": "br",
      "content-length": String(Buffer.concat(br.chunks).length),
      vary: "Accept-Encoding",
    });
  });

  it("answers in Brotli when the client takes it, else gzip, else plain", () => {
    const all = ["identity", "gzip", "br"];
    expect(chooseEncoding("gzip, deflate, br, zstd", all)).toBe("br");
    expect(chooseEncoding("gzip, deflate, br", ["identity", "gzip"])).toBe("gzip");
    expect(chooseEncoding("gzip, br;q=0", all)).toBe("gzip");
    expect(chooseEncoding("*", all)).toBe("br");
    expect(chooseEncoding("deflate", all)).toBe("identity");
    expect(chooseEncoding(undefined, all)).toBe("identity");
  });

  it("serves editors in preview and non-GET requests from React Router", () => {
    expect(PageCache.cacheable("GET", undefined)).toBe(true);
    expect(PageCache.cacheable("GET", "theme=dark; __preview=abc")).toBe(false);
    expect(PageCache.cacheable("POST", undefined)).toBe(false);
  });

  it("answers HEAD from a kept page but keeps only what a GET was answered with", () => {
    expect(PageCache.cacheable("HEAD", undefined)).toBe(true);
    expect(PageCache.keepable("HEAD", undefined)).toBe(false);
    expect(PageCache.keepable("GET", undefined)).toBe(true);
    expect(PageCache.keepable("GET", "__preview=abc")).toBe(false);
  });
});
