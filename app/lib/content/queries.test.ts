import { describe, expect, it } from "vitest";
import { ALT_DATASET, ask, BUNDLED_DATASET } from "../../../tests/support/dataset";
import { createBundledBackend } from "./bundled.server";
import type { MediaItem, PageModule } from "./model";
import { FIRST_SCREEN_CARDS } from "../media/layouts";
import {
  culturePageQuery,
  generalQuery,
  homepageQuery,
  legalPageQuery,
  projectQuery,
  projectSlugsQuery,
  workPageQuery,
} from "./queries";
import { createContentSource } from "./source.server";

/**
 * A media item as the components read it; an image with its blurred placeholder only where it
 * is in the first screen (docs/decisions/062-placeholders-first-screen.md).
 */
function expectMediaItem(
  item: MediaItem | null | undefined,
  where: "first screen" | "further down" = "further down",
) {
  if (!item) return;
  expect(["mainImage", "mainVideo"]).toContain(item._type);
  if (item._type === "mainImage") {
    expect(item.image?.asset?._ref).toMatch(/^image-[0-9a-f]{40}-\d+x\d+-\w+$/);
    expect(item.image?.dimensions?.width).toBeGreaterThan(0);
    const image = (item.image ?? {}) as { lqip?: unknown };
    if (where === "first screen") expect(image.lqip).toMatch(/^data:image\/jpeg;base64,/);
    else expect(image).not.toHaveProperty("lqip");
  } else {
    expect(item.playbackId).toEqual(expect.any(String));
    expect([null, "high.mp4", "highest.mp4"]).toContain(item.mp4Rendition);
  }
}

function expectModules(modules: PageModule[] | null | undefined) {
  for (const module of modules ?? []) {
    expect(typeof module.inverted).toBe("boolean");
    if (module._type === "mediaModule") expectMediaItem(module.media);
    if (module._type === "galleryModule") module.items?.forEach((item) => expectMediaItem(item));
    if (module._type === "peopleModule") {
      for (const person of module.people ?? []) {
        expect(person._key).toEqual(expect.any(String));
        expectMediaItem({ _key: person._key, _type: "mainImage", image: person.image });
        // Names and roles are optional: a string, or nothing (never an empty caption to show).
        for (const text of [person.name, person.role]) expect(text ?? "x").toMatch(/\S/);
      }
    }
    if (module._type === "projectsModule") {
      for (const project of module.projects ?? []) expect(project.slug).toEqual(expect.any(String));
    }
  }
}

