import { describe, expect, expectTypeOf, it } from "vitest";
import { ALT_DATASET, BUNDLED_DATASET, ask } from "../../tests/support/dataset";
import { culture, external, home, project, redirect, work } from "../../tests/support/redirects";
import { createBundledBackend } from "./content/bundled.server";
import { redirectsQuery } from "./content/queries";
import { livePagePaths, redirectProblems } from "./redirect-problems";
import type { RedirectsQueryResult } from "./content/sanity.types";
import {
  MAX_REDIRECT_HOPS,
  appendQuery,
  createRedirectTable,
  describeRedirect,
  leavesSite,
  normalizePath,
  redirectStatus,
  redirectTarget,
  resolveRedirect,
  sourceProblem,
  type RedirectInput,
} from "./redirects";

describe("normalizePath", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["///", "/"],
    ["/Work/", "/work"],
    ["/work//", "/work"],
    ["/WORK/Some-Project", "/work/some-project"],
    ["/work/some-project?ref=mail#top", "/work/some-project"],
    ["/caf%C3%A9", "/caf%C3%A9"],
    ["/café", "/caf%C3%A9"],
    ["/CAF%C3%89", "/caf%C3%A9"],
    ["/cafe\u0301", "/caf%C3%A9"],
    ["/old%2dname", "/old-name"],
    ["/a%2Fb/c", "/a%2Fb/c"],
    ["/a%2fb", "/a%2Fb"],
    ["/a b", "/a%20b"],
    ["/100%", "/100%"],
    ["/%E0%A4%A", "/%e0%a4%a"],
    ["no-slash", "/no-slash"],
  ])("%j → %j", (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it("keeps an encoded slash apart from a real one", () => {
    expect(normalizePath("/a%2Fb")).not.toBe(normalizePath("/a/b"));
  });
});

describe("sourceProblem", () => {
  it.each([
    ["/old-page", null],
    ["/", null],
    ["/projects/Old_Name.html", null],
    ["/caf%C3%A9", null],
    ["/café", null],
    ["/trailing/", null],
    [undefined, "missing"],
    ["", "missing"],
    [42, "missing"],
    ["/old page", "whitespace"],
    [" /old", "whitespace"],
    ["/old\t", "whitespace"],
    ["https://example.com/old", "absolute-url"],
    ["mailto:someone@example.com", "absolute-url"],
    ["//example.com/old", "absolute-url"],
    ["old-page", "relative"],
    ["example.com/old", "relative"],
    ["/old?id=4", "query"],
    ["/old#top", "fragment"],
    ["/a//b", "empty-segment"],
    ["/a/../b", "dot-segment"],
    ["/a/./b", "dot-segment"],
    ["/100%", "bad-encoding"],
    ["/%zz", "bad-encoding"],
    ["/api/now-playing", "site-route"],
    ["/Studio", "site-route"],
    ["/media/images/x.webp", "site-route"],
    ["/media", "site-route"],
    ["/robots.txt", "site-route"],
    ["/apiary", null],
  ])("%j → %j", (source, expected) => {
    expect(sourceProblem(source)).toBe(expected);
  });
});

