import { expect, test } from "./support/test";
import type { Route } from "@playwright/test";
import type { BrowserContext, Page } from "./support/test";
import { afterFrames, browserSuite } from "./support/browser";
import { coveringRoutes, mediaRoutes, watchLayoutShifts } from "./support/media";
import { waitForSettledPage } from "./support/shell";

// The self-hosted Inter Tight on a cold load (docs/decisions/041-typeface.md): painted when it
// arrives with the first paint; otherwise the metric-matched fallback stays, without a shift,
// until the first navigation switches to the font while no page is on screen. (At 1440 px
// tests/e2e/media.test.ts checks every route for shifts with the font in time.)

const routes = await mediaRoutes();
const suite = browserSuite();

/** The family Chromium really paints a page's first text with (not what CSS asks for). */
async function paintedFamily(page: Page) {
  await page.evaluate(() => {
    document.querySelector("[data-font-probe]")?.removeAttribute("data-font-probe");
    const text = Array.from(document.querySelectorAll("main :is(h1, h2, p, a)")).find(
      (element) =>
        element.textContent?.trim() &&
        element.getBoundingClientRect().height > 0 &&
        getComputedStyle(element).fontStyle === "normal",
    );
    text?.setAttribute("data-font-probe", "");
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector: "[data-font-probe]",
  });
  expect(nodeId, "a line of text in main").toBeGreaterThan(0);
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

/**
 * A cold visit whose web fonts are held back until the page has painted, as on a slow
 * connection: returns once the page has painted and the font has then arrived.
 */
async function visitWithLateFont(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const held: Route[] = [];
  let painted = false;
  await page.route(/\.woff2$/, (route) => (painted ? route.continue() : held.push(route)));
  const layoutShifts = await watchLayoutShifts(page);
  await page.goto(suite.baseUrl + path, { waitUntil: "commit" });
  await expect
    .poll(
      () => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length),
      { message: "the page paints (with its fonts held back)", intervals: [50] },
    )
    .toBeGreaterThan(0);
  painted = true;
  await Promise.all(held.map((route) => route.continue()));
  await page.waitForLoadState("load");
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.fonts).some(
            (face) => face.unicodeRange.startsWith("U+0-FF,") && face.status === "loaded",
          ),
        ),
      { message: "the Latin face of Inter Tight loads once let through", intervals: [50] },
    )
    .toBe(true);
  await waitForSettledPage(page);
  // Two frames after the font is in: any relayout it caused has been painted and reported.
  await afterFrames(page, 2);
  return { page, layoutShifts };
}

test.describe("the web font on a cold load", () => {
  test("paints Inter Tight from the first navigation on, switching only a visit that missed it", async () => {
    // Whether a cold load makes the font's window depends on the machine's speed; what
    // follows from it does not.
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${suite.baseUrl}/work`);
    await waitForSettledPage(page);
    const missed = !(await paintedFamily(page)).includes("Inter Tight");
    await page.locator("main a[href^='/work/']").first().click();
    await expect(page, "the click opens a project").toHaveURL(/\/work\/.+/);
    await waitForSettledPage(page);
    expect(await paintedFamily(page)).toEqual(["Inter Tight"]);
    const upgraded = await page.evaluate(() =>
      document.documentElement.classList.contains("font-late"),
    );
    expect(upgraded).toBe(missed);
    await context.close();
  });

  test("keeps the fallback when the font is late, then switches on the first navigation", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await visitWithLateFont(context, "/work");
    const fallback = await paintedFamily(page);
    expect(fallback).not.toContain("Inter Tight");
    await page.locator("main a[href^='/work/']").first().click();
    await expect(page, "the click opens a project").toHaveURL(/\/work\/.+/);
    await waitForSettledPage(page);
    expect(await paintedFamily(page)).toEqual(["Inter Tight"]);
    await context.close();
  });

  // At a phone's width, where slow connections are; on every page and every kind of content
  // (coveringRoutes: projects share one template).
  test.describe("at 390 px, the font arriving after the first paint", () => {
    for (const path of coveringRoutes(routes).map((route) => route.path)) {
      test(`shifts nothing on ${path}`, async () => {
        const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
        const { page, layoutShifts } = await visitWithLateFont(context, path);
        const { cls, shifts } = await layoutShifts();
        expect(cls, shifts.join(", ")).toBe(0);
        expect(await paintedFamily(page)).not.toContain("Inter Tight");
        await context.close();
      });
    }
  });
});

test.describe("the italic", () => {
  test("is preloaded where the opening text sets a word in italic (the home intro), and fetched once", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    for (const path of ["/", "/legal"]) {
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith(".woff2")) fetched.push(new URL(request.url()).pathname);
      });
      await page.goto(suite.baseUrl + path);
      await waitForSettledPage(page);
      const italic = await page.evaluate(
        () =>
          Array.from(
            document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
            (link) => new URL(link.href).pathname,
          ).find((href) => href.includes("italic")) ?? null,
      );
      const setsItalic = (await page.locator(".intro em").count()) > 0;
      // The bundled home intro has one; Legal has no intro.
      expect(setsItalic, path).toBe(path === "/");
      expect(Boolean(italic), path).toBe(setsItalic);
      if (italic)
        expect(
          fetched.filter((file) => file === italic),
          path,
        ).toHaveLength(1);
      await page.close();
    }
    await context.close();
  });
});
