import { describe, expect, it } from "vitest";
import {
  canonicalPath,
  canonicalRedirect,
  keyedParamsProblem,
  routeIdsOf,
  isResourceDataRequest,
} from "./canonical-path.server";

/** The request and React Router's own URL for it (no `.data`, no `_routes`), as middleware gets them. */
function ask(target: string) {
  const request = new Request(`http://localhost${target}`);
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return { request, url };
}

const redirect = (target: string) => {
  const { request, url } = ask(target);
  return canonicalRedirect(request, url)?.headers.get("Location") ?? null;
};

describe("canonicalPath", () => {
  it.each([
    ["/%77ork", "/work"],
    ["/%57ORK", "/work"],
    ["/%63ulture", "/culture"],
    ["/work/a-project%73", "/work/a-projects"],
    ["/wor%6B", "/work"],
    ["/work/%61%2d%5f%7e%2E", "/work/a-_~."],
    ["/work/caf%c3%a9", "/work/caf%C3%A9"],
    ["/work%2fx", "/work%2Fx"],
    ["/work/%2e%2e/culture", "/culture"],
    ["/work/%2E", "/work"],
    ["//work//x/", "/work/x"],
    ["/WoRk", "/work"],
    // Every route's first segment, from the files in app/routes; any other path keeps its case.
    ["/LEGAL", "/legal"],
    ["/Culture/", "/culture"],
    ["/API/now-playing", "/api/now-playing"],
    ["/Media/images/x.webp", "/media/images/x.webp"],
    ["/STUDIO/structure", "/studio/structure"],
    ["/ROBOTS.TXT", "/robots.txt"],
    ["/Sitemap.XML", "/sitemap.xml"],
    ["/Nope", "/Nope"],
    ["/_Index", "/_Index"],
    ["/", "/"],
  ])("reads %s as %s", (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });
});

describe("canonicalRedirect", () => {
  it.each([
    ["/%77ork", "/work"],
    ["/%77ork?a=1", "/work?a=1"],
    ["/wor%6b.data", "/work"],
    ["/wor%6b.data?_routes=root", "/work"],
    ["/.data", "/"],
    ["/work/_.data", "/work"],
    ["/work/.data", "/work"],
    ["/%2e%2e/%2e%2e//evil.test", "/evil.test"],
    ["/%2f%2fevil.test", "/%2F%2Fevil.test"],
    ["/%5cevil.test", "/%5Cevil.test"],
  ])("sends %s to %s", (target, location) => {
    expect(redirect(target)).toBe(location);
  });

  it.each([
    "/",
    "/_.data",
    "/work",
    "/work.data?_routes=root",
    "/work/a-project",
    "/work/caf%C3%A9",
  ])("leaves the canonical %s alone", (target) => {
    expect(redirect(target)).toBeNull();
  });

  it("is kept by no shared cache", () => {
    const { request, url } = ask("/%77ork");
    expect(canonicalRedirect(request, url)?.headers.get("Cache-Control")).toBe(
      "private, max-age=3600",
    );
  });
});

describe("isResourceDataRequest", () => {
  it.each([
    ["/api/now-playing.data", true],
    ["/API/now-playing.data", true],
    ["/%61pi/now-playing.data", true],
    ["/media/videos/abc.webp.data?w=400", true],
    ["/studio.data", true],
    ["/robots.txt.data", true],
    ["/api/now-playing", false],
    ["/work.data", false],
    ["/_.data", false],
  ])("%s: %s", (target, refused) => {
    const { request, url } = ask(target);
    expect(isResourceDataRequest(request, url)).toBe(refused);
  });
});

describe("routeIdsOf", () => {
  it.each([
    ["/", ["root", "routes/_index"]],
    ["work", ["root", "routes/work._index"]],
    ["/work/:project", ["root", "routes/work.$project"]],
    ["culture", ["root", "routes/culture"]],
    ["*", ["root", "routes/$"]],
  ])("%s: the root and the page's own module", (pattern, ids) => {
    expect(routeIdsOf(pattern)).toEqual(ids);
  });
});

describe("keyedParamsProblem", () => {
  const problem = (target: string, pattern = "work", method = "GET") =>
    keyedParamsProblem(new Request(`http://localhost${target}`, { method }), pattern);

  it("takes what React Router's client sends: the matched routes in order, an event id, or neither", () => {
    for (const query of [
      "",
      "?utm_source=x",
      "?_routes=root",
      "?_routes=routes/work._index",
      "?_routes=root,routes/work._index",
      "?_routes=routes/work._index&lastLiveEventId=fake-1",
    ])
      expect(problem(`/work.data${query}`), query).toBeNull();
    expect(problem("/work/x.data?_routes=routes/work.$project", "work/:project")).toBeNull();
    expect(problem("/_.data?_routes=routes/_index", "/")).toBeNull();
  });

  it("refuses with 400 a data request's spelling no client sends: each a cache key of its own", async () => {
    for (const query of [
      "?_routes=root,root",
      "?_routes=routes/work._index,root",
      "?_routes=root,routes/legal",
      "?_routes=routes/culture,routes/legal,root,routes/_index",
      "?_routes=root,routes/work._index,zzz1",
      "?_routes=root&_routes=root",
      "?_routes=",
      "?_routes=routes/api.now-playing.test",
      "?lastLiveEventId=a&lastLiveEventId=b",
    ]) {
      const answer = problem(`/work.data${query}`);
      expect(answer?.status, query).toBe(400);
      expect(answer?.headers.get("Cache-Control"), query).toBe("private, no-store");
      expect(await answer?.text(), query).toMatch(/^Bad (_routes|lastLiveEventId)\.$/);
    }
  });

  it("sends a document, which reads neither, to its URL without them, kept by no shared cache", () => {
    for (const [target, location] of [
      ["/work?_routes=routes/legal", "/work"],
      ["/work?lastLiveEventId=a1&utm_source=x", "/work?utm_source=x"],
      ["/work/nope?lastLiveEventId=a&lastLiveEventId=CALL-555", "/work/nope"],
      ["/api/now-playing?_routes=x", "/api/now-playing"],
    ]) {
      const answer = problem(target!);
      expect(answer?.status, target).toBe(308);
      expect(answer?.headers.get("Location"), target).toBe(location);
      expect(answer?.headers.get("Cache-Control"), target).toBe("private, max-age=3600");
    }
  });

  it("leaves a POST alone: the webhook reads no query", () => {
    expect(problem("/api/revalidate?_routes=x", "api/revalidate", "POST")).toBeNull();
  });
});
