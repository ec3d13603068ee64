import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  chooseFormat,
  ImageParamError,
  parseImageParams,
  transformImage,
} from "./transform.server";

const params = (query: string) => parseImageParams(new URLSearchParams(query));

describe("Sanity image API parameters", () => {
  it("reads the ones the site uses", () => {
    expect(params("w=640&h=480&fit=crop&rect=10,20,300,200&auto=format&q=70&dpr=2")).toMatchObject({
      width: 640,
      height: 480,
      fit: "crop",
      rect: { left: 10, top: 20, width: 300, height: 200 },
      auto: true,
      quality: 70,
      dpr: 2,
    });
  });

  it.each([
    "w=abc",
    "w=0",
    "w=99999",
    "fit=stretch",
    "fm=bmp",
    "rect=1,2,3",
    "rect=0,0,0,10",
    "q=101",
    "dpr=9",
    "auto=magic",
  ])("refuses %s", (query) => {
    expect(() => params(query)).toThrow(ImageParamError);
  });

  it("picks WebP for auto=format when the browser takes it, else the source format", () => {
    expect(chooseFormat(params("auto=format"), "jpg", "image/avif,image/webp,*/*")).toBe("webp");
    expect(chooseFormat(params("auto=format"), "jpg", "image/png,*/*")).toBe("jpg");
    expect(chooseFormat(params("auto=format"), "png", null)).toBe("png");
    expect(chooseFormat(params("auto=format&fm=png"), "jpg", "image/webp")).toBe("png");
  });
});

describe("transformImage", () => {
  const source = () =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: "#001489" } })
      .png()
      .toBuffer();

  it("crops to a rect, then to the asked box", async () => {
    const out = await transformImage(
      await source(),
      params("rect=0,0,200,200&w=100&h=50&fit=crop"),
      "jpg",
    );
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 50, "jpeg"]);
  });

  it("fits within a width without upscaling and honours dpr", async () => {
    const out = await transformImage(await source(), params("w=100&dpr=2"), "webp");
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([200, 100, "webp"]);
    const big = await sharp(
      await transformImage(await source(), params("w=2000"), "png"),
    ).metadata();
    expect(big.width).toBe(400);
  });

  it("cuts a box larger than the source to its ratio without upscaling (a 4:5 poster of a 16:9 frame)", async () => {
    const frame = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: "#001489" },
    })
      .jpeg()
      .toBuffer();
    const out = await transformImage(frame, params("w=760&h=950&fit=crop"), "webp");
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([576, 720]);
  });
});
