import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openSessionStorage, whenPagePainted } from "./when-painted";

/** Just enough of a window: timers (faked), frames on demand, listeners, the hero images. */
function fakeWindow(heroes: Array<Partial<HTMLImageElement>>) {
  const frames: FrameRequestCallback[] = [];
  const listeners = new Map<string, EventListener>();
  const win = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    requestAnimationFrame: (fn: FrameRequestCallback) => frames.push(fn),
    addEventListener: (type: string, fn: EventListener) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    document: { querySelectorAll: () => heroes },
  } as unknown as Window;
  return {
    win,
    listeners,
    /** Runs the frames requested so far, as the browser's next frame would. */
    frame: () => frames.splice(0).forEach((fn) => fn(0)),
  };
}

async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("whenPagePainted", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("resolves two frames after the heroes have decoded, not before", async () => {
    let decode!: () => void;
    const hero = { decode: () => new Promise<void>((resolve) => (decode = resolve)) };
    const page = fakeWindow([hero]);
    const painted = whenPagePainted(page.win, 3_000);
    page.frame();
    expect(await settled(painted)).toBe(false);
    decode();
    await vi.advanceTimersByTimeAsync(0);
    page.frame();
    expect(await settled(painted)).toBe(false);
    page.frame();
    expect(await settled(painted)).toBe(true);
    expect(page.listeners.size).toBe(0);
  });

  it("counts a broken hero, or a browser without decode(), as done", async () => {
    const page = fakeWindow([{ decode: () => Promise.reject(new Error("broken")) }, {}]);
    const painted = whenPagePainted(page.win, 3_000);
    await vi.advanceTimersByTimeAsync(0);
    page.frame();
    page.frame();
    expect(await settled(painted)).toBe(true);
  });

  it("resolves at once when the visitor presses a key, taps or clicks", async () => {
    for (const type of ["keydown", "pointerdown", "touchstart"]) {
      const page = fakeWindow([{ decode: () => new Promise<void>(() => {}) }]);
      const painted = whenPagePainted(page.win, 3_000);
      expect(await settled(painted)).toBe(false);
      page.listeners.get(type)!(new Event(type));
      expect(await settled(painted), type).toBe(true);
      expect(page.listeners.size).toBe(0);
    }
  });

  it("resolves after the longest wait when the hero never arrives or no frame comes", async () => {
    const page = fakeWindow([{ decode: () => new Promise<void>(() => {}) }]);
    const painted = whenPagePainted(page.win, 3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});

describe("openSessionStorage", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads the tab's storage in a task of its own, after the current one", async () => {
    const read = vi.fn(() => 0);
    const win = {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      get sessionStorage() {
        return {
          get length() {
            return read();
          },
        };
      },
    } as unknown as Window;
    openSessionStorage(win);
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("says nothing when the browser refuses storage", async () => {
    const win = {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      get sessionStorage(): Storage {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    } as unknown as Window;
    openSessionStorage(win);
    await expect(vi.advanceTimersByTimeAsync(0)).resolves.toBeDefined();
  });
});
