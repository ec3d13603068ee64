import { expect, test } from "./support/test";
import type { Route } from "@playwright/test";
import type { BrowserContext, Page } from "./support/test";
import { browserSuite, watchConsole } from "./support/browser";
import { mediaRoutes } from "./support/media";
import { waitForSettledPage } from "./support/shell";

// A page's JavaScript is requested once its hero is on screen, or at once when a visitor
// reaches for the page, or after 3 s whatever happens (docs/performance.md, "Hydration after
// the first paint"). The markup React hydrates is the markup the server rendered.

const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const SCRIPT = /\/assets\/[^/]+\.js$/;

type Timings = { heroesLoaded: number; firstScript: number; scripts: number; preloads: number };

declare global {
  interface Window {
    __preloadsAdded?: number;
  }
}

/** When the priority images finished, when the first script was asked for, what the page holds. */
function timings(page: Page): Promise<Timings> {
  return page.evaluate((pattern) => {
    const script = new RegExp(pattern);
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const heroes = Array.from(
      document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
      (image) => image.currentSrc,
    );
    const scripts = entries.filter((entry) => script.test(new URL(entry.name).pathname));
    return {
      heroesLoaded: Math.max(
        0,
        ...entries.filter((entry) => heroes.includes(entry.name)).map((entry) => entry.responseEnd),
      ),
      firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
      preloads: window.__preloadsAdded ?? 0,
    };
  }, SCRIPT.source);
}

/** Holds every media request (images, posters) until `release`. */
async function holdMedia(context: BrowserContext) {
  const held: Route[] = [];
  await context.route("**/media/**", (route) => void held.push(route));
  return {
    release: () => Promise.all(held.splice(0).map((route) => route.continue().catch(() => {}))),
  };
}

test.describe("hydration waits for the hero", () => {
  const suite = browserSuite();

  async function open() {
    const context = await suite.browser.newContext(PHONE);
    const page = await context.newPage();
    // Remix drops its preloads once hydrated: count them as they are put back.
    await page.addInitScript(() => {
      window.__preloadsAdded = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof HTMLLinkElement && node.rel === "modulepreload") {
              window.__preloadsAdded! += 1;
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (SCRIPT.test(new URL(request.url()).pathname)) scripts.push(request.url());
    });
    return { context, page, scripts, errors: watchConsole(page) };
  }

  test("asks for a page's scripts only once its hero has loaded, then hydrates the server's markup", async () => {
    const routes = await mediaRoutes();
    const project = routes.find((route) => route.type === "project" && route.hasHero)!;
    for (const path of ["/", project.path, "/legal"]) {
      const { context, page, errors } = await open();
      await page.goto(suite.baseUrl + path);
      await waitForSettledPage(page);
      const seen = await timings(page);
      expect(seen.scripts, path).toBeGreaterThan(0);
      if (path !== "/legal") {
        expect(seen.heroesLoaded, path).toBeGreaterThan(0);
        expect(seen.firstScript, path).toBeGreaterThanOrEqual(seen.heroesLoaded);
      }
      // Remix's module preloads were put back before the modules ran,
      // and React found the markup it rendered (a mismatch is a console error).
      expect(seen.preloads, path).toBeGreaterThan(0);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  test("starts the scripts at once when a visitor reaches for the page before the hero arrives", async () => {
    const { context, page, scripts, errors } = await open();
    const media = await holdMedia(context);
    // The page's clock stands still while nothing is asked for: its 3 s fallback cannot start
    // the scripts during the check, however slow the machine (paused at any time ahead of now).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(suite.baseUrl + "/", { waitUntil: "domcontentloaded" });
    // The page's deferred module script has run and now waits: it listens for a visitor's reach.
    const cdp = await context.newCDPSession(page);
    const reach = async () => {
      const { result } = await cdp.send("Runtime.evaluate", { expression: "window" });
      const { listeners } = await cdp.send("DOMDebugger.getEventListeners", {
        objectId: result.objectId!,
      });
      return listeners
        .filter((listener) => listener.useCapture)
        .map((listener) => listener.type)
        .filter((type) => ["pointerdown", "keydown", "touchstart"].includes(type))
        .sort();
    };
    await expect
      .poll(reach, { message: "the page's scripts wait for the hero or a visitor" })
      .toEqual(["keydown", "pointerdown", "touchstart"]);
    await cdp.detach();
    // Nothing is asked for while the hero is on its way. The window: up to a request the page
    // makes now. Requests are reported in the order the page makes them, so any script asked for
    // before it has been seen by then; after it, with the clock stopped and the hero held, only
    // a visitor could start the scripts.
    const barrier = page.waitForRequest((request) => request.url().includes("?barrier"), {
      timeout: 10_000,
    });
    await page.evaluate(() => fetch("/favicon.ico?barrier", { cache: "no-store" }));
    await barrier;
    expect(scripts, "scripts asked for before the hero or a visitor").toEqual([]);
    await page.clock.resume();
    await page.keyboard.press("Tab");
    await expect(page.locator("html"), "the page hydrates after a key press").toHaveAttribute(
      "data-hydrated",
      "true",
    );
    expect(scripts.length).toBeGreaterThan(0);
    await media.release();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("hydrates after 3 s when the hero never arrives", async () => {
    const { context, page, errors } = await open();
    const media = await holdMedia(context);
    await page.goto(suite.baseUrl + "/work", { waitUntil: "domcontentloaded" });
    await expect(
      page.locator("html"),
      "the page hydrates by itself when the hero never arrives",
    ).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
    const seen = await timings(page);
    expect(seen.heroesLoaded).toBe(0);
    expect(seen.firstScript).toBeGreaterThanOrEqual(3_000);
    await media.release();
    expect(errors).toEqual([]);
    await context.close();
  });
});
