import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_DATASET } from "../../../tests/support/dataset";
import { getBundledBackend } from "~/lib/content/source.server";
import { MAX_RANGES } from "./byte-ranges.server";
import { MEDIA_CACHE_CONTROL, serveBundledVideo } from "./serve-video.server";

process.env.CONTENT_DIR = BUNDLED_DATASET;

let id: string;
let other: string;
let mp4: Buffer;
let jpg: Buffer;

beforeAll(async () => {
  const dataset = await getBundledBackend()!.dataset();
  const videos = [...dataset.videos.values()];
  expect(videos.length, "the bundled dataset has two videos or more").toBeGreaterThanOrEqual(2);
  id = videos[0]!.playbackId;
  other = videos[1]!.playbackId;
  mp4 = await readFile(videos[0]!.mp4);
  jpg = await readFile(videos[0]!.poster);
});

function serve(file: string, headers: Record<string, string> = {}, method = "GET") {
  const [name, query = ""] = file.split("?");
  const url = `http://localhost/media/videos/${name}${query ? `?${query}` : ""}`;
  return serveBundledVideo(new Request(url, { method, headers }), name!);
}

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** The multipart/byteranges body these parts make (RFC 9110 §14.6), written out by hand. */
function expectedMultipart(
  boundary: string,
  type: string,
  file: Buffer,
  ranges: Array<[number, number]>,
) {
  const chunks: Buffer[] = [];
  ranges.forEach(([start, end], index) => {
    chunks.push(
      Buffer.from(
        `${index ? "\r\n" : ""}--${boundary}\r\nContent-Type: ${type}\r\n` +
          `Content-Range: bytes ${start}-${end}/${file.length}\r\n\r\n`,
      ),
      file.subarray(start, end + 1),
    );
  });
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function boundaryOf(response: Response) {
  const type = response.headers.get("Content-Type") ?? "";
  const match = /^multipart\/byteranges; boundary=([0-9A-Za-z]+)$/.exec(type);
  expect(match, type).not.toBeNull();
  return match![1]!;
}

describe("the video route's whole answers and validators", () => {
  it("serves the whole mp4 with a strong ETag, a bounded lifetime and Accept-Ranges", async () => {
    const response = await serve(`${id}.mp4`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Length")).toBe(String(mp4.length));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    expect(MEDIA_CACHE_CONTROL).toMatch(/^public, max-age=\d+, must-revalidate$/);
    expect(MEDIA_CACHE_CONTROL).not.toContain("immutable");
    expect(response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(response.headers.get("Content-Range")).toBeNull();
    expect((await bytes(response)).equals(mp4)).toBe(true);
  });

  it("gives each file its own ETag, the same on every request", async () => {
    const tags = await Promise.all(
      [`${id}.mp4`, `${id}.mp4`, `${other}.mp4`, `${id}.jpg`].map(async (file) =>
        (await serve(file)).headers.get("ETag"),
      ),
    );
    expect(tags[0]).toBe(tags[1]);
    expect(new Set(tags).size).toBe(3);
  });

  it("answers HEAD with GET's headers and no body, Range or not", async () => {
    const get = await serve(`${id}.mp4`);
    await get.body?.cancel();
    const ranges: Array<Record<string, string>> = [
      {},
      { Range: "bytes=0-99" },
      { Range: "bytes=0-1,5-9" },
    ];
    for (const headers of ranges) {
      const head = await serve(`${id}.mp4`, headers, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body).toBeNull();
      expect([...head.headers]).toEqual([...get.headers]);
    }
  });

  it("answers If-None-Match with 304 and the validators, not the file", async () => {
    const etag = (await serve(`${id}.mp4`, {}, "HEAD")).headers.get("ETag")!;
    for (const value of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await serve(`${id}.mp4`, { "If-None-Match": value }, method);
        expect(response.status, value).toBe(304);
        expect(response.body).toBeNull();
        expect(response.headers.get("ETag")).toBe(etag);
        expect(response.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
      }
    }
    const changed = await serve(`${id}.mp4`, { "If-None-Match": '"an-older-file"' });
    expect(changed.status).toBe(200);
    expect((await bytes(changed)).equals(mp4)).toBe(true);
  });

  it("answers an If-Match that does not match with 412", async () => {
    const etag = (await serve(`${id}.mp4`, {}, "HEAD")).headers.get("ETag")!;
    const failed = await serve(`${id}.mp4`, { "If-Match": '"an-older-file"' });
    expect(failed.status).toBe(412);
    expect(failed.headers.get("Cache-Control")).toBe("no-store");
    const held = await serve(`${id}.mp4`, { "If-Match": etag, Range: "bytes=0-9" });
    expect(held.status).toBe(206);
    expect((await bytes(held)).equals(mp4.subarray(0, 10))).toBe(true);
  });
});

describe("the video route's byte ranges (RFC 9110 §14)", () => {
  async function expectPart(range: string, start: number, end: number) {
    const response = await serve(`${id}.mp4`, { Range: range });
    expect(response.status, range).toBe(206);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect(response.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${mp4.length}`);
    expect(response.headers.get("Content-Length")).toBe(String(end - start + 1));
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("ETag")).toMatch(/^"/);
    expect(response.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    expect((await bytes(response)).equals(mp4.subarray(start, end + 1)), range).toBe(true);
  }

  it("serves one range, an open range, a suffix range and the first byte", async () => {
    await expectPart("bytes=0-99", 0, 99);
    await expectPart("bytes=0-0", 0, 0);
    await expectPart("bytes=500-", 500, mp4.length - 1);
    await expectPart("bytes=0-", 0, mp4.length - 1);
    await expectPart("bytes=-500", mp4.length - 500, mp4.length - 1);
    await expectPart(`bytes=-${mp4.length * 2}`, 0, mp4.length - 1);
    await expectPart(`bytes=${mp4.length - 1}-`, mp4.length - 1, mp4.length - 1);
  });

  it("clamps a last position past the end", async () => {
    await expectPart(
      `bytes=${mp4.length - 10}-${mp4.length + 1000}`,
      mp4.length - 10,
      mp4.length - 1,
    );
    await expectPart("bytes=100-99999999999999999999999", 100, mp4.length - 1);
  });

  it("serves a range set that coalesces to one range as a single part", async () => {
    await expectPart("bytes=0-4,5-9", 0, 9);
    await expectPart("bytes=0-4,5-9,3-6", 0, 9);
    await expectPart("bytes=10-19,0-15", 0, 19);
    // The unsatisfiable member is dropped; one range is left.
    await expectPart(`bytes=${mp4.length}-,0-1`, 0, 1);
  });

  it("answers a valid multi-range request with multipart/byteranges", async () => {
    const response = await serve(`${id}.mp4`, { Range: "bytes=0-1,5-9" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBeNull();
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("ETag")).toMatch(/^"/);
    expect(response.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    const boundary = boundaryOf(response);
    const body = await bytes(response);
    const expected = expectedMultipart(boundary, "video/mp4", mp4, [
      [0, 1],
      [5, 9],
    ]);
    expect(body.toString("latin1")).toBe(expected.toString("latin1"));
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
  });

  it("sends the parts in the order asked, coalesced, large parts whole", async () => {
    const end = mp4.length - 1;
    const response = await serve(`${id}.mp4`, {
      Range: `bytes=-1000, 500-599,0-99, 50-120, ${mp4.length + 5}-`,
    });
    expect(response.status).toBe(206);
    const body = await bytes(response);
    const expected = expectedMultipart(boundaryOf(response), "video/mp4", mp4, [
      [end - 999, end],
      [500, 599],
      [0, 120],
    ]);
    expect(body.equals(expected)).toBe(true);
    expect(response.headers.get("Content-Length")).toBe(String(body.length));

    // A part as long as the file streams from disk like the rest.
    const big = await serve(`${id}.mp4`, { Range: "bytes=0-,0-0" });
    expect(big.status).toBe(206);
    expect(big.headers.get("Content-Range")).toBe(`bytes 0-${end}/${mp4.length}`);
    const whole = await serve(`${id}.mp4`, { Range: `bytes=${end}-, 0-${end - 2}` });
    const parts = await bytes(whole);
    expect(
      parts.equals(
        expectedMultipart(boundaryOf(whole), "video/mp4", mp4, [
          [end, end],
          [0, end - 2],
        ]),
      ),
    ).toBe(true);
    expect(whole.headers.get("Content-Length")).toBe(String(parts.length));
  });

  it("uses a fresh boundary each time", async () => {
    const [a, b] = await Promise.all([
      serve(`${id}.mp4`, { Range: "bytes=0-1,5-9" }),
      serve(`${id}.mp4`, { Range: "bytes=0-1,5-9" }),
    ]);
    expect(boundaryOf(a)).not.toBe(boundaryOf(b));
    await Promise.all([a.body?.cancel(), b.body?.cancel()]);
  });

  it(`ignores more than ${MAX_RANGES} ranges and sends the whole file`, async () => {
    const specs = Array.from({ length: MAX_RANGES + 1 }, (_, i) => `${i * 100}-${i * 100 + 9}`);
    const response = await serve(`${id}.mp4`, { Range: `bytes=${specs.join(",")}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(mp4.length));
    expect((await bytes(response)).equals(mp4)).toBe(true);

    const allowed = await serve(`${id}.mp4`, {
      Range: `bytes=${specs.slice(0, MAX_RANGES).join(",")}`,
    });
    expect(allowed.status).toBe(206);
    const body = await bytes(allowed);
    const ranges = specs
      .slice(0, MAX_RANGES)
      .map((spec) => spec.split("-").map(Number) as [number, number]);
    expect(body.equals(expectedMultipart(boundaryOf(allowed), "video/mp4", mp4, ranges))).toBe(
      true,
    );
  });

  it.each([
    ["a first position at the end", () => `bytes=${mp4.length}-`],
    ["a first position past the end", () => `bytes=${mp4.length + 100}-${mp4.length + 200}`],
    ["an empty suffix", () => "bytes=-0"],
    ["a set of unsatisfiable ranges", () => `bytes=${mp4.length}-,-0`],
  ])("answers %s with 416 and the size", async (_, range) => {
    const response = await serve(`${id}.mp4`, { Range: range() });
    expect(response.status).toBe(416);
    expect(response.headers.get("Content-Range")).toBe(`bytes */${mp4.length}`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    "bytes=5-1",
    "bytes=abc",
    "bytes=",
    "bytes 0-99",
    "items=0-99",
    "bytes=0-1;5-9",
    "bytes=0-1,x",
    "bytes=--5",
  ])("ignores the invalid Range %j and sends the whole file", async (range) => {
    const response = await serve(`${id}.mp4`, { Range: range });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Range")).toBeNull();
    expect(response.headers.get("Content-Length")).toBe(String(mp4.length));
    expect((await bytes(response)).equals(mp4)).toBe(true);
  });
});

describe("the video route's If-Range (RFC 9110 §13.1.5)", () => {
  let etag: string;
  beforeAll(async () => {
    etag = (await serve(`${id}.mp4`, {}, "HEAD")).headers.get("ETag")!;
  });

  it("serves the range when If-Range names the current ETag", async () => {
    const response = await serve(`${id}.mp4`, { Range: "bytes=10-19", "If-Range": etag });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 10-19/${mp4.length}`);
    expect((await bytes(response)).equals(mp4.subarray(10, 20))).toBe(true);

    const multi = await serve(`${id}.mp4`, { Range: "bytes=0-1,5-9", "If-Range": etag });
    expect(multi.status).toBe(206);
    expect(boundaryOf(multi)).toBeTruthy();
    await multi.body?.cancel();
  });

  it.each([
    ["another ETag", () => '"an-older-file"'],
    ["the current ETag made weak", () => `W/${etag}`],
    ["a date", () => "Wed, 21 Oct 2015 07:28:00 GMT"],
    ["a list", () => `${etag}, "x"`],
    ["garbage", () => "yesterday"],
  ])("sends the whole file when If-Range holds %s", async (_, ifRange) => {
    for (const range of ["bytes=10-19", "bytes=0-1,5-9", `bytes=${mp4.length}-`]) {
      const response = await serve(`${id}.mp4`, { Range: range, "If-Range": ifRange() });
      expect(response.status, range).toBe(200);
      expect(response.headers.get("Content-Range")).toBeNull();
      expect(response.headers.get("Content-Type")).toBe("video/mp4");
      expect(response.headers.get("Content-Length")).toBe(String(mp4.length));
      expect((await bytes(response)).equals(mp4)).toBe(true);
    }
  });
});

describe("the video route's posters", () => {
  it("serves the stored JPEG with the same validators and ranges as the video", async () => {
    const response = await serve(`${id}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect((await bytes(response)).equals(jpg)).toBe(true);

    expect((await serve(`${id}.jpg`, { "If-None-Match": etag })).status).toBe(304);
    const tail = await serve(`${id}.jpg`, { Range: "bytes=-100" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("Content-Range")).toBe(
      `bytes ${jpg.length - 100}-${jpg.length - 1}/${jpg.length}`,
    );
    expect((await bytes(tail)).equals(jpg.subarray(jpg.length - 100))).toBe(true);
    const multi = await serve(`${id}.jpg`, { Range: "bytes=0-1,5-9" });
    expect(
      (await bytes(multi)).equals(
        expectedMultipart(boundaryOf(multi), "image/jpeg", jpg, [
          [0, 1],
          [5, 9],
        ]),
      ),
    ).toBe(true);
  });

  it("gives re-encoded posters a weak ETag per size and format, the same lifetime, and 304s", async () => {
    const small = await serve(`${id}.webp?w=320`);
    expect(small.status).toBe(200);
    expect(small.headers.get("Content-Type")).toBe("image/webp");
    expect(small.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    const etag = small.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    const body = await bytes(small);
    expect(small.headers.get("Content-Length")).toBe(String(body.length));
    expect((await sharp(body).metadata()).width).toBe(320);

    const again = await serve(`${id}.webp?w=320`);
    expect(again.headers.get("ETag")).toBe(etag);
    await again.body?.cancel();
    const tags = await Promise.all(
      [
        `${id}.webp?w=480`,
        `${id}.jpg?w=320`,
        `${id}.webp?w=320&h=240&fit=crop`,
        `${other}.webp?w=320`,
      ].map(async (file) => (await serve(file, {}, "HEAD")).headers.get("ETag")),
    );
    expect(new Set([etag, ...tags]).size).toBe(5);

    const notModified = await serve(`${id}.webp?w=320`, { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(notModified.headers.get("Cache-Control")).toBe(MEDIA_CACHE_CONTROL);
    // Weak comparison: the strong spelling of the same tag matches too.
    const strong = etag.slice(2);
    expect((await serve(`${id}.webp?w=320`, { "If-None-Match": strong })).status).toBe(304);

    // No ranges: a Range field is ignored, If-Match with a weak tag never holds.
    const ranged = await serve(`${id}.webp?w=320`, { Range: "bytes=0-9" });
    expect(ranged.status).toBe(200);
    expect((await bytes(ranged)).equals(body)).toBe(true);
    expect((await serve(`${id}.webp?w=320`, { "If-Match": etag })).status).toBe(412);

    const head = await serve(`${id}.webp?w=320`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get("Content-Length")).toBe(String(body.length));
  });

  it("still answers a bad poster size with 400 and an unknown file with 404", async () => {
    expect((await serve(`${id}.webp?w=-1`)).status).toBe(400);
    expect((await serve(`${id}.webp?w=-1`, { "If-None-Match": "*" })).status).toBe(400);
    for (const bad of ["nope.mp4", "../data.ndjson", `${id}.txt`, `${id}.gif`]) {
      expect((await serve(bad, { Range: "bytes=0-1" })).status, bad).toBe(404);
    }
  });
});
