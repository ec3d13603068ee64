import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeSpotify, type FakeSpotify } from "../support/fake-spotify";
import { launchBrowser } from "./support/browser";
import { mediaRoutes, scrollThrough, type MediaRoute } from "./support/media";
import { startNetlifyLikeCdn } from "./support/netlify-cdn";
import { startServer, type RunningServer } from "./support/server";
import { waitUntilReady } from "./support/ready";

/**
 * The Content-Security-Policy in Chromium (docs/security.md): on every route,
 * with everything that loads or runs something at work (a background video
 * playing, the music widget with its album art, the menu, the lightbox, the
 * preview banner), nothing is blocked; and the same on pages replayed by the
 * page cache and by a CDN through the edge step.
 */

const PREVIEW_SECRET = "csp-test-preview-secret-0123456789";
const NOT_FOUND = "/no-such-page-for-csp";

const routes = await mediaRoutes();
const ROUTES: MediaRoute[] = [
  ...routes,
  { path: NOT_FOUND, type: "404", hasHero: false, videos: [], galleries: [], anyVideo: false },
];
const PATHS = ROUTES.map((route) => route.path);
const byPath = (path: string) => ROUTES.find((route) => route.path === path)!;
const firstProject = routes.find((route) => route.type === "project")!.path;

let spotify: FakeSpotify;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  spotify = await startFakeSpotify();
  server = await startServer({ ...spotify.env, SANITY_PREVIEW_SECRET: PREVIEW_SECRET });
  browser = await launchBrowser();
  await waitUntilReady(server.url);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await spotify?.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** A phone-sized page that records every policy violation, and any console report of one. */
async function openPage(headers: Record<string, string> = {}) {
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: headers,
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
    );
  });
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) reports.push(message.text());
  });
  const violations = async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...reports,
  ];
  return { page, violations };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** Everything on the page that loads or runs something, one after another. */
async function exercise(page: Page, route: MediaRoute) {
  await hydrated(page);
  if (route.videos.some((video) => !video.isVideoPlayer)) {
    // The video element comes once its box nears the screen.
    await page.locator('[data-video="background"]').first().scrollIntoViewIfNeeded();
    // One that waits for its button on this portrait screen (the home showreel) is played.
    await page.locator(".video__toggle").first().waitFor();
    const held = page.getByRole("button", { name: "Play background video" });
    if (await held.count()) await held.first().click();
    const selector = '[data-video="background"] video';
    await page.waitForFunction(
      (css) =>
        Array.from(document.querySelectorAll<HTMLVideoElement>(css)).some(
          (video) => !video.paused && video.currentTime > 0,
        ),
      selector,
      { timeout: 30_000 },
    );
  }
  await scrollThrough(page);
  // The footer's music widget (error screens have no footer), with its album art.
  const widget = page.locator("footer .music-widget");
  if (await widget.count()) {
    await widget.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => document.querySelector("footer .music-widget")?.getAttribute("aria-busy") === "false",
    );
    await page.waitForFunction(() => {
      const art = document.querySelector<HTMLImageElement>("footer .music-widget img");
      return art !== null && art.complete && art.naturalWidth > 0;
    });
  }
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.count()) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await menu.click();
    await page.waitForFunction(() => document.querySelector("#mobile-menu")?.checkVisibility());
    await menu.click();
  }
  const slide = page.locator(".gallery__open").first();
  if (route.galleries.length && (await slide.count())) {
    await slide.scrollIntoViewIfNeeded();
    await slide.click();
    await page.locator("dialog.lightbox[open]").waitFor();
    await page.keyboard.press("Escape");
    await page.locator("dialog.lightbox[open]").waitFor({ state: "detached" });
  }
}

describe("no Content-Security-Policy violation in Chromium", () => {
  it.each(PATHS)("on %s rendered for the visit", async (path) => {
    const { page, violations } = await openPage({ "Cache-Control": "no-cache" });
    const response = await page.goto(server.url + path);
    expect(response?.status()).toBe(path === NOT_FOUND ? 404 : 200);
    expect(response?.headers()["x-cache"]).toBe("MISS");
    await exercise(page, byPath(path));
    expect(await violations()).toEqual([]);
  });

  it.each(PATHS)("on %s from the page cache", async (path) => {
    await fetch(server.url + path);
    const { page, violations } = await openPage();
    const response = await page.goto(server.url + path);
    expect(response?.status()).toBe(path === NOT_FOUND ? 404 : 200);
    expect(response?.headers()["x-cache"]).toBe("HIT");
    await exercise(page, byPath(path));
    expect(await violations()).toEqual([]);
  });

  it.each(["/", "/work", firstProject, "/culture", "/legal"])(
    "on %s in preview, with the preview banner",
    async (path) => {
      const { page, violations } = await openPage();
      await page.goto(
        `${server.url}/api/preview?secret=${PREVIEW_SECRET}&slug=${encodeURIComponent(path)}`,
      );
      await expect(page.getByRole("link", { name: "Exit preview" }).isVisible()).resolves.toBe(
        true,
      );
      await exercise(page, byPath(path));
      expect(await violations()).toEqual([]);
    },
  );
});

describe("a page Netlify's CDN replays, through the edge step", () => {
  let cdn: Awaited<ReturnType<typeof startNetlifyLikeCdn>>;
  beforeAll(async () => {
    cdn = await startNetlifyLikeCdn(server.url);
  });
  afterAll(async () => {
    await cdn?.close();
  });

  it.each(["/", firstProject])(
    "runs %s with a fresh nonce on each visit, and nothing blocked",
    async (path) => {
      const nonces: string[] = [];
      for (const visit of [1, 2]) {
        const { page, violations } = await openPage();
        const response = await page.goto(cdn.url + path);
        if (visit === 2) expect(response?.headers()["x-cdn"]).toBe("kept");
        nonces.push(
          /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")![1]!,
        );
        await exercise(page, byPath(path));
        expect(await violations()).toEqual([]);
        await context?.close();
        context = undefined;
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    },
    120_000,
  );
});
