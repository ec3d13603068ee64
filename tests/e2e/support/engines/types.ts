/** The engines besides Chromium the suite drives (docs/testing.md, "Firefox and WebKit"). */
export type EngineName = "firefox" | "webkit";

/** One page (Firefox: a context of its own; WebKit: the session's one window) at a size. */
export interface EnginePage {
  /** Loads a document, waits for its load event, and starts the in-page watcher (./watcher.ts). */
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page, awaiting what it returns; arguments and result are JSON. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /**
   * Resolves true once `predicate(arg)` is truthy in the page (checked many times a second), false after
   * `timeout` ms: a condition, not a clock.
   */
  waitFor<A>(predicate: (arg: A) => unknown, arg: A, timeout?: number): Promise<boolean>;
  /** A real pointer click at the centre of the first element `selector` matches. */
  click(selector: string): Promise<void>;
  /** One key pressed and released, by its DOM name: "Escape", "Enter", "ArrowRight". */
  press(key: "Escape" | "Enter" | "ArrowRight" | "ArrowLeft" | "Tab"): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(file: string): Promise<void>;
  /** What the engine itself reported (Firefox: failed requests). */
  reported(): string[];
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  version: string;
  open(width: number, height: number): Promise<EnginePage>;
  close(): Promise<void>;
}
