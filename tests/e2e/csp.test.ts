import type { Browser, BrowserContext, Page } from "./support/test";
import { expect, test } from "./support/test";
import { startFakeSpotify, type FakeSpotify } from "../support/fake-spotify";
import { coveringRoutes, mediaRoutes, scrollThrough, type MediaRoute } from "./support/media";
import { recordViolations } from "./support/csp-violations";
import { startNetlifyLikeCdn } from "./support/netlify-cdn";
import { startServer, type RunningServer } from "./support/server";
import { waitUntilReady } from "./support/ready";
import { ask, BUNDLED_DATASET } from "../support/dataset";

/**
 * The Content-Security-Policy in Chromium (docs/security.md): on every page and every kind of
 * project content, with everything that loads or runs something at work (a background video
 * playing, the music widget with its album art, the menu, the lightbox, the preview banner),
 * nothing is blocked; and a page a CDN replays runs as it did when rendered. Every route's load
 * and scroll, where a violation shows as a console error, is media.test.ts's.
 */

const PREVIEW_SECRET = "csp-test-preview-secret-0123456789";
const NOT_FOUND = "/no-such-page-for-csp";

const routes = await mediaRoutes();
const notFound: MediaRoute = {
  path: NOT_FOUND,
  type: "404",
  title: "Page not found",
  noindex: true,
  hasHero: false,
  videos: [],
  galleries: [],
  anyVideo: false,
  kinds: [],
};
const ROUTES = [...routes, notFound];
/** Projects share one template: the few that show every kind of content between them. */
const EXERCISED = [...coveringRoutes(routes), notFound].map((route) => route.path);
const byPath = (path: string) => ROUTES.find((route) => route.path === path)!;
const firstProject = routes.find((route) => route.type === "project")!.path;
const draftedProjects = (
  await ask<string[]>(
    BUNDLED_DATASET,
    `*[_type == "project" && _originalId in path("drafts.**") && defined(slug.current)].slug.current`,
    {},
    "previewed",
  )
).map((slug) => `/work/${encodeURIComponent(slug)}`);

let spotify: FakeSpotify;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

// Its own server: the music widget asks a fake Spotify, and preview needs a known secret.
test.beforeAll(async ({ browser: shared }) => {
  test.setTimeout(120_000);
  browser = shared;
  spotify = await startFakeSpotify();
  server = await startServer({ ...spotify.env, SANITY_PREVIEW_SECRET: PREVIEW_SECRET });
  await waitUntilReady(server.url);
});
test.afterAll(async () => {
  await server?.stop();
  await spotify?.close();
});
test.afterEach(async () => {
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
  const violations = await recordViolations(page);
  return { page, violations };
}

const hydrated = (page: Page) =>
  expect(page.locator("html"), "the page hydrates").toHaveAttribute("data-hydrated", "true", {
    timeout: 30_000,
  });

/** Everything on the page that loads or runs something, one after another. */
async function exercise(page: Page, route: MediaRoute) {
  await hydrated(page);
  if (route.videos.some((video) => !video.isVideoPlayer)) {
    // The video element comes once its box nears the screen.
    await page.locator('[data-video="background"]').first().scrollIntoViewIfNeeded();
    // One that waits for its button on this portrait screen (the home showreel) is played.
    await expect(
      page.locator(".video__toggle").first(),
      "a background video's button",
    ).toBeVisible();
    const held = page.getByRole("button", { name: "Play background video" });
    if (await held.count()) await held.first().click();
    const selector = '[data-video="background"] video';
    await expect
      .poll(
        () =>
          page.evaluate(
            (css) =>
              Array.from(document.querySelectorAll<HTMLVideoElement>(css)).some(
                (video) => !video.paused && video.currentTime > 0,
              ),
            selector,
          ),
        { message: "a background video plays", timeout: 30_000 },
      )
      .toBe(true);
  }
  await scrollThrough(page);
  // The footer's music widget (error screens have no footer), with its album art.
  const widget = page.locator("footer .music-widget");
  if (await widget.count()) {
    // On screen is all the widget needs (its IntersectionObserver asks then): no Playwright
    // scroll, whose stability check waits for the box to stay put over frames, and this box
    // grows (64 -> 81 px) the moment its answer lands, which is what coming on screen starts.
    await widget.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await expect(widget, "the music widget has answered").toHaveAttribute("aria-busy", "false");
    await expect
      .poll(
        () =>
          widget.evaluate((element) => {
            const art = element.querySelector("img");
            return art !== null && art.complete && art.naturalWidth > 0;
          }),
        { message: "the music widget's album art has loaded" },
      )
      .toBe(true);
  }
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.count()) {
    await page.evaluate(() => window.scrollTo(0, 0));
    // The header slid away while the page scrolled down and slides back now (0.7 s, several
    // seconds on a loaded machine): the button moves until then, and a click waits for a still
    // target. Wait for the header to be back in place instead.
    const header = page.locator(".site-header");
    await expect(header, "the header comes back at the top").not.toHaveAttribute("data-hidden");
    await expect
      .poll(() => header.evaluate((element) => element.getAnimations().length), {
        message: "the header has finished sliding back",
      })
      .toBe(0);
    await menu.click();
    await expect(page.locator("#mobile-menu"), "the menu opens").toBeVisible();
    await menu.click();
  }
  const slide = page.locator(".gallery__open").first();
  if (route.galleries.length && (await slide.count())) {
    await slide.scrollIntoViewIfNeeded();
    await slide.click();
    await expect(page.locator("dialog.lightbox[open]"), "the lightbox opens").toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog.lightbox[open]"), "the lightbox closes").toHaveCount(0);
  }
}

