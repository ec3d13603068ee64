import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DatasetError, loadDataset } from "./dataset.server";

async function makeDataset(lines: unknown[], images: Record<string, [number, number]> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "dataset-"));
  await mkdir(path.join(dir, "images"));
  for (const [name, [width, height]] of Object.entries(images)) {
    await sharp({ create: { width, height, channels: 3, background: "#001489" } })
      .jpeg()
      .toFile(path.join(dir, "images", name));
  }
  await writeFile(
    path.join(dir, "data.ndjson"),
    lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"),
  );
  return dir;
}

describe("loadDataset", () => {
  it("turns _sanityAsset into a reference to a derived sanity.imageAsset", async () => {
    const dir = await makeDataset(
      [
        {
          _id: "homepage",
          _type: "homepage",
          title: "Home",
          hero: [
            {
              _key: "a",
              _type: "mainImage",
              image: { _type: "image", _sanityAsset: "image@file://./images/one.jpg", alt: "One" },
            },
          ],
        },
      ],
      { "one.jpg": [300, 200] },
    );
    const { published, images } = await loadDataset(dir);
    const home = published.find((doc) => doc._id === "homepage") as unknown as {
      hero: { image: Record<string, unknown> }[];
    };
    const ref = (home.hero[0]!.image.asset as { _ref: string })._ref;
    expect(ref).toMatch(/^image-[0-9a-f]{40}-300x200-jpg$/);
    expect(home.hero[0]!.image.alt).toBe("One");
    expect(home.hero[0]!.image._sanityAsset).toBeUndefined();
    const asset = published.find((doc) => doc._id === ref) as unknown as {
      metadata: { lqip: string; dimensions: unknown };
    };
    expect(asset.metadata.dimensions).toMatchObject({ width: 300, height: 200, aspectRatio: 1.5 });
    expect(asset.metadata.lqip).toMatch(/^data:image\/jpeg;base64,/);
    expect(images.get(ref)?.file).toBe(path.join(dir, "images", "one.jpg"));
  });

  it("keeps drafts out of the published documents and lays them over in preview", async () => {
    const dir = await makeDataset([
      { _id: "p1", _type: "project", title: "Published" },
      { _id: "drafts.p1", _type: "project", title: "Draft" },
    ]);
    const { published, previewed, hasDrafts } = await loadDataset(dir);
    expect(published.map((doc) => doc.title)).toEqual(["Published"]);
    expect(previewed.map((doc) => [doc._id, doc.title])).toEqual([["p1", "Draft"]]);
    expect(hasDrafts).toBe(true);
  });

  it("keeps every document Sanity keeps private out of pages and preview alike", async () => {
    // A release's version and a document under a path, as `sanity dataset export` writes them.
    const dir = await makeDataset([
      { _id: "p1", _type: "project", title: "Published" },
      { _id: "versions.rEmbargo.p1", _type: "project", title: "Embargoed" },
      { _id: "secrets.p2", _type: "project", title: "Under a path" },
    ]);
    const { published, previewed, hasDrafts } = await loadDataset(dir);
    expect(published.map((doc) => doc.title)).toEqual(["Published"]);
    expect(previewed.map((doc) => doc.title)).toEqual(["Published"]);
    expect(hasDrafts).toBe(false);
  });

  it("names the line of a broken document and a missing image", async () => {
    await expect(
      loadDataset(await makeDataset([{ _id: "a", _type: "x" }, "{not json"])),
    ).rejects.toThrow(/line 2 is not valid JSON/);
    await expect(
      loadDataset(
        await makeDataset([
          { _id: "a", _type: "x", image: { _sanityAsset: "image@file://./images/gone.jpg" } },
        ]),
      ),
    ).rejects.toThrow(DatasetError);
    await expect(loadDataset(path.join(tmpdir(), "no-such-dataset"))).rejects.toThrow(
      /CONTENT_DIR/,
    );
  });
});
