import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { FIREFOX_PATH } from "../../../../scripts/engines.mjs";
import type { Engine, EnginePage } from "./types";
import { installWatcher } from "./watcher";

/** How often a wait asks the page, and how long one question may go unanswered. */
const POLL_INTERVAL = 50;
const EVALUATION_LIMIT = 2_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Firefox over WebDriver BiDi through puppeteer-core: Playwright's own BiDi client needs a
 * newer Firefox than the ESR Debian ships (docs/testing.md, "Firefox and WebKit").
 */
export async function launchFirefox(): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    // A closed network: no updates, no telemetry, no remote settings.
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "toolkit.telemetry.enabled": false,
      "services.settings.server": "http://127.0.0.1:9/",
    },
  });
  const version = await browser.version();
  return {
    name: "firefox",
    version,
    async open(width, height) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      return firefoxPage(page, () => context.close());
    },
    close: () => browser.close(),
  };
}

function firefoxPage(page: Page, close: () => Promise<void>): EnginePage {
  const reported: string[] = [];
  // Console errors and uncaught errors come from the in-page watcher, which Firefox runs before
  // the page's scripts: the browser's own console events also carry those of the document being
  // left (React Router's manifest fetch, cut off by the next load, logs one).
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "";
    // Loads the page itself cancelled (lazy images of a page left, a video's range requests)
    // are no failure a visitor sees.
    if (reason !== "NS_BINDING_ABORTED")
      reported.push(`request failed: ${request.url()} ${reason}`);
  });
  const watching = page.evaluateOnNewDocument(installWatcher);
  return {
    async goto(url) {
      await watching;
      await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async waitFor(predicate, arg, timeout = 15_000) {
      // Polled from here, one short evaluation at a time, rather than by a wait inside the page,
      // so a wait outlives a document replaced under it (the 404 button's load of /): an
      // evaluation that meets the old document fails or stalls; the next runs in the new one.
      const end = Date.now() + timeout;
      while (Date.now() < end) {
        const met = await Promise.race([
          page.evaluate(predicate as never, arg as never).then(Boolean, () => false),
          delay(EVALUATION_LIMIT).then(() => false),
        ]);
        if (met) return true;
        await delay(POLL_INTERVAL);
      }
      return false;
    },
    async click(selector) {
      const element = await page.waitForSelector(selector, { visible: true, timeout: 15_000 });
      if (!element) throw new Error(`no ${selector}`);
      await element.click();
    },
    press: (key) => page.keyboard.press(key),
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` });
    },
    reported: () => reported,
    close,
  };
}
