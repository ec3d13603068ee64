/**
 * At most `concurrency` transforms at a time and `maxWaiting` waiting for a
 * turn; `run` refuses more (undefined), so a flood is answered 503 at once
 * instead of piling up decoded images and sockets. A waiting task holds only
 * its closure (the source is read when its turn comes), and leaves the queue
 * when its `signal` aborts: nobody is left to send the file to.
 */
export class TransformQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> | undefined {
    if (this.active >= this.concurrency && this.waiting.length >= this.maxWaiting) {
      return undefined;
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener("abort", leave);
        this.active++;
        let result: Promise<T>;
        try {
          result = task();
        } catch (error) {
          // A task that throws before its promise still frees its slot.
          result = Promise.reject(error as Error);
        }
        result.then(resolve, reject).finally(() => {
          this.active--;
          this.waiting.shift()?.();
        });
      };
      const leave = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      if (signal?.aborted) return reject(signal.reason);
      if (this.active < this.concurrency) return start();
      this.waiting.push(start);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
}

/**
 * The process's image transforms: two at a time (each holds a decoded source,
 * ~10 MB for a 2400 px photo, and the encoder's buffers), 16 waiting; beyond
 * that the image route answers 503. Browsers ask a host for six files at a
 * time, so a few visitors' cold pages fit in the queue, and a transform takes
 * 0.1–1 s, so the last in the queue waits seconds, not until it times out.
 */
export const imageTransforms = new TransformQueue(2, 16);
