import { expect, test } from "./support/test";
import type { Browser, Page } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { afterFrames, browserSuite, watchConsole } from "./support/browser";
import { mediaRoutes } from "./support/media";

// A background video's pause and play button, and the home showreel that waits for it where its
// poster is art-directed, portrait screens (docs/decisions/056-video-loading.md), in Chromium.

const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 1280, height: 800 };
const HERO = ".page--home .hero";

const [homeHero] = await ask<{ _type: string; isVideoPlayer?: boolean; playbackId?: string }[]>(
  BUNDLED_DATASET,
  `*[_id == "homepage"][0].hero[]{ _type, isVideoPlayer, "playbackId": video.asset->playbackId }`,
);

function requireBackgroundHero() {
  if (homeHero?._type !== "mainVideo" || homeHero.isVideoPlayer) {
    throw new Error("The dataset's home hero is not a background video: these tests need one");
  }
  return homeHero.playbackId!;
}

async function openHome(browser: Browser, baseUrl: string, viewport = LANDSCAPE) {
  const page = await browser.newPage({ viewport });
  const videoRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".mp4")) videoRequests.push(request.url());
  });
  const errors = watchConsole(page);
  await page.goto(baseUrl + "/");
  return { page, videoRequests, errors };
}

const heroVideo = (page: Page) =>
  page.evaluate((hero) => {
    const video = document.querySelector<HTMLVideoElement>(`${hero} video`)!;
    return { paused: video.paused, time: video.currentTime };
  }, HERO);

/** Asserts that the hero's video plays (its time moves on), within 15 s; `what` names the case. */
const playing = (page: Page, what: string) =>
  expect
    .poll(
      () =>
        page.evaluate((hero) => {
          const video = document.querySelector<HTMLVideoElement>(`${hero} video`);
          return video !== null && !video.paused && video.currentTime > 0;
        }, HERO),
      { message: `the home showreel plays ${what}`, timeout: 15_000 },
    )
    .toBe(true);

/** Asserts that the hero shows its button, `name` ("Play background video" or "Pause …"). */
const button = (page: Page, name: string) =>
  expect(
    page.locator(HERO).getByRole("button", { name }),
    `the home hero shows "${name}"`,
  ).toBeVisible();