describe.each([
  ["the bundled dataset", BUNDLED_DATASET],
  ["a second dataset with other slugs", ALT_DATASET],
])("every query against %s", (_label, dir) => {
  const source = createContentSource(createBundledBackend(dir, { watch: false }), {
    timeoutMs: 10_000,
  });
  // Typed as TypeGen says (sanity.types.ts); a test's own query answers `unknown`.
  const run = <Q extends string>(query: Q, params = {}) => source.query(query, params);
  const strings = async (query: string) => (await run(query)) as string[];

  it("general settings", async () => {
    const general = (await run(generalQuery))!;
    expect(general.siteTitle).toEqual(expect.any(String));
    expect(Array.isArray(general.address ?? [])).toBe(true);
  });

  it("homepage, work, culture and legal pages", async () => {
    const [home, work, culture, legal] = await Promise.all([
      run(homepageQuery),
      run(workPageQuery),
      run(culturePageQuery),
      run(legalPageQuery),
    ]).then(
      (pages) =>
        pages.map((page) => page!) as { [K in keyof typeof pages]: NonNullable<(typeof pages)[K]> },
    );
    for (const page of [home, work, culture, legal]) {
      expect(page.title).toEqual(expect.any(String));
      expect(typeof page.hidden).toBe("boolean");
    }
    expectMediaItem(home.hero, "first screen");
    expectMediaItem(culture.hero, "first screen");
    expectModules(home.modules);
    expectModules(culture.modules);
    // Both datasets have a people module on the culture page (one with names, one without).
    expect(culture.modules?.some((module) => module._type === "peopleModule")).toBe(true);
    expect(work.projects?.length).toBeGreaterThan(0);
    expect(legal.body?.length).toBeGreaterThan(0);
  });

  it("work lists no hidden project", async () => {
    const work = (await run(workPageQuery))!;
    const hidden = await strings(`*[_type == "project" && hidden == true].slug.current`);
    const listed = (work.projects ?? []).map((project) => project.slug);
    for (const slug of hidden) expect(listed).not.toContain(slug);
  });

  it("a project by slug, with the Work list to find the next one", async () => {
    const slugs = await run(projectSlugsQuery);
    // Every project has a slug: the list the project route checks a slug against is all of them.
    expect(slugs).toEqual(await strings(`*[_type == "project"].slug.current`));
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) {
      const { project, siblings } = await run(projectQuery, { slug });
      expect(project?.slug).toBe(slug);
      expectMediaItem(project?.hero, "first screen");
      expectModules(project?.modules);
      expect(siblings?.length).toBeGreaterThan(0);
    }
  });

  it("the next-project list is the Work list, in its order, without pictures", async () => {
    const work = (await run(workPageQuery))!;
    const [slug] = await run(projectSlugsQuery);
    const { siblings } = await run(projectQuery, { slug: slug! });
    expect(siblings?.map((project) => project.slug)).toEqual(
      work.projects?.map((project) => project.slug),
    );
    for (const sibling of siblings ?? []) expect(sibling).not.toHaveProperty("thumbnail");
  });

  it("the Work list's first-screen cards (eager) bring their placeholders, the others none", async () => {
    const projects = (await run(workPageQuery))!.projects ?? [];
    expect(projects.length).toBeGreaterThan(0);
    projects.forEach((project, index) =>
      expectMediaItem(
        project.thumbnail,
        index < FIRST_SCREEN_CARDS ? "first screen" : "further down",
      ),
    );
  });

  it("rich text with the keys of headings and links only (nothing reads the others)", async () => {
    const legal = (await run(legalPageQuery))!;
    const blocks = (legal.body ?? []).filter((block) => block._type === "block");
    expect(blocks.some((block) => block.style === "normal")).toBe(true);
    for (const block of blocks) {
      if (/^h[1-6]$/.test(block.style ?? "")) expect(block._key).toEqual(expect.any(String));
      else expect(block._key).toBeNull();
      for (const span of block.children ?? []) {
        expect(span).not.toHaveProperty("_key");
        expect(Array.isArray(span.marks)).toBe(true);
      }
      for (const mark of block.markDefs ?? []) expect(mark._key).toEqual(expect.any(String));
    }
  });

  it("no project for an unknown slug, and parameters are never code", async () => {
    for (const slug of ["missing", '" || true || "', "*"]) {
      const { project } = await run(projectQuery, { slug });
      expect(project).toBeNull();
    }
  });

  it("never shows drafts outside preview", async () => {
    const ids = await strings(`*[_id in path("drafts.**")]._id`);
    expect(ids).toEqual([]);
  });
});