describe("redirectTarget", () => {
  it("resolves internal pages as links do", () => {
    expect(redirectTarget(home)).toEqual({ kind: "internal", to: "/" });
    expect(redirectTarget(work)).toEqual({ kind: "internal", to: "/work" });
    expect(redirectTarget(culture)).toEqual({ kind: "internal", to: "/culture" });
    expect(redirectTarget({ type: "internalLink", page: "legalPage" })).toEqual({
      kind: "internal",
      to: "/legal",
    });
    expect(redirectTarget(project("a b"))).toEqual({ kind: "internal", to: "/work/a%20b" });
  });

  it("leads nowhere without a page, a slug or a web address", () => {
    expect(redirectTarget(null)).toEqual({ kind: "none" });
    expect(redirectTarget({ type: "internalLink", page: "project" })).toEqual({ kind: "none" });
    expect(redirectTarget({ type: "internalLink" })).toEqual({ kind: "none" });
    expect(redirectTarget(external("mailto:hello@example.com"))).toEqual({ kind: "none" });
    expect(redirectTarget(external("tel:+3545550100"))).toEqual({ kind: "none" });
    expect(redirectTarget(external("javascript:alert(1)"))).toEqual({ kind: "none" });
    expect(redirectTarget({ type: "externalLink" })).toEqual({ kind: "none" });
  });

  it("sends external destinations to their address", () => {
    expect(redirectTarget(external("https://jobs.example/open?team=1"))).toEqual({
      kind: "external",
      href: "https://jobs.example/open?team=1",
    });
  });

  it("treats an address on the site's own origin as the path it names", () => {
    const options = { siteOrigin: "https://site.example" };
    expect(redirectTarget(external("https://site.example/culture?x=1"), options)).toEqual({
      kind: "internal",
      to: "/culture?x=1",
    });
    expect(redirectTarget(external("https://other.example/culture"), options)).toEqual({
      kind: "external",
      href: "https://other.example/culture",
    });
    expect(redirectTarget(external("http://site.example/culture"), options).kind).toBe("external");
    expect(redirectTarget(external("https://site.example/x"), { siteOrigin: "not a url" })).toEqual(
      { kind: "external", href: "https://site.example/x" },
    );
  });

  it.each([
    external("https://site.example//evil.test"),
    external("https://site.example/.//evil.test"),
    external("https://site.example/%2e%2e//evil.test"),
    external("https://site.example/\\evil.test"),
  ])("follows no address of this site that a browser reads as another host (%j)", (to) => {
    const options = { siteOrigin: "https://site.example" };
    expect(redirectTarget(to, options)).toEqual({ kind: "none" });
    expect(leavesSite(to, options)).toBe(true);
    const resolution = resolveRedirect([redirect("/old", to)], "/old", options);
    expect(resolution).toEqual({ kind: "none" });
  });

  it("follows no internal link to a page type no route serves, whatever slug it carries", () => {
    for (const slug of ["//evil.test", "/\\evil.test", "/.//evil.test", "/work"]) {
      const to = { type: "internalLink", page: "otherPage", slug };
      expect(redirectTarget(to), slug).toEqual({ kind: "none" });
      expect(resolveRedirect([redirect("/old", to)], "/old")).toEqual({ kind: "none" });
    }
  });

  it("says a path of this site or an address elsewhere stays where it says", () => {
    const options = { siteOrigin: "https://site.example" };
    for (const to of [
      work,
      project("x"),
      external("https://site.example/work"),
      external("https://elsewhere.example//x"),
    ]) {
      expect(leavesSite(to, options), JSON.stringify(to)).toBe(false);
    }
  });
});

describe("redirectStatus", () => {
  it("answers 308 when permanent (the default) and 307 when not", () => {
    expect(redirectStatus(true)).toBe(308);
    expect(redirectStatus(null)).toBe(308);
    expect(redirectStatus(undefined)).toBe(308);
    expect(redirectStatus(false)).toBe(307);
  });
});

describe("appendQuery", () => {
  it.each([
    ["/work", "", "/work"],
    ["/work", "?", "/work"],
    ["/work", "?a=1&b=2", "/work?a=1&b=2"],
    ["/work", "a=1", "/work?a=1"],
    ["https://jobs.example/open", "?a=1", "https://jobs.example/open?a=1"],
    ["https://jobs.example/open?team=1", "?a=1", "https://jobs.example/open?team=1&a=1"],
    ["https://jobs.example/open?", "?a=1", "https://jobs.example/open?a=1"],
    ["https://jobs.example/open#list", "?a=1", "https://jobs.example/open?a=1#list"],
    ["https://jobs.example/?t=1#list", "?a=1", "https://jobs.example/?t=1&a=1#list"],
  ])("%j + %j → %j", (location, search, expected) => {
    expect(appendQuery(location, search)).toBe(expected);
  });
});