test.describe("a background video's button", () => {
  const suite = browserSuite();

  test("pauses the video and plays it again, by mouse and by keyboard", async () => {
    requireBackgroundHero();
    const { page, errors } = await openHome(suite.browser, suite.baseUrl);
    await playing(page, "on a landscape screen");
    const pause = page.locator(HERO).getByRole("button", { name: "Pause background video" });
    await pause.click();
    const play = page.locator(HERO).getByRole("button", { name: "Play background video" });
    await button(page, "Play background video");
    const stopped = await heroVideo(page);
    expect(stopped.paused).toBe(true);
    // Stays where it stopped: a playing video's time moves on every frame, so ten frames
    // (2 s at most) would show it.
    await afterFrames(page, 10);
    expect((await heroVideo(page)).time).toBe(stopped.time);

    await play.focus();
    await page.keyboard.press("Enter");
    await playing(page, "again after Enter on its button");
    await button(page, "Pause background video");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("sits in the video's corner, a 44px target, on the first screen", async () => {
    requireBackgroundHero();
    for (const viewport of [PORTRAIT, LANDSCAPE, { width: 1440, height: 900 }]) {
      const { page } = await openHome(suite.browser, suite.baseUrl, viewport);
      const toggle = page.locator(`${HERO} .video__toggle`);
      await expect(toggle, `the hero's button at ${viewport.width}px`).toBeVisible();
      const [box, video] = await Promise.all([
        toggle.boundingBox(),
        page.locator(`${HERO} .video`).boundingBox(),
      ]);
      expect(box!.width, `${viewport.width}px`).toBeGreaterThanOrEqual(44);
      expect(box!.height, `${viewport.width}px`).toBeGreaterThanOrEqual(44);
      // Inside the video, near its bottom right corner.
      const right = video!.x + video!.width - (box!.x + box!.width);
      const bottom = video!.y + video!.height - (box!.y + box!.height);
      expect(right, `${viewport.width}px`).toBeGreaterThan(0);
      expect(right, `${viewport.width}px`).toBeLessThan(32);
      expect(bottom, `${viewport.width}px`).toBeGreaterThan(0);
      expect(bottom, `${viewport.width}px`).toBeLessThan(32);
      // Seen without scrolling: the home hero never runs below the fold, and on a landscape
      // screen it fills the first screen down to it.
      const heroBottom = video!.y + video!.height;
      expect(heroBottom, `${viewport.width}px`).toBeLessThanOrEqual(viewport.height);
      if (viewport.width > viewport.height) {
        expect(heroBottom, `${viewport.width}px`).toBeGreaterThan(viewport.height - 1);
      }
      await page.close();
    }
  });

  test("shows a focus ring on any frame when reached with the keyboard", async () => {
    requireBackgroundHero();
    const { page } = await openHome(suite.browser, suite.baseUrl, PORTRAIT);
    const toggle = page.locator(`${HERO} .video__toggle`);
    await expect(toggle, "the hero's button").toBeVisible();
    const focused = () =>
      page.evaluate(() => document.activeElement?.classList.contains("video__toggle") ?? false);
    for (let presses = 0; presses < 20 && !(await focused()); presses++) {
      await page.keyboard.press("Tab");
    }
    expect(await focused()).toBe(true);
    const ring = await toggle.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
    });
    // A white outline outside a blue ring: one of the two contrasts with whatever plays under it.
    expect(ring.outline).toBe("solid");
    expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    expect(ring.shadow).toContain("0px 0px 0px 3px");
    await page.close();
  });

  test("is not put inside a link or a gallery button, which cannot hold another control", async () => {
    const routes = await mediaRoutes();
    const withPreviews = routes.filter((route) =>
      route.galleries.some((items) =>
        items.some((item) => item._type === "mainVideo" && !item.isVideoPlayer),
      ),
    );
    if (!withPreviews.length) {
      throw new Error("The dataset has no gallery with a background video: this test needs one");
    }
    const page = await suite.browser.newPage({ viewport: LANDSCAPE });
    for (const route of withPreviews) {
      await page.goto(suite.baseUrl + route.path);
      const previews = page.locator(':is(a, button) [data-video="background"]');
      await previews.first().scrollIntoViewIfNeeded();
      // The page's own background videos have their buttons by now; the previews none.
      await expect(page.locator("html"), `${route.path} hydrates`).toHaveAttribute(
        "data-hydrated",
        "true",
      );
      await afterFrames(page, 3);
      expect(await previews.count(), route.path).toBeGreaterThan(0);
      expect(await page.locator(":is(a, button) .video__toggle").count(), route.path).toBe(0);
    }
    await page.close();
  });
});

test.describe("the home showreel on a portrait screen", () => {
  const suite = browserSuite();

  test("shows its still and loads no video until the visitor presses play", async () => {
    const playbackId = requireBackgroundHero();
    const { page, videoRequests, errors } = await openHome(suite.browser, suite.baseUrl, PORTRAIT);
    const play = page.locator(HERO).getByRole("button", { name: "Play background video" });
    await button(page, "Play background video");
    // No video while it waits: until the network has been quiet for 0.5 s and three more frames
    // have run (the on-screen observer that would start it has answered by then).
    await page.waitForLoadState("networkidle", { timeout: 20_000 });
    await afterFrames(page, 3);
    expect(await heroVideo(page)).toEqual({ paused: true, time: 0 });
    expect(videoRequests).toEqual([]);

    await play.click();
    await playing(page, "once the visitor presses play");
    expect(videoRequests.some((url) => url.includes(`/media/videos/${playbackId}.mp4`))).toBe(true);
    await button(page, "Pause background video");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("plays by itself once the screen turns to landscape", async () => {
    requireBackgroundHero();
    const { page } = await openHome(suite.browser, suite.baseUrl, PORTRAIT);
    await button(page, "Play background video");
    expect((await heroVideo(page)).paused, "still before the turn").toBe(true);
    await page.setViewportSize({ width: PORTRAIT.height, height: PORTRAIT.width });
    await playing(page, "by itself once the screen turns to landscape");
    await page.close();
  });
});

test.describe("the home showreel with reduced motion", () => {
  const suite = browserSuite();

  test("stays still, and plays when the visitor asks for it", async () => {
    requireBackgroundHero();
    const page = await suite.browser.newPage({ viewport: LANDSCAPE });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(suite.baseUrl + "/");
    const play = page.locator(HERO).getByRole("button", { name: "Play background video" });
    await button(page, "Play background video");
    await afterFrames(page, 3);
    expect((await heroVideo(page)).paused).toBe(true);
    await play.click();
    await playing(page, "with reduced motion once the visitor presses play");
    await page.close();
  });
});
