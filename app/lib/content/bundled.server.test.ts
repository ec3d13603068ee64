import { describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "../../../tests/support/dataset";
import { copyDataset } from "../../../tests/support/temp-dataset";
import { createBundledBackend } from "./bundled.server";
import { createContentSource } from "./source.server";

const TITLE = `*[_id == "legalPage"][0].title`;

describe("the bundled back end", () => {
  it("in development, shows an edit of data.ndjson on the next query, cache and all", async () => {
    const dataset = await copyDataset(BUNDLED_DATASET);
    // Loading the dataset runs sharp over every image: a loaded machine can take many
    // seconds, which is not what this test is about.
    const source = createContentSource(createBundledBackend(dataset.dir, { watch: true }), {
      timeoutMs: 120_000,
      cacheTtlMs: Number.POSITIVE_INFINITY,
    });
    const before = await source.query<string>(TITLE);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a distinct mtime
    await dataset.edit("legalPage", (doc) => ({ ...doc, title: "Edited while running" }));
    expect(await source.query<string>(TITLE)).toBe("Edited while running");
    expect(before).not.toBe("Edited while running");
  }, 240_000);

  it("in production, keeps what it loaded until told to reload", async () => {
    const dataset = await copyDataset(BUNDLED_DATASET);
    const backend = createBundledBackend(dataset.dir, { watch: false });
    const before = await backend.fetch<string>(TITLE, {});
    await dataset.edit("legalPage", (doc) => ({ ...doc, title: "Edited in production" }));
    expect(await backend.fetch<string>(TITLE, {})).toBe(before);
    await backend.reload();
    expect(await backend.fetch<string>(TITLE, {})).toBe("Edited in production");
  });

  it("shows drafts only in preview", async () => {
    const backend = createBundledBackend(BUNDLED_DATASET, { watch: false });
    const { previewed } = await backend.dataset();
    const draft = previewed.find((doc) => doc._originalId);
    expect(draft).toBeDefined();
    const query = `*[_id == $id][0].title`;
    expect(await backend.fetch(query, { id: draft!._id }, { preview: true })).toBe(draft!.title);
    expect(await backend.fetch(query, { id: draft!._id })).not.toBe(draft!.title);
  });
});
