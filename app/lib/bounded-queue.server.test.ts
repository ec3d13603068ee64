import { describe, expect, it } from "vitest";
import { boundedQueue } from "./bounded-queue.server";

describe("boundedQueue", () => {
  /** A task that finishes when told to, recording how many ran at once. */
  function tasks() {
    let running = 0;
    let most = 0;
    const finish: (() => void)[] = [];
    const started: number[] = [];
    const task =
      (id: number, fail = false) =>
      () =>
        new Promise<number>((resolve, reject) => {
          running++;
          most = Math.max(most, running);
          started.push(id);
          finish.push(() => {
            running--;
            if (fail) reject(new Error(`task ${id} failed`));
            else resolve(id);
          });
        });
    return { task, finish, started, most: () => most };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("runs at most `concurrency` at once, queues `waiting`, refuses the rest", async () => {
    const queue = boundedQueue(2, 3);
    const { task, finish, started, most } = tasks();
    const accepted = Array.from({ length: 8 }, (_, id) => queue.run(task(id)));
    expect(accepted.filter(Boolean)).toHaveLength(5);
    expect(accepted.slice(5)).toEqual([undefined, undefined, undefined]);
    expect([queue.running, queue.queued]).toEqual([2, 3]);

    const results: number[] = [];
    for (const promise of accepted) void promise?.then((id) => results.push(id));
    while (finish.length) {
      finish.shift()!();
      await tick();
      expect(queue.running).toBeLessThanOrEqual(2);
    }
    expect(most()).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.sort()).toEqual([0, 1, 2, 3, 4]);
    expect([queue.running, queue.queued]).toEqual([0, 0]);
    // Room again once the queue has drained.
    expect(queue.run(async () => 1)).toBeDefined();
  });

  it("drops a waiting task whose requests have gone, and never starts it", async () => {
    const queue = boundedQueue(1, 2);
    const { task, finish, started } = tasks();
    const first = queue.run(task(0))!;
    const gone = new AbortController();
    const abandoned = queue.run(task(1), gone.signal)!;
    const kept = queue.run(task(2))!;
    expect(queue.queued).toBe(2);
    gone.abort(new Error("client left"));
    await expect(abandoned).rejects.toThrow("client left");
    expect(queue.queued).toBe(1);
    finish.shift()!();
    await first;
    await tick();
    finish.shift()!();
    await expect(kept).resolves.toBe(2);
    expect(started).toEqual([0, 2]);
    // A request already gone never enters the queue.
    await expect(queue.run(task(3), AbortSignal.abort())!).rejects.toThrow();
    expect(started).toEqual([0, 2]);
    expect(queue.running).toBe(0);
  });

  it("frees a slot when a task throws before it has a promise", async () => {
    const queue = boundedQueue(1, 0);
    const thrown = queue.run(() => {
      throw new Error("no file");
    })!;
    await expect(thrown).rejects.toThrow("no file");
    expect(queue.running).toBe(0);
    await expect(queue.run(async () => "next")!).resolves.toBe("next");
  });

  it("frees a slot when a task fails", async () => {
    const queue = boundedQueue(1, 1);
    const { task, finish } = tasks();
    const failing = queue.run(task(0, true))!;
    const waiting = queue.run(task(1))!;
    expect(queue.run(task(2))).toBeUndefined();
    finish.shift()!();
    await expect(failing).rejects.toThrow("task 0 failed");
    await tick();
    finish.shift()!();
    await expect(waiting).resolves.toBe(1);
    expect(queue.running).toBe(0);
  });
});
