import { describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "../../../tests/support/dataset";
import { copyDataset } from "../../../tests/support/temp-dataset";
import { bundledSyncTag, createBundledBackend } from "./bundled.server";
import { createContentSource } from "./source.server";

const TITLE = `*[_id == "legalPage"][0].title`;

describe("the bundled back end", () => {
  it("in development, shows an edit of data.ndjson on the next query, cache and all", async () => {
    const dataset = await copyDataset(BUNDLED_DATASET);
    // Loading the dataset runs sharp over every image: a loaded machine can take many
    // seconds, which is not what this test is about.
    const backend = createBundledBackend(dataset.dir, { watch: true });
    const source = createContentSource(backend, {
      timeoutMs: 120_000,
      cacheTtlMs: Number.POSITIVE_INFINITY,
    });
    const syncTags = new Set<string>();
    const before = await source.query<string>(TITLE, {}, { syncTags });
    const other = `*[_id == "general"][0]._id`;
    await source.query(other);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a distinct mtime
    await dataset.edit("legalPage", (doc) => ({ ...doc, title: "Edited while running" }));
    // What the dev server pushes to open tabs: the tag of the query whose answer changed, only.
    expect(await backend.changedTags()).toEqual([bundledSyncTag(TITLE, {})]);
    expect([...syncTags]).toEqual([bundledSyncTag(TITLE, {})]);
    expect(await source.query<string>(TITLE)).toBe("Edited while running");
    expect(before).not.toBe("Edited while running");
    expect(await backend.changedTags()).toEqual([]);
  }, 240_000);

  it("in production, keeps what it loaded until told to reload", async () => {
    const dataset = await copyDataset(BUNDLED_DATASET);
    const backend = createBundledBackend(dataset.dir, { watch: false });
    const before = (await backend.fetch<string>(TITLE, {})).result;
    await dataset.edit("legalPage", (doc) => ({ ...doc, title: "Edited in production" }));
    expect((await backend.fetch<string>(TITLE, {})).result).toBe(before);
    await backend.reload();
    expect((await backend.fetch<string>(TITLE, {})).result).toBe("Edited in production");
  });

  it("shows drafts only in preview", async () => {
    const backend = createBundledBackend(BUNDLED_DATASET, { watch: false });
    const { previewed } = await backend.dataset();
    const draft = previewed.find((doc) => doc._originalId);
    expect(draft).toBeDefined();
    const query = `*[_id == $id][0].title`;
    const read = async (preview: boolean) =>
      (await backend.fetch(query, { id: draft!._id }, { preview })).result;
    expect(await read(true)).toBe(draft!.title);
    expect(await read(false)).not.toBe(draft!.title);
  });
});
