import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * The one state machine for a client-side request: idle until the
 * first run, pending while a request is under way, then success or error;
 * clear() returns it to idle. Only the latest run counts: starting another,
 * clearing or unmounting aborts the one before, so a slow old answer can
 * never overwrite a newer one.
 */
type Settled<T> = { status: "success"; data: T } | { status: "error"; error: Error };

export type AsyncState<T> =
  | { status: "idle" }
  /** `previous` is the last settled state, for showing it while refreshing. */
  | { status: "pending"; previous: Settled<T> | null }
  | Settled<T>;

type AsyncFunction<T> = (signal: AbortSignal) => Promise<T>;

const IDLE = { status: "idle" } as const;

function toError(reason: unknown) {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** The framework-free part, so it can be tested and shared outside React. */
export class AsyncTask<T> {
  private state: AsyncState<T> = IDLE;
  private controller: AbortController | undefined;
  private listeners = new Set<() => void>();

  getState = (): AsyncState<T> => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Starts `fn`; resolves with the state it settled in, or null if it was superseded. */
  run = async (fn: AsyncFunction<T>): Promise<Settled<T> | null> => {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const previous =
      this.state.status === "pending"
        ? this.state.previous
        : this.state.status === "idle"
          ? null
          : this.state;
    this.set({ status: "pending", previous });
    let settled: Settled<T>;
    try {
      settled = { status: "success", data: await fn(controller.signal) };
    } catch (reason) {
      settled = { status: "error", error: toError(reason) };
    }
    if (controller.signal.aborted || this.controller !== controller) return null;
    this.controller = undefined;
    this.set(settled);
    return settled;
  };

  clear = () => {
    this.abort();
    this.set(IDLE);
  };

  /** Abandons the request under way; the state goes back to what it was before it. */
  abort = () => {
    if (!this.controller) return;
    this.controller.abort();
    this.controller = undefined;
    if (this.state.status === "pending") this.set(this.state.previous ?? IDLE);
  };

  private set(state: AsyncState<T>) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

export function useAsync<T>() {
  const [task] = useState(() => new AsyncTask<T>());
  const state = useSyncExternalStore(task.subscribe, task.getState, task.getState);
  // Nothing may settle into an unmounted component.
  useEffect(() => task.abort, [task]);
  return { state, run: task.run, clear: task.clear };
}