describe("matching", () => {
  const old = redirect("/Old-Page/", work);
  const table = createRedirectTable([
    old,
    redirect("/café", culture),
    redirect("/a%2Fb", home),
    redirect("bad source", home),
    redirect("/nowhere", { type: "internalLink", page: "project" }),
  ]);

  it("ignores letter case and trailing slashes", () => {
    for (const path of ["/old-page", "/OLD-PAGE", "/old-page/", "/Old-Page", "/old-page//"]) {
      expect(table.match(path), path).toBe(old);
    }
  });

  it("ignores how the path is percent-encoded", () => {
    expect(table.match("/caf%C3%A9")?.destination).toBe(culture);
    expect(table.match("/CAF%c3%89/")?.destination).toBe(culture);
    expect(table.match("/old%2Dpage")).toBe(old);
    expect(table.match("/a%2fb")?.destination).toBe(home);
    expect(table.match("/a/b")).toBeUndefined();
  });

  it("matches whole paths only", () => {
    expect(table.match("/old-page/more")).toBeUndefined();
    expect(table.match("/old")).toBeUndefined();
    expect(table.match("/")).toBeUndefined();
  });

  it("leaves out faulty sources and destinations that lead nowhere", () => {
    expect(table.match("/bad%20source")).toBeUndefined();
    expect(table.match("/nowhere")).toBeUndefined();
    expect(table.resolve("/nowhere")).toEqual({ kind: "none" });
  });

  it("lets the first of two redirects with one source win", () => {
    const first = redirect("/twin", home);
    const second = redirect("/TWIN/", work);
    expect(createRedirectTable([first, second]).match("/twin")).toBe(first);
  });
});

describe("resolving a request", () => {
  it("sends an internal redirect to the destination's path, keeping the query string", () => {
    const old = redirect("/case-studies", work);
    expect(resolveRedirect([old], "https://site.example/Case-Studies/?page=2&q=a%20b")).toEqual({
      kind: "redirect",
      status: 308,
      location: "/work?page=2&q=a%20b",
      external: false,
      hops: [old],
    });
  });

  it("resolves a project destination to /work/{slug}", () => {
    const result = resolveRedirect(
      [redirect("/projects/old", project("new-name"))],
      "/projects/old",
    );
    expect(result).toMatchObject({ kind: "redirect", location: "/work/new-name", status: 308 });
  });

  it("sends an external redirect to its address, the query string added", () => {
    const careers = redirect("/careers", external("https://jobs.example/open?team=design"), false);
    expect(resolveRedirect([careers], "/careers?utm_source=print")).toEqual({
      kind: "redirect",
      status: 307,
      location: "https://jobs.example/open?team=design&utm_source=print",
      external: true,
      hops: [careers],
    });
  });

  it("answers temporary when the redirect is temporary", () => {
    expect(resolveRedirect([redirect("/sale", home, false)], "/sale")).toMatchObject({
      status: 307,
    });
  });

  it("answers none for a path no redirect starts at", () => {
    expect(resolveRedirect([redirect("/a", home)], "/b?x=1")).toEqual({ kind: "none" });
    expect(resolveRedirect([], "/")).toEqual({ kind: "none" });
  });

  it("reads a URL object as well as a string", () => {
    const url = new URL("https://site.example/a?x=1");
    expect(resolveRedirect([redirect("/a", work)], url)).toMatchObject({ location: "/work?x=1" });
  });
});

