import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_FADE_MS, leaveFor, showPage, stay, whenFaded } from "./page-fade";

type Fade = { transitionProperty: string; finished: Promise<unknown> };

function fadingNode(fades: Fade[]) {
  return { getAnimations: () => fades } as unknown as HTMLElement;
}

function controlledFade(property = "opacity") {
  let end!: () => void;
  let cancel!: () => void;
  const finished = new Promise<void>((resolve, reject) => {
    end = resolve;
    cancel = () => reject(new DOMException("The animation was cancelled", "AbortError"));
  });
  return { fade: { transitionProperty: property, finished }, end, cancel };
}

describe("whenFaded", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("window", globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits for a fade that started late, past the fade's length on the clock", async () => {
    const { fade, end } = controlledFade();
    const done = vi.fn();
    whenFaded(fadingNode([fade]), false, done);
    await vi.advanceTimersByTimeAsync(PAGE_FADE_MS * 2);
    expect(done).not.toHaveBeenCalled();
    end();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PAGE_FADE_MS * 10);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("counts a fade cut short by the next navigation as ended", async () => {
    const { fade, cancel } = controlledFade();
    const done = vi.fn();
    whenFaded(fadingNode([fade]), false, done);
    cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("ends by the clock when no opacity fade runs", async () => {
    const { fade } = controlledFade("transform");
    const done = vi.fn();
    whenFaded(fadingNode([fade]), false, done);
    await vi.advanceTimersByTimeAsync(PAGE_FADE_MS);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("ends by the clock, later, when a fade never finishes (a hidden tab)", async () => {
    const { fade } = controlledFade();
    const done = vi.fn();
    whenFaded(fadingNode([fade]), false, done);
    await vi.advanceTimersByTimeAsync(PAGE_FADE_MS * 5 - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("is done at once under reduced motion", () => {
    const done = vi.fn();
    whenFaded(fadingNode([controlledFade().fade]), true, done);
    expect(done).toHaveBeenCalledTimes(1);
  });
});

describe("leaveFor (the root's clientMiddleware)", () => {
  function page(path: string) {
    const shown = { path, node: null, reducedMotion: false, onLeave: vi.fn(), onStay: vi.fn() };
    showPage(shown);
    return shown;
  }
  afterEach(() => showPage(null));

  it("lets a navigation through at once when no page is shown (the error screen)", async () => {
    showPage(null);
    await expect(leaveFor("/work")).resolves.toBeUndefined();
  });

  it("does not fade for the shown page: a revalidation, a hash or a query", async () => {
    const shown = page("/work");
    await leaveFor("/work");
    expect(shown.onLeave).not.toHaveBeenCalled();
    expect(shown.onStay).not.toHaveBeenCalled();
  });

  it("fades the page once for every navigation that arrives while it fades", async () => {
    const shown = page("/work");
    const first = leaveFor("/legal");
    expect(leaveFor("/culture")).toBe(first);
    await first;
    expect(shown.onLeave).toHaveBeenCalledTimes(1);
  });

  it("shows the page again when a navigation comes back to it, or ends on it", async () => {
    const shown = page("/work");
    await leaveFor("/legal");
    await leaveFor("/work");
    expect(shown.onStay).toHaveBeenCalledTimes(1);
    await leaveFor("/legal");
    stay();
    expect(shown.onLeave).toHaveBeenCalledTimes(2);
    expect(shown.onStay).toHaveBeenCalledTimes(2);
    stay();
    expect(shown.onStay).toHaveBeenCalledTimes(2);
  });
});
