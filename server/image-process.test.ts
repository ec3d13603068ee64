import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { getBundledBackend } from "~/lib/content/source.server";
import { parseImageParams, transformFile, type ImageTask } from "~/lib/media/transform.server";
import { createImageProcess, type ImageProcess } from "./image-process.ts";

// Node runs the task's TypeScript as it is, as it runs server/main.ts.
const WORKER = fileURLToPath(new URL("./image-worker.ts", import.meta.url));

async function photo(query: string): Promise<ImageTask> {
  const dataset = await getBundledBackend()!.dataset();
  const asset = [...dataset.images.values()].find((image) => image.file.endsWith(".jpg"))!;
  return { file: asset.file, params: parseImageParams(new URLSearchParams(query)), format: "webp" };
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let images: ImageProcess | undefined;
afterEach(async () => {
  await images?.close();
  images = undefined;
});

describe("the image process", () => {
  it("makes in a child process the same file the server would make itself", async () => {
    images = createImageProcess(WORKER, { idleMs: 60_000 });
    expect(images.pid).toBeUndefined();
    const task = await photo("w=320&h=240&fit=crop&q=70");
    const made = await images.transformImage(task);
    expect(images.pid).toEqual(expect.any(Number));
    expect(images.pid).not.toBe(process.pid);
    expect(Buffer.from(made).equals(await transformFile(task))).toBe(true);
    expect(await sharp(made).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
  });

  it("exits when idle, so what it allocated goes back to the system, and starts again on demand", async () => {
    images = createImageProcess(WORKER, { idleMs: 200 });
    await images.transformImage(await photo("w=200"));
    const first = images.pid!;
    expect(alive(first)).toBe(true);
    await expect.poll(() => alive(first), { timeout: 15_000 }).toBe(false);
    expect(images.pid).toBeUndefined();

    const again = await images.transformImage(await photo("w=120"));
    expect((await sharp(again).metadata()).width).toBe(120);
    expect(images.pid).not.toBe(first);
  });

  it("rejects a transform that fails, with its reason, and keeps serving", async () => {
    images = createImageProcess(WORKER, { idleMs: 60_000 });
    const missing = { ...(await photo("w=100")), file: "/nonexistent/photo.jpg" };
    await expect(images.transformImage(missing)).rejects.toThrow(/ENOENT/);
    expect((await sharp(await images.transformImage(await photo("w=100"))).metadata()).width).toBe(
      100,
    );
  });

  it("fails only the transforms of a child that dies, and starts another for the next", async () => {
    images = createImageProcess(WORKER, { idleMs: 60_000 });
    const task = await photo("w=200");
    await images.transformImage(task);
    const first = images.pid!;
    // Killed before the parent reads anything back: this transform cannot have been answered.
    const pending = images.transformImage(task);
    process.kill(first, "SIGKILL");
    await expect(pending).rejects.toThrow();
    const made = await images.transformImage(task);
    expect((await sharp(made).metadata()).width).toBe(200);
    expect(images.pid).not.toBe(first);
  });

  it("gets none of the server's environment", async () => {
    process.env.IMAGE_PROCESS_TEST_SECRET = "do-not-pass";
    try {
      images = createImageProcess(WORKER, { idleMs: 60_000 });
      await images.transformImage(await photo("w=100"));
      const environ = await readFile(`/proc/${images.pid}/environ`, "utf8");
      expect(environ).not.toContain("IMAGE_PROCESS_TEST_SECRET");
      expect(environ).toContain("MALLOC_ARENA_MAX=2");
    } finally {
      delete process.env.IMAGE_PROCESS_TEST_SECRET;
    }
  });
});
