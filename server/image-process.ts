// Image transforms in a child process of their own, which exits after IDLE_MS without work.
// libvips' decoded images are freed to glibc's per-thread arenas, which keep them: in the
// server's own process, what a flood of transforms took never went back to the system. In a
// child, it goes when the child exits (docs/decisions-media.md, "Memory and CPU").
import { pathToFileURL } from "node:url";
import Tinypool from "tinypool";
import type { ImageTransformHost } from "~/lib/media/serve-image.server";
import { imageTransforms } from "~/lib/media/serve-image.server";
import type { ImageTask } from "~/lib/media/transform.server";

const IDLE_MS = 10_000;

export type ImageProcess = Required<ImageTransformHost> & {
  /** The child's process id while it runs. */
  readonly pid: number | undefined;
  close(): Promise<void>;
};

/**
 * One child process running `workerFile`'s default export (server/image-worker.ts), started on
 * the first transform. It takes as many at a time as the route's queue lets run, so the queue
 * stays the one place that bounds them.
 */
export function createImageProcess(workerFile: string, { idleMs = IDLE_MS } = {}): ImageProcess {
  const pool = new Tinypool({
    filename: pathToFileURL(workerFile).href,
    runtime: "child_process",
    minThreads: 0,
    maxThreads: 1,
    concurrentTasksPerWorker: imageTransforms.concurrency,
    idleTimeout: idleMs,
    // Buffers cross as bytes, not as JSON arrays of numbers.
    serialization: "advanced",
    // Not the server's own flags (an inspector port, say).
    execArgv: [],
    // Nothing of the server's environment (its secrets) is needed to resize an image. Fewer
    // arenas and mmap for large blocks halve what libvips leaves while the child runs.
    env: { NODE_ENV: "production", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" },
  });
  return {
    transformImage: (task: ImageTask) => pool.run(task) as Promise<Uint8Array>,
    get pid() {
      return pool.threads[0]?.threadId;
    },
    close: () => pool.destroy(),
  };
}
