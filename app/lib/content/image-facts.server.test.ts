import { createHash } from "node:crypto";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ALT_DATASET, BUNDLED_DATASET } from "../../../tests/support/dataset";
import { DatasetError, loadDataset } from "./dataset.server";
import { deriveImageFacts, IMAGE_FACTS_FILE, readImageFacts } from "./image-facts.server";

async function datasetWithImage(facts?: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "facts-"));
  await mkdir(path.join(dir, "images"));
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
    .jpeg()
    .toBuffer();
  await writeFile(path.join(dir, "images", "a.jpg"), bytes);
  const image = { _type: "image", _sanityAsset: "image@file://./images/a.jpg", alt: "A" };
  await writeFile(
    path.join(dir, "data.ndjson"),
    JSON.stringify({ _id: "legalPage", _type: "legalPage", title: "Legal", image }),
  );
  if (facts !== undefined) await writeFile(path.join(dir, IMAGE_FACTS_FILE), facts);
  return { dir, sha1: createHash("sha1").update(bytes).digest("hex") };
}

const lqipOf = async (dir: string) => {
  const { published } = await loadDataset(dir);
  const asset = published.find((doc) => doc._type === "sanity.imageAsset") as unknown as {
    _id: string;
    metadata: { lqip: string };
  };
  return { id: asset._id, lqip: asset.metadata.lqip };
};

describe("image facts", () => {
  it.each([
    ["bundled", BUNDLED_DATASET],
    ["fixture", ALT_DATASET],
  ])(
    "the %s dataset carries the facts of every image it names, up to date (npm run dataset:facts)",
    async (_, dir) => {
      expect(await readImageFacts(dir)).toEqual(await deriveImageFacts(dir));
    },
    120_000,
  );

  it("are taken from the dataset's facts file instead of describing the file", async () => {
    const { dir, sha1 } = await datasetWithImage();
    const facts = { width: 40, height: 30, extension: "jpg", hasAlpha: false, lqip: "data:x" };
    await writeFile(path.join(dir, IMAGE_FACTS_FILE), JSON.stringify({ [sha1]: facts }));
    expect(await lqipOf(dir)).toEqual({ id: `image-${sha1}-40x30-jpg`, lqip: "data:x" });
  });

  it("are derived for a file the facts file does not know (or a dataset without one)", async () => {
    const { dir, sha1 } = await datasetWithImage(JSON.stringify({ ["0".repeat(40)]: {} }));
    const { id, lqip } = await lqipOf(dir);
    expect(id).toBe(`image-${sha1}-40x30-jpg`);
    expect(lqip).toMatch(/^data:image\/jpeg;base64,/);
  });

  it("refuse a facts file that is not JSON, naming it", async () => {
    const { dir } = await datasetWithImage("{ nope");
    await expect(loadDataset(dir)).rejects.toThrow(DatasetError);
    await expect(loadDataset(dir)).rejects.toThrow(IMAGE_FACTS_FILE);
  });
});
