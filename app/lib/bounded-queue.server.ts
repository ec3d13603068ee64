import PQueue from "p-queue";

/**
 * A bounded line on p-queue, the one the server's renders take (docs/security.md, "Floods"): at
 * most `concurrency` tasks at a time and `waiting` in line; `run` refuses more (undefined) so the
 * caller answers 503 at once, instead of piling up renders and sockets. A waiting task holds only its closure and leaves
 * the line when its `signal` aborts: nobody is left to answer.
 */
export function boundedQueue(concurrency: number, waiting: number) {
  const queue = new PQueue({ concurrency });
  return {
    concurrency,
    waiting,
    get running() {
      return queue.pending;
    },
    get queued() {
      return queue.size;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> | undefined {
      if (queue.pending >= concurrency && queue.size >= waiting) return undefined;
      return queue.add(task, { signal }) as Promise<T>;
    },
  };
}
