import { expect, test } from "./support/test";
import type { BrowserContextOptions } from "@playwright/test";
import type { Browser, Page } from "./support/test";
import { watchConsole } from "./support/browser";
import { mediaRoutes, scrollThrough, type MediaRoute } from "./support/media";
import { waitUntilReady } from "./support/ready";
import { waitForSettledPage } from "./support/shell";

// Code the first paint does not need loads when it is needed (docs/performance.md): the
// lightbox and gallery dragging only on a page with a gallery, the cursor only for a mouse,
// the menu's focus trap only once the menu opens. The page transition has no machinery to
// load: its fades are a few classes set by the root's client middleware and the shell.

const CHUNKS = {
  lightbox: /\/assets\/Lightbox-[\w-]+\.js$/,
  drag: /\/assets\/drag-scroll-[\w-]+\.js$/,
  cursor: /\/assets\/CursorRing-[\w-]+\.js$/,
  focusTrap: /\/assets\/focus-trap-[\w-]+\.js$/,
};
type Chunk = keyof typeof CHUNKS;

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

test.describe("lazy chunks", () => {
  let browser: Browser;
  let baseUrl: string;
  let routes: MediaRoute[];
  test.beforeAll(async ({ browser: shared, baseUrl: url }) => {
    test.setTimeout(180_000);
    baseUrl = url;
    browser = shared;
    routes = await mediaRoutes();
    await waitUntilReady(baseUrl);
  });

  /** Opens a page, moves about on it, and reports which lazy chunks it asked for. */
  async function visit(
    path: string,
    options: BrowserContextOptions,
    act?: (page: Page) => Promise<void>,
  ) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(baseUrl + path);
    await waitForSettledPage(page);
    if (options.hasTouch) await page.touchscreen.tap(5, 300);
    else await page.mouse.move(200, 300);
    await scrollThrough(page);
    await act?.(page);
    // What "never asks" means: nothing asked for until the network has been quiet for 0.5 s
    // after the last move. A chunk is asked for as its trigger (hydration, the pointer, the
    // scroll, the hover) runs its effect, within a frame or two, well inside that quiet time.
    await page.waitForLoadState("networkidle", { timeout: 20_000 });
    const requested = (chunk: Chunk) => scripts.some((url) => CHUNKS[chunk].test(url));
    return { context, page, errors, requested };
  }

  test("a page whose cursor file a deploy removed goes on without the cursor", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // Both load after hydration, from a build that is no longer served.
    for (const gone of [CHUNKS.cursor, /\/assets\/deploy-guard-[\w-]+\.js$/]) {
      await page.route(gone, (route) => route.fulfill({ status: 404 }));
    }
    const skipped = page.waitForEvent("console", {
      predicate: (message) => message.text().startsWith("[cursor]"),
      timeout: 20_000,
    });
    await page.goto(baseUrl + "/");
    await Promise.all([waitForSettledPage(page), skipped]);
    await page.mouse.move(200, 300);
    // Still the page, and it still answers: the colour mode toggles.
    await expect(page.locator(".error-screen").count()).resolves.toBe(0);
    await page.getByRole("button", { name: /dark mode/i }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe("dark");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("a page without a gallery never asks for the lightbox or gallery dragging", async () => {
    const plain = routes.find((route) => route.galleries.length === 0);
    expect(plain, "some page has no gallery").toBeDefined();
    const { context, errors, requested } = await visit(plain!.path, DESKTOP);
    expect(requested("lightbox"), plain!.path).toBe(false);
    expect(requested("drag"), plain!.path).toBe(false);
    // A mouse gets the cursor.
    expect(requested("cursor"), plain!.path).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a page with a gallery asks for them once the gallery is used", async () => {
    const withGallery = routes.find((route) => route.galleries.some((items) => items.length));
    expect(withGallery, "some page has a gallery").toBeDefined();
    const { context, errors, requested } = await visit(withGallery!.path, DESKTOP, async (page) => {
      const slide = page.locator(".gallery__open").first();
      await slide.scrollIntoViewIfNeeded();
      await slide.hover();
    });
    expect(requested("drag"), withGallery!.path).toBe(true);
    expect(requested("lightbox"), withGallery!.path).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a touch screen never asks for the cursor", async () => {
    const { context, errors, requested } = await visit("/work", PHONE);
    expect(requested("cursor")).toBe(false);
    expect(requested("focusTrap")).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the menu's focus trap loads when the menu opens, and traps focus", async () => {
    const { context, page, errors, requested } = await visit("/work", PHONE);
    expect(requested("focusTrap")).toBe(false);
    await page.locator("header.site-header").getByRole("button", { name: "Menu" }).tap();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("#mobile-menu") !== null), {
        message: "focus moves into the open menu",
      })
      .toBe(true);
    expect(requested("focusTrap")).toBe(true);
    await expect(
      page.locator("main").evaluate((main) => main.closest("[inert]") !== null),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the first navigation fades the second page in, as every later one", async () => {
    const { context, page, errors } = await visit("/work", DESKTOP);
    const card = page.locator(".project-card").first();
    const title = await card.locator(".project-card__title").textContent();
    await card.click();
    await expect(page, "the card opens its project").toHaveURL(/\/work\/.+/);
    await waitForSettledPage(page);
    expect(await page.locator("h1").first().textContent()).toBe(title);
    await page.waitForLoadState("networkidle", { timeout: 20_000 });
    // The second page entered with the fade's classes, as every later one does.
    await expect(page.locator(".page-transition").getAttribute("class")).resolves.toContain(
      "page-fade-enter-done",
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