describe("chains and loops", () => {
  it("follows a chain to its end in one answer", () => {
    const a = redirect("/a", { type: "internalLink", page: "project", slug: "b" });
    const b = redirect("/work/b", work);
    const c = redirect("/work", external("https://elsewhere.example/"));
    expect(resolveRedirect([a, b, c], "/a?x=1")).toEqual({
      kind: "redirect",
      status: 308,
      location: "https://elsewhere.example/?x=1",
      external: true,
      hops: [a, b, c],
    });
  });

  it("is permanent only when every hop is", () => {
    const a = redirect("/a", work);
    const b = redirect("/work", culture, false);
    expect(resolveRedirect([a, b], "/a")).toMatchObject({ status: 307, location: "/culture" });
    expect(resolveRedirect([a, b], "/work")).toMatchObject({ status: 307, hops: [b] });
  });

  it("matches each hop as a request would be matched", () => {
    const a = redirect("/a", project("Mixed Case"));
    const b = redirect("/WORK/mixed%20case/", home);
    expect(resolveRedirect([a, b], "/a")).toMatchObject({ location: "/", hops: [a, b] });
  });

  it("stops at a redirect whose destination leads nowhere", () => {
    const a = redirect("/a", work);
    const broken = redirect("/work", { type: "internalLink", page: "project" });
    expect(resolveRedirect([a, broken], "/a")).toMatchObject({ location: "/work", hops: [a] });
  });

  it("reports a loop instead of following it", () => {
    const a = redirect("/work", culture);
    const b = redirect("/culture", work);
    expect(resolveRedirect([a, b], "/work?x=1")).toEqual({ kind: "loop", hops: [a, b] });
    expect(resolveRedirect([a, b], "/Culture/")).toEqual({ kind: "loop", hops: [b, a] });
  });

  it("reports a redirect to itself as a loop", () => {
    const self = redirect("/Work/", work);
    expect(resolveRedirect([self], "/work")).toEqual({ kind: "loop", hops: [self] });
  });

  it("reports a loop that returns to a later hop", () => {
    const a = redirect("/a", work);
    const b = redirect("/work", culture);
    const c = redirect("/culture", work);
    expect(resolveRedirect([a, b, c], "/a")).toEqual({ kind: "loop", hops: [a, b, c] });
  });

  it("reports a loop through the site's own address", () => {
    const origin = { siteOrigin: "https://site.example" };
    const a = redirect("/a", external("https://site.example/b"));
    const b = redirect("/b", external("https://site.example/A?again=1"));
    expect(resolveRedirect([a, b], "/a", origin)).toEqual({ kind: "loop", hops: [a, b] });
    // Without the origin, the first address is simply elsewhere.
    expect(resolveRedirect([a, b], "/a")).toMatchObject({
      location: "https://site.example/b",
      external: true,
    });
  });

  it("gives up after the hop limit", () => {
    const long = Array.from({ length: MAX_REDIRECT_HOPS + 1 }, (_, index) =>
      redirect(`/work/p${index}`, project(`p${index + 1}`)),
    );
    expect(resolveRedirect(long, "/work/p0")).toEqual({
      kind: "too-long",
      hops: long.slice(0, MAX_REDIRECT_HOPS),
    });
    expect(resolveRedirect(long.slice(1), "/work/p1")).toMatchObject({
      kind: "redirect",
      location: `/work/p${MAX_REDIRECT_HOPS + 1}`,
    });
    expect(resolveRedirect(long, "/work/p0", { maxHops: 2 })).toMatchObject({ kind: "too-long" });
  });
});

describe("describeRedirect", () => {
  it("reads source → destination", () => {
    expect(describeRedirect(redirect("/old", project("new")))).toBe("/old → /work/new");
    expect(describeRedirect(redirect("/jobs", external("https://jobs.example/")))).toBe(
      "/jobs → https://jobs.example/",
    );
    expect(describeRedirect({ source: "/old" })).toBe("/old → …");
    expect(describeRedirect({})).toBe("… → …");
  });
});

describe("redirectsQuery", () => {
  it("has results the redirect rules take", () => {
    expectTypeOf<RedirectsQueryResult[number]>().toExtend<RedirectInput>();
  });

  describe.each([
    ["the bundled dataset", BUNDLED_DATASET],
    ["the fixture dataset", ALT_DATASET],
  ])("against %s", (_label, dir) => {
    const backend = createBundledBackend(dir, { watch: false });

    it("returns every published redirect, each leading to a page or an address", async () => {
      const { result: redirects } = await backend.fetch<RedirectsQueryResult>(redirectsQuery, {});
      const ids = await ask<string[]>(dir, `*[_type == "redirect"]._id`);
      expect(redirects.map((entry) => entry._id).sort()).toEqual([...ids].sort());
      expect(redirects.length).toBeGreaterThan(0);
      const slugs = await ask<string[]>(dir, `*[_type == "project"].slug.current`);
      const siteOrigin = await ask<string | null>(dir, `*[_id == "general"][0].siteUrl`);
      for (const entry of redirects) {
        expect(typeof entry.permanent).toBe("boolean");
        const target = redirectTarget(entry.destination, { siteOrigin });
        expect(target.kind, entry._id).not.toBe("none");
        if (target.kind === "internal") {
          expect([...livePagePaths(slugs)].map(normalizePath)).toContain(normalizePath(target.to));
        }
        // Valid content: a good source, no conflict with another redirect or a page.
        expect(sourceProblem(entry.source), entry._id).toBeNull();
        const others = redirects.filter((other) => other !== entry);
        expect(
          redirectProblems(entry, others, { livePaths: livePagePaths(slugs), siteOrigin }),
          entry._id,
        ).toEqual([]);
        // And a request for the source lands on the destination in one step, query kept.
        expect(
          resolveRedirect(redirects, `${entry.source}?from=test`, { siteOrigin }),
        ).toMatchObject({
          kind: "redirect",
          status: entry.permanent ? 308 : 307,
          hops: [entry],
        });
      }
    });
  });
});