describe("singleton ids", () => {
  it("are the ones the Studio and the webhook know (SINGLETONS), wherever a query names one", async () => {
    const queries = await import("./queries");
    const { SINGLETONS } = await import("./singletons");
    const known = new Set(Object.values(SINGLETONS).map((singleton) => singleton.id));
    const named = (Object.values(queries) as unknown[])
      .filter((value): value is string => typeof value === "string")
      .flatMap((query) => [...query.matchAll(/_id == "([^"]+)"|_id in \[([^\]]+)\]/g)])
      .flatMap((match) => (match[1] ? [match[1]] : ((match[2] ?? "").match(/[\w.-]+/g) ?? [])));
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(known, `query names singleton "${id}"`).toContain(id);
  });
});

describe("an image the editor marked decorative", () => {
  it("has no alt text, whatever its hidden alt field still holds", async () => {
    const { copyDataset } = await import("../../../tests/support/temp-dataset");
    const copy = await copyDataset(BUNDLED_DATASET);
    const source = createContentSource(createBundledBackend(copy.dir, { watch: false }), {
      timeoutMs: 10_000,
    });
    const [slug] = await source.query(projectSlugsQuery, {});
    const { project } = await source.query(projectQuery, { slug });
    const hero = project?.hero;
    if (hero?._type !== "mainImage") throw new Error(`${slug}'s hero is not an image`);
    expect(hero.image?.alt).toBeTruthy();
    await copy.edit(project!._id, (doc) => {
      const [first, ...rest] = doc.hero as { image: Record<string, unknown> }[];
      return {
        ...doc,
        hero: [{ ...first, image: { ...first!.image, decorative: true } }, ...rest],
      };
    });
    const fresh = createContentSource(createBundledBackend(copy.dir, { watch: false }), {
      timeoutMs: 10_000,
    });
    const after = (await fresh.query(projectQuery, { slug })).project?.hero;
    expect(after?._type === "mainImage" && after.image?.alt).toBe("");
  });
});

describe("a half-width picture", () => {
  it("is not kept readable on phones, an option the Studio hides for it", async () => {
    const { copyDataset } = await import("../../../tests/support/temp-dataset");
    const copy = await copyDataset(BUNDLED_DATASET);
    type Module = { _key: string; _type: string; size?: string; readableOnPhones?: boolean };
    const [found] = await ask<{ id: string; slug: string; key: string }[]>(
      copy.dir,
      `*[_type == "project"]{ "id": _id, "slug": slug.current, "key": modules[_type == "mediaModule" && size == "half"][0]._key }[defined(key)]`,
    );
    if (!found) throw new Error("The dataset has no half-width picture: this test needs one");
    await copy.edit(found.id, (doc) => ({
      ...doc,
      modules: (doc.modules as Module[]).map((module) =>
        module._key === found.key ? { ...module, readableOnPhones: true } : module,
      ),
    }));
    const source = createContentSource(createBundledBackend(copy.dir, { watch: false }), {
      timeoutMs: 10_000,
    });
    const { project } = await source.query(projectQuery, { slug: found.slug });
    const module = project?.modules?.find((candidate) => candidate._key === found.key);
    expect(module?._type === "mediaModule" && module.readableOnPhones).toBe(false);
  });
});

describe("the Work list while its curated list is empty", () => {
  it("is newest first, with a project without a year last, not first", async () => {
    const { copyDataset } = await import("../../../tests/support/temp-dataset");
    const copy = await copyDataset(ALT_DATASET);
    const listed = await ask<{ id: string; year: number | null }[]>(
      copy.dir,
      `*[_type == "project" && hidden != true && defined(slug.current)] | order(year desc){ "id": _id, year }`,
    );
    expect(await ask<unknown[] | null>(copy.dir, `*[_id == "workPage"][0].projects`)).toEqual([]);
    const newest = listed[0]!;
    expect(newest.year).toEqual(expect.any(Number));
    await copy.edit(newest.id, (doc) => ({ ...doc, year: undefined }));
    const source = createContentSource(createBundledBackend(copy.dir, { watch: false }), {
      timeoutMs: 10_000,
    });
    const page = await source.query(workPageQuery, {});
    const order = (page?.projects ?? []).map((project) => project._id);
    expect(order).toEqual([...listed.slice(1).map((project) => project.id), newest.id]);
    const next = await source.query(projectQuery, { slug: page!.projects![0]!.slug });
    expect(next.siblings?.map((project) => project._id)).toEqual(order);
  });
});

describe("a video section's Mux asset", () => {
  /** A copy of the bundled dataset, and the project section's video as the query gives it. */
  async function videoSection() {
    const { copyDataset } = await import("../../../tests/support/temp-dataset");
    const copy = await copyDataset(BUNDLED_DATASET);
    const [found] = await ask<{ slug: string; key: string; asset: string }[]>(
      copy.dir,
      `*[_type == "project"]{
        "slug": slug.current,
        "key": modules[_type == "mediaModule" && media[0]._type == "mainVideo"][0]._key,
        "asset": modules[_type == "mediaModule" && media[0]._type == "mainVideo"][0].media[0].video.asset._ref
      }[defined(key)]`,
    );
    if (!found) throw new Error("The dataset has no video section: this test needs one");
    return async (asset: Record<string, unknown>) => {
      await copy.edit(found.asset, (doc) => ({ ...doc, ...asset }));
      const source = createContentSource(createBundledBackend(copy.dir, { watch: false }), {
        timeoutMs: 10_000,
      });
      const { project } = await source.query(projectQuery, { slug: found.slug });
      const module = project?.modules?.find((candidate) => candidate._key === found.key);
      const media = module?._type === "mediaModule" ? module.media : undefined;
      if (media?._type !== "mainVideo") throw new Error("The section lost its video");
      return media;
    };
  }

  it("names its MP4: high.mp4 with mp4_support, highest.mp4 with the plugin's static renditions, none before", async () => {
    const video = await videoSection();
    const files = (status: string) => ({
      static_renditions: { status, files: [{ name: "highest.mp4", ext: "mp4", status }] },
    });
    const mp4 = async (data: Record<string, unknown>) => (await video({ data })).mp4Rendition;
    expect(await mp4({ mp4_support: "standard" })).toBe("high.mp4");
    expect(await mp4(files("ready"))).toBe("highest.mp4");
    expect(await mp4(files("preparing"))).toBeNull();
    expect(await mp4({ mp4_support: "none" })).toBeNull();
  });

  it("has no playback id until Mux has made it ready: no player is shown that cannot play", async () => {
    const video = await videoSection();
    expect((await video({ status: "ready" })).playbackId).toEqual(expect.any(String));
    expect((await video({ status: "preparing" })).playbackId).toBeNull();
    expect((await video({ status: "errored" })).playbackId).toBeNull();
  });
});
