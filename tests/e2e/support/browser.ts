import type { Browser } from "playwright-core";
import { test, type Page } from "./test";

/**
 * The worker's Chromium and the shared server's URL, for a file whose helpers open pages
 * outside a test's own fixtures. Set before the file's (or describe block's) first test.
 */
export function browserSuite() {
  const suite = {} as { browser: Browser; baseUrl: string };
  test.beforeAll(({ browser, baseUrl }) => {
    suite.browser = browser;
    suite.baseUrl = baseUrl;
  });
  return suite;
}

/**
 * Navigates as the site's links do: through React Router, without loading a document. Resolves
 * when the router's navigation ends: React commits the new page after that, so what the page
 * then shows is asserted with a locator assertion, which waits, not read once.
 */
export const clientNavigate = (page: Page, to: string) =>
  page.evaluate(
    (path) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate(path),
    to,
  );

/** Collects console errors and failed requests of a page, for "no console error" checks. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Resolves after the page has rendered `count` more frames (layout, observers and paint ran),
 * or after 2 s: a frame that never comes on a loaded machine lets the test's own assertion
 * say what is wrong, instead of hanging it.
 */
export async function afterFrames(page: Page, count = 2) {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 2000);
        const step = (left: number) =>
          left ? requestAnimationFrame(() => step(left - 1)) : resolve();
        step(frames);
      }),
    count,
  );
}

/** Waits until no finite CSS transition or animation is running (looping ones never end). */
export async function waitForAnimations(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout },
  );
}

/**
 * Jumps every finite CSS transition and animation running now to its end: for checks of the
 * state a change leads to (axe on the dark colours, on the open menu), not of the motion,
 * which tests of their own watch at the spec's timings.
 */
export async function finishAnimations(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

/** Waits until the page has stopped scrolling (wheel scrolls run over several frames). */
export async function waitForScrollEnd(page: Page) {
  await page.evaluate(async () => {
    // A frame, or 100 ms at most: bounded like afterFrames.
    const frame = () =>
      Promise.race([
        new Promise((resolve) => requestAnimationFrame(resolve)),
        new Promise((resolve) => setTimeout(resolve, 100)),
      ]);
    let last = NaN;
    for (let checks = 0; last !== window.scrollY && checks < 100; checks++) {
      last = window.scrollY;
      for (let i = 0; i < 5; i++) await frame();
    }
  });
}
