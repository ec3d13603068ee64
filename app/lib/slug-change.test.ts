import { describe, expect, it } from "vitest";
import { createRedirectTable } from "./redirects";
import { planSlugChange } from "./slug-change";

describe("planSlugChange", () => {
  it("redirects the old address to the project, permanently", () => {
    const plan = planSlugChange({
      projectId: "project-nota",
      publishedSlug: "nota",
      nextSlug: "nota-money-app",
      redirects: [],
    });
    expect(plan?.create).toEqual({
      _id: "redirect-rename-project-nota-nota",
      _type: "redirect",
      source: "/work/nota",
      destination: {
        _type: "redirectDestination",
        type: "internalLink",
        page: { _type: "reference", _ref: "project-nota" },
      },
      permanent: true,
    });
    expect(plan?.remove).toEqual([]);
    // What the site then does with it, projected as redirectsQuery does: the old path lands
    // on the new one.
    const table = createRedirectTable([
      {
        ...plan!.create,
        destination: { type: "internalLink", page: "project", slug: "nota-money-app" },
      },
    ]);
    expect(table.resolve("/work/nota", "?ref=print")).toMatchObject({
      kind: "redirect",
      status: 308,
      location: "/work/nota-money-app?ref=print",
    });
  });

  it("writes nothing for a first publish, an unchanged slug or one that differs only in case", () => {
    const base = { projectId: "p", redirects: [] };
    expect(planSlugChange({ ...base, publishedSlug: null, nextSlug: "new" })).toBeNull();
    expect(planSlugChange({ ...base, publishedSlug: "same", nextSlug: "same" })).toBeNull();
    expect(planSlugChange({ ...base, publishedSlug: "Same", nextSlug: "same" })).toBeNull();
    expect(planSlugChange({ ...base, publishedSlug: "old", nextSlug: "" })).toBeNull();
  });

  it("removes a redirect away from the new address when a project takes an old name back", () => {
    const plan = planSlugChange({
      projectId: "project-nota",
      publishedSlug: "nota-money-app",
      nextSlug: "nota",
      redirects: [
        { _id: "redirect-rename-project-nota-nota", source: "/work/nota" },
        { _id: "redirect-other", source: "/work/other" },
        { _id: "redirect-cased", source: "/Work/Nota/" },
      ],
    });
    expect(plan?.create.source).toBe("/work/nota-money-app");
    expect(plan?.remove).toEqual(["redirect-rename-project-nota-nota", "redirect-cased"]);
  });
});
