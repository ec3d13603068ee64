import { expect } from "../test";
import type { EnginePage } from "./types";
import { readFaults } from "./watcher";

// Page checks for Firefox and WebKit, in the page's own JavaScript: the engine drivers share no
// locator API, and each check is one round trip (docs/testing.md, "Firefox and WebKit").

/** Waits as tests/e2e/support/shell.ts's waitForSettledPage does: hydrated, one page, no fade. */
export async function settled(page: EnginePage, what: string) {
  const ok = await page.waitFor(
    () => {
      if (document.documentElement.dataset.hydrated !== "true") return false;
      const pages = document.querySelectorAll<HTMLElement>(".page-transition");
      if (pages.length !== 1 || pages[0]!.dataset.path !== location.pathname) return false;
      const classes = pages[0]!.className;
      return !classes.includes("page-fade-") || classes.includes("page-fade-enter-done");
    },
    null,
    30_000,
  );
  expect(ok, `${what}: the page settles (hydrated, one page shown, no fade running)`).toBe(true);
}

/** Loads `url`, waits for the page to settle, and expects no fault on the way. */
export async function load(page: EnginePage, url: string) {
  await page.goto(url);
  await settled(page, url);
  await expectNoFaults(page, url);
}

/** No console error, uncaught error, unhandled rejection, CSP violation or failed sub-resource. */
export async function expectNoFaults(page: EnginePage, what: string) {
  const faults = [...(await page.evaluate(readFaults)), ...page.reported()];
  expect(
    faults,
    `${what}: no console error, uncaught error, rejection, CSP violation or failed load`,
  ).toEqual([]);
}

export async function expectCondition<A>(
  page: EnginePage,
  what: string,
  predicate: (arg: A) => unknown,
  arg: A,
  timeout?: number,
) {
  expect(await page.waitFor(predicate, arg, timeout), what).toBe(true);
}

export const TARGET = "[data-engine-target]";

/**
 * Lets the page pick the element to click: `pick` sets `data-engine-target` on it and says
 * whether it found one. A function cannot cross into the page as a value, and the site's CSP
 * forbids compiling one there, so the picker marks rather than returns.
 */
export async function mark<A>(page: EnginePage, what: string, pick: (arg: A) => boolean, arg: A) {
  await page.evaluate(() =>
    document.querySelector("[data-engine-target]")?.removeAttribute("data-engine-target"),
  );
  expect(await page.evaluate(pick, arg), `${what}: found`).toBe(true);
  return TARGET;
}

/**
 * Starts watching for the page fade and a document load: a client navigation keeps the
 * document (its marker survives) and shows the fade classes on the way.
 */
export async function watchNavigation(page: EnginePage) {
  await page.evaluate(() => {
    const w = window as unknown as { __sameDocument: boolean; __fades: string[] };
    w.__sameDocument = true;
    w.__fades = [];
    // Each phase of the fade seen, with the duration its transition runs at (the spec's 0.4 s).
    new MutationObserver(() => {
      for (const phase of ["exit", "enter"]) {
        const element = document.querySelector(`.page-fade-${phase}-active`);
        if (!element) continue;
        const seen = `${phase} ${getComputedStyle(element).transitionDuration}`;
        if (!w.__fades.includes(seen)) w.__fades.push(seen);
      }
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ["class"],
      childList: true,
    });
  });
}

/**
 * After a client navigation to `path`: the same document, the old page faded out and the new
 * one in over 0.4 s each, focus on the new h1.
 */
export async function expectClientNavigation(page: EnginePage, path: string, what: string) {
  await expectCondition(
    page,
    `${what}: the URL becomes ${path}`,
    (p) => location.pathname === p,
    path,
  );
  await settled(page, what);
  const state = await page.evaluate(() => {
    const w = window as unknown as { __sameDocument?: boolean; __fades?: string[] };
    const h1 = document.querySelector("h1");
    return {
      sameDocument: w.__sameDocument === true,
      fades: w.__fades ?? [],
      focusOnH1: h1 !== null && document.activeElement === h1,
    };
  });
  expect(state, `${what}: no document load, a fade out and in, focus on the new h1`).toEqual({
    sameDocument: true,
    fades: ["exit 0.4s", "enter 0.4s"],
    focusOnH1: true,
  });
}
