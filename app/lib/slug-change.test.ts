import { createClient } from "@sanity/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ask, BUNDLED_DATASET } from "../../tests/support/dataset";
import { startFakeSanity, type FakeSanity } from "../../tests/support/fake-sanity";
import { redirectsQuery } from "./content/queries";
import { createRedirectTable, type RedirectInput } from "./redirects";
import { keepOldAddress, planSlugChange } from "./slug-change";

describe("planSlugChange", () => {
  it("writes no redirect the site would never match or follow", () => {
    const change = { projectId: "p", redirects: [] };
    expect(planSlugChange({ ...change, publishedSlug: "old", nextSlug: ".." })).toBeNull();
    expect(planSlugChange({ ...change, publishedSlug: ".", nextSlug: "new" })).toBeNull();
    expect(
      planSlugChange({ ...change, publishedSlug: "old", nextSlug: "new" })?.create.source,
    ).toBe("/work/old");
  });

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

describe("keepOldAddress: the Studio's publish action against Sanity's HTTP API (a local fake)", () => {
  let fake: FakeSanity;
  let project: { _id: string; slug: string };
  // The client the Studio hands the action: signed in, so it carries the editor's token.
  const client = ({ signedIn = true } = {}) =>
    createClient({
      projectId: "fake1234",
      dataset: "production",
      apiVersion: "2025-02-19",
      useCdn: false,
      apiHost: fake.url,
      useProjectHostname: false,
      token: signedIn ? "editor-session-token" : undefined,
    });
  const rename = (slug: string) =>
    fake.setDocuments((docs) =>
      docs.map((doc) =>
        doc._id === project._id ? { ...doc, slug: { _type: "slug", current: slug } } : doc,
      ),
    );

  beforeEach(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
    const projects = await ask<{ _id: string; slug: string }[]>(
      BUNDLED_DATASET,
      `*[_type == "project" && defined(slug.current)] | order(_id)[0...1]{ _id, "slug": slug.current }`,
    );
    project = projects[0]!;
  });
  afterEach(() => fake.close());

  it("writes the old address's redirect in one transaction, and the site then sends visitors on", async () => {
    const renamed = `${project.slug}-renamed`;
    const plan = await keepOldAddress(client(), {
      projectId: project._id,
      publishedSlug: project.slug,
      nextSlug: renamed,
    });
    expect(fake.mutations, "one transaction, the redirect").toEqual([
      [{ createOrReplace: plan!.create }],
    ]);
    rename(renamed); // the publish itself
    const entries = await client({ signedIn: false }).fetch<RedirectInput[]>(redirectsQuery);
    expect(createRedirectTable(entries).resolve(`/work/${project.slug}`, "?ref=print")).toEqual(
      expect.objectContaining({ status: 308, location: `/work/${renamed}?ref=print` }),
    );
  });

  it("removes, in the same transaction, a redirect away from the name a project takes back", async () => {
    const renamed = `${project.slug}-renamed`;
    await keepOldAddress(client(), {
      projectId: project._id,
      publishedSlug: project.slug,
      nextSlug: renamed,
    });
    rename(renamed);
    const plan = await keepOldAddress(client(), {
      projectId: project._id,
      publishedSlug: renamed,
      nextSlug: project.slug,
    });
    const firstRedirect = fake.mutations[0]![0]!.createOrReplace as { _id: string };
    expect(plan!.remove, "the redirect the first rename wrote").toEqual([firstRedirect._id]);
    expect(fake.mutations[1]).toEqual([
      { createOrReplace: plan!.create },
      ...plan!.remove.map((id) => ({ delete: { id } })),
    ]);
    rename(project.slug);
    const entries = await client({ signedIn: false }).fetch<RedirectInput[]>(redirectsQuery);
    const table = createRedirectTable(entries);
    expect(table.resolve(`/work/${project.slug}`, ""), "the live page is not sent away").toEqual(
      expect.objectContaining({ kind: "none" }),
    );
    expect(table.resolve(`/work/${renamed}`, "")).toEqual(
      expect.objectContaining({ location: `/work/${project.slug}` }),
    );
  });

  it("asks and writes nothing when the address does not change", async () => {
    const before = fake.requests.length;
    for (const [publishedSlug, nextSlug] of [
      [null, project.slug],
      [project.slug, project.slug],
      [project.slug, project.slug.toUpperCase()],
    ]) {
      await expect(
        keepOldAddress(client(), { projectId: project._id, publishedSlug, nextSlug }),
      ).resolves.toBeNull();
    }
    expect(fake.requests.length, "no query").toBe(before);
    expect(fake.mutations, "no transaction").toEqual([]);
  });

  it("rejects, writing nothing, when Sanity refuses the transaction", async () => {
    await expect(
      keepOldAddress(client({ signedIn: false }), {
        projectId: project._id,
        publishedSlug: project.slug,
        nextSlug: `${project.slug}-renamed`,
      }),
    ).rejects.toThrow(/Not signed in|Unauthorized/);
    expect(fake.mutations).toEqual([]);
  });
});
