import { describe, expect, it } from "vitest";
import { AsyncTask, type AsyncState } from "./useAsync";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function record<T>(task: AsyncTask<T>) {
  const seen: AsyncState<T>["status"][] = [];
  task.subscribe(() => seen.push(task.getState().status));
  return seen;
}

describe("AsyncTask (the state machine behind useAsync)", () => {
  it("goes idle → pending → success, and clear() back to idle", async () => {
    const task = new AsyncTask<string>();
    const seen = record(task);
    expect(task.getState()).toEqual({ status: "idle" });
    const answer = deferred<string>();
    const running = task.run(() => answer.promise);
    expect(task.getState()).toEqual({ status: "pending", previous: null });
    answer.resolve("done");
    expect(await running).toEqual({ status: "success", data: "done" });
    expect(task.getState()).toEqual({ status: "success", data: "done" });
    task.clear();
    expect(task.getState()).toEqual({ status: "idle" });
    expect(seen).toEqual(["pending", "success", "idle"]);
  });

  it("goes pending → error with an Error, whatever was thrown", async () => {
    const task = new AsyncTask<string>();
    await task.run(() => Promise.reject(new TypeError("Failed to fetch")));
    const state = task.getState();
    expect(state.status).toBe("error");
    expect(state.status === "error" && state.error.message).toBe("Failed to fetch");
    await task.run(() => Promise.reject("a string"));
    expect(task.getState()).toMatchObject({ status: "error", error: new Error("a string") });
  });

  it("keeps the last settled state visible while a refresh is pending", async () => {
    const task = new AsyncTask<number>();
    await task.run(async () => 1);
    const second = deferred<number>();
    const running = task.run(() => second.promise);
    expect(task.getState()).toEqual({
      status: "pending",
      previous: { status: "success", data: 1 },
    });
    second.resolve(2);
    await running;
    expect(task.getState()).toEqual({ status: "success", data: 2 });
  });

  it("lets only the latest run settle, aborting the one before", async () => {
    const task = new AsyncTask<string>();
    const slow = deferred<string>();
    let firstSignal: AbortSignal | undefined;
    const first = task.run((signal) => {
      firstSignal = signal;
      return slow.promise;
    });
    const second = task.run(async () => "new");
    expect(firstSignal?.aborted).toBe(true);
    expect(await second).toEqual({ status: "success", data: "new" });
    slow.resolve("old");
    expect(await first).toBeNull();
    expect(task.getState()).toEqual({ status: "success", data: "new" });
  });

  it("ignores an answer that arrives after clear()", async () => {
    const task = new AsyncTask<string>();
    const late = deferred<string>();
    const running = task.run(() => late.promise);
    task.clear();
    late.resolve("late");
    expect(await running).toBeNull();
    expect(task.getState()).toEqual({ status: "idle" });
  });

  it("abort() (unmount) abandons the request and restores the state before it", async () => {
    const task = new AsyncTask<string>();
    await task.run(async () => "shown");
    const never = deferred<string>();
    let signal: AbortSignal | undefined;
    const running = task.run((s) => {
      signal = s;
      return never.promise;
    });
    task.abort();
    expect(signal?.aborted).toBe(true);
    expect(task.getState()).toEqual({ status: "success", data: "shown" });
    never.reject(new DOMException("aborted", "AbortError"));
    expect(await running).toBeNull();
    expect(task.getState()).toEqual({ status: "success", data: "shown" });
  });
});
