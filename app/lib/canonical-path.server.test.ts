import { describe, expect, it } from "vitest";
import {
  canonicalPath,
  canonicalRedirect,
  hasForgedRoutesParam,
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

describe("hasForgedRoutesParam", () => {
  const forged = (query: string) =>
    hasForgedRoutesParam(new Request(`http://localhost/work.data${query}`));

  it("takes what React Router's client sends: route ids once each, or no _routes", () => {
    expect(forged("")).toBe(false);
    expect(forged("?_routes=root")).toBe(false);
    expect(forged("?_routes=root,routes/work._index")).toBe(false);
    expect(forged("?_routes=routes/work.$project")).toBe(false);
  });

  it("refuses repeats, ids no route has, and a second _routes: each a cache key of its own", () => {
    expect(forged("?_routes=root,root")).toBe(true);
    expect(forged("?_routes=root,routes/work._index,zzz1")).toBe(true);
    expect(forged("?_routes=root&_routes=root")).toBe(true);
    expect(forged("?_routes=")).toBe(true);
    expect(forged("?_routes=routes/api.now-playing.test")).toBe(true);
  });
});
