import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.js";

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
    expect(cache.get("/work")?.body.toString()).toBe("<html>page</html>");
    now = 61_000;
    expect(cache.get("/work")).toBeUndefined();
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

  it("serves editors in preview and non-GET requests from Remix", () => {
    expect(PageCache.cacheable("GET", undefined)).toBe(true);
    expect(PageCache.cacheable("GET", "theme=dark; __preview=abc")).toBe(false);
    expect(PageCache.cacheable("POST", undefined)).toBe(false);
  });
});