test.describe("no Content-Security-Policy violation in Chromium", () => {
  for (const path of EXERCISED) {
    test(`on ${path} rendered for the visit`, async () => {
      const { page, violations } = await openPage();
      const response = await page.goto(server.url + path);
      expect(response?.status()).toBe(path === NOT_FOUND ? 404 : 200);
      await exercise(page, byPath(path));
      expect(await violations()).toEqual([]);
    });
  }

  // What preview adds is the same on every route (the banner, live content); what differs by
  // route is the drafts it shows. The home page (everything the shell runs), Work (which lists
  // drafts) and each project with a draft; every kind of content is exercised rendered above.
  for (const path of ["/", "/work", ...draftedProjects]) {
    test(`on ${path} in preview, with the preview banner`, async () => {
      const { page, violations } = await openPage();
      await page.goto(
        `${server.url}/api/preview?secret=${PREVIEW_SECRET}&slug=${encodeURIComponent(path)}`,
      );
      await expect(page.getByRole("link", { name: "Exit preview" }).isVisible()).resolves.toBe(
        true,
      );
      await exercise(page, byPath(path));
      expect(await violations()).toEqual([]);
    });
  }
});

test.describe("a page Netlify's CDN replays as it was rendered", () => {
  let cdn: Awaited<ReturnType<typeof startNetlifyLikeCdn>>;
  test.beforeAll(async () => {
    cdn = await startNetlifyLikeCdn(server.url);
  });
  test.afterAll(async () => {
    await cdn?.close();
  });

  for (const path of ["/", firstProject]) {
    test(`runs ${path} from the kept copy, its policy unchanged, and nothing blocked`, async () => {
      test.setTimeout(120_000);
      const policies: string[] = [];
      for (const visit of [1, 2]) {
        const { page, violations } = await openPage();
        const response = await page.goto(cdn.url + path);
        if (visit === 2) expect(response?.headers()["x-cdn"]).toBe("kept");
        policies.push(response?.headers()["content-security-policy"] ?? "");
        // The first visit renders the copy the CDN keeps, as "rendered for the visit" above
        // exercises it; the replay is the one to exercise.
        if (visit === 2) await exercise(page, byPath(path));
        else await hydrated(page);
        expect(await violations()).toEqual([]);
        await context?.close();
        context = undefined;
      }
      expect(policies[1]).toBe(policies[0]);
    });
  }
});
