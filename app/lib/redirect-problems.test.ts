import { describe, expect, it } from "vitest";
import { culture, external, home, project, redirect, work } from "../../tests/support/redirects";
import { livePagePaths, redirectProblems } from "./redirect-problems";

describe("redirectProblems", () => {
  const live = livePagePaths(["harbour"]);

  it("lists the live pages: home, Work, Culture, Legal and every project", () => {
    expect(live).toEqual(["/", "/work", "/culture", "/legal", "/work/harbour"]);
  });

  it("finds nothing wrong with a redirect that stands alone", () => {
    const self = redirect("/old", project("harbour"));
    const other = redirect("/older", external("https://elsewhere.example/"));
    expect(redirectProblems(self, [other], { livePaths: live })).toEqual([]);
  });

  it("refuses a second redirect from the same source, whatever its case or slash", () => {
    const self = { ...redirect("/Old-Page/", work), _id: "drafts.self" };
    const other = redirect("/old-page", culture);
    const otherDraft = { ...other, _id: `drafts.${other._id}` };
    // Its own published version is not a duplicate; the other's two versions name it once.
    const ownPublished = { ...self, _id: "self" };
    expect(redirectProblems(self, [ownPublished, other, otherDraft])).toEqual([
      { code: "duplicate", field: "source", level: "error", other },
    ]);
  });

  it("refuses a redirect to its own source", () => {
    expect(redirectProblems(redirect("/Work/", work), [])).toEqual([
      { code: "self", field: "destination", level: "error" },
    ]);
    expect(
      redirectProblems(redirect("/x", external("https://site.example/X/")), [], {
        siteOrigin: "https://site.example",
      }),
    ).toEqual([{ code: "self", field: "destination", level: "error" }]);
  });

  it("refuses a destination that is itself redirected, naming that redirect", () => {
    const self = redirect("/a", work);
    const next = redirect("/Work", culture);
    expect(redirectProblems(self, [next])).toEqual([
      { code: "chain", field: "destination", level: "error", other: next },
    ]);
  });

  it("refuses a source another redirect sends visitors to, naming it", () => {
    const self = redirect("/work", culture);
    const before = redirect("/a", work);
    expect(redirectProblems(self, [before], { livePaths: live })).toEqual([
      { code: "hides-page", field: "source", level: "warning" },
      { code: "chained-from", field: "source", level: "error", other: before },
    ]);
  });

  it("refuses a loop, naming the redirects in it, and not as a chain too", () => {
    const self = redirect("/work", culture);
    const back = redirect("/culture", work);
    expect(redirectProblems(self, [back])).toEqual([
      { code: "loop", field: "destination", level: "error", via: [back] },
    ]);
    const via1 = redirect("/culture", home);
    const via2 = redirect("/", work);
    expect(redirectProblems(self, [via1, via2])).toEqual([
      { code: "loop", field: "destination", level: "error", via: [via1, via2] },
    ]);
  });

  it("calls a loop further on a chain", () => {
    const self = redirect("/a", work);
    const b = redirect("/work", culture);
    const c = redirect("/culture", work);
    expect(redirectProblems(self, [b, c])).toEqual([
      { code: "chain", field: "destination", level: "error", other: b },
    ]);
  });

  it("warns when the source is a live page's path", () => {
    for (const source of ["/", "/Work/", "/culture", "/legal", "/work/Harbour"]) {
      expect(
        redirectProblems(redirect(source, external("https://x.example/")), [], {
          livePaths: live,
        }),
        source,
      ).toEqual([{ code: "hides-page", field: "source", level: "warning" }]);
    }
    expect(
      redirectProblems(redirect("/work/harbour-old", project("harbour")), [], { livePaths: live }),
    ).toEqual([]);
  });

  it("leaves faulty sources and destinations to the fields' own rules", () => {
    expect(redirectProblems(redirect("no slash", work), [redirect("no slash", home)])).toEqual([]);
    expect(redirectProblems(redirect("/a", null), [redirect("/a", home)])).toMatchObject([
      { code: "duplicate" },
    ]);
  });

  it("refuses a destination on the site's own address that a browser reads as another host", () => {
    const siteOrigin = "https://site.example";
    for (const href of [`${siteOrigin}//evil.test`, `${siteOrigin}/.//evil.test`]) {
      expect(redirectProblems(redirect("/old", external(href)), [], { siteOrigin })).toEqual([
        { code: "leaves-site", field: "destination", level: "error" },
      ]);
    }
    const fine = redirect("/old", external(`${siteOrigin}/work`));
    expect(redirectProblems(fine, [], { siteOrigin })).toEqual([]);
  });
});
