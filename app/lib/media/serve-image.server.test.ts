import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "../../../tests/support/dataset";
import { getBundledBackend } from "~/lib/content/source.server";
import { serveBundledImage } from "./serve-image.server";
import { serveBundledVideo } from "./serve-video.server";

process.env.CONTENT_DIR = BUNDLED_DATASET;

const request = (path: string, accept = "image/avif,image/webp,*/*") =>
  new Request(`http://localhost/media/images/${path}`, { headers: { Accept: accept } });

describe("the bundled dataset's image route", () => {
  let file: string;

  beforeAll(async () => {
    const dataset = await getBundledBackend()!.dataset();
    const [id] = [...dataset.images.keys()];
    const [, sha1, size, ext] = /^image-([0-9a-f]+)-(\d+x\d+)-(\w+)$/.exec(id!)!;
    file = `local/bundled/${sha1}-${size}.${ext}`;
  });

  it("serves a resized WebP with immutable caching", async () => {
    const response = await serveBundledImage(request(`${file}?w=320&auto=format`), file);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Vary")).toBe("Accept");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(320);
  });

  it("serves the source format to browsers without WebP", async () => {
    const response = await serveBundledImage(request(`${file}?w=200&auto=format`, "*/*"), file);
    expect(response.headers.get("Content-Type")).toMatch(/^image\/(jpeg|png)$/);
  });

  it("answers bad parameters with 400", async () => {
    const response = await serveBundledImage(request(`${file}?w=-5`), file);
    expect(response.status).toBe(400);
  });

  it.each([
    "local/bundled/0000000000000000000000000000000000000000-10x10.jpg",
    "local/bundled/../../data.ndjson",
    "../../../etc/passwd",
    "local/bundled/data.ndjson",
    "",
  ])("answers 404 for %s and never reads outside the dataset", async (path) => {
    const response = await serveBundledImage(request(path), path);
    expect(response.status).toBe(404);
  });
});

describe("the bundled dataset's video route", () => {
  it("serves byte ranges of a known playback id and 404 otherwise", async () => {
    const dataset = await getBundledBackend()!.dataset();
    const [playbackId] = [...dataset.videos.keys()];
    const ranged = await serveBundledVideo(
      new Request(`http://localhost/media/videos/${playbackId}.mp4`, {
        headers: { Range: "bytes=0-99" },
      }),
      `${playbackId}.mp4`,
    );
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Length")).toBe("100");
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    for (const bad of ["nope.mp4", "../data.ndjson", `${playbackId}.txt`]) {
      const response = await serveBundledVideo(
        new Request(`http://localhost/media/videos/${bad}`),
        bad,
      );
      expect(response.status).toBe(404);
    }
  });
});
