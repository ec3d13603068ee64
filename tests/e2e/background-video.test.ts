import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { afterFrames, browserSuite, watchConsole } from "./support/browser";
import { mediaRoutes } from "./support/media";

// A background video's pause and play button, and the home showreel that waits for it where its
// poster is art-directed, portrait screens (docs/decisions-media.md), in Chromium.

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

const playing = (page: Page) =>
  page.waitForFunction((hero) => {
    const video = document.querySelector<HTMLVideoElement>(`${hero} video`);
    return video !== null && !video.paused && video.currentTime > 0;
  }, HERO);

describe("a background video's button", () => {
  const suite = browserSuite();

  it("pauses the video and plays it again, by mouse and by keyboard", async () => {
    requireBackgroundHero();
    const { page, errors } = await openHome(suite.browser, suite.baseUrl);
    await playing(page);
    const pause = page.locator(HERO).getByRole("button", { name: "Pause background video" });
    await pause.click();
    const play = page.locator(HERO).getByRole("button", { name: "Play background video" });
    await play.waitFor();
    const stopped = await heroVideo(page);
    expect(stopped.paused).toBe(true);
    await afterFrames(page, 10);
    expect((await heroVideo(page)).time).toBe(stopped.time);

    await play.focus();
    await page.keyboard.press("Enter");
    await playing(page);
    await page.locator(HERO).getByRole("button", { name: "Pause background video" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sits in the video's corner, a 44px target, on the first screen", async () => {
    requireBackgroundHero();
    for (const viewport of [PORTRAIT, LANDSCAPE, { width: 1440, height: 900 }]) {
      const { page } = await openHome(suite.browser, suite.baseUrl, viewport);
      const button = page.locator(`${HERO} .video__toggle`);
      await button.waitFor();
      const [box, video] = await Promise.all([
        button.boundingBox(),
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

  it("shows a focus ring on any frame when reached with the keyboard", async () => {
    requireBackgroundHero();
    const { page } = await openHome(suite.browser, suite.baseUrl, PORTRAIT);
    const button = page.locator(`${HERO} .video__toggle`);
    await button.waitFor();
    const focused = () =>
      page.evaluate(() => document.activeElement?.classList.contains("video__toggle") ?? false);
    for (let presses = 0; presses < 20 && !(await focused()); presses++) {
      await page.keyboard.press("Tab");
    }
    expect(await focused()).toBe(true);
    const ring = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
    });
    // A white outline outside a blue ring: one of the two contrasts with whatever plays under it.
    expect(ring.outline).toBe("solid");
    expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
    expect(ring.shadow).toContain("0px 0px 0px 3px");
    await page.close();
  });

  it("is not put inside a link or a gallery button, which cannot hold another control", async () => {
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
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await afterFrames(page, 3);
      expect(await previews.count(), route.path).toBeGreaterThan(0);
      expect(await page.locator(":is(a, button) .video__toggle").count(), route.path).toBe(0);
    }
    await page.close();
  });
});

describe("the home showreel on a portrait screen", () => {
  const suite = browserSuite();

  it("shows its still and loads no video until the visitor presses play", async () => {
    const playbackId = requireBackgroundHero();
    const { page, videoRequests, errors } = await openHome(suite.browser, suite.baseUrl, PORTRAIT);
    const play = page.locator(HERO).getByRole("button", { name: "Play background video" });
    await play.waitFor();
    await page.waitForLoadState("networkidle");
    await afterFrames(page, 3);
    expect(await heroVideo(page)).toEqual({ paused: true, time: 0 });
    expect(videoRequests).toEqual([]);

    await play.click();
    await playing(page);
    expect(videoRequests.some((url) => url.includes(`/media/videos/${playbackId}.mp4`))).toBe(true);
    await page.locator(HERO).getByRole("button", { name: "Pause background video" }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("plays by itself once the screen turns to landscape", async () => {
    requireBackgroundHero();
    const { page } = await openHome(suite.browser, suite.baseUrl, PORTRAIT);
    await page.locator(HERO).getByRole("button", { name: "Play background video" }).waitFor();
    await page.setViewportSize({ width: PORTRAIT.height, height: PORTRAIT.width });
    await playing(page);
    await page.close();
  });
});

describe("the home showreel with reduced motion", () => {
  const suite = browserSuite();

  it("stays still, and plays when the visitor asks for it", async () => {
    requireBackgroundHero();
    const page = await suite.browser.newPage({ viewport: LANDSCAPE });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(suite.baseUrl + "/");
    const play = page.locator(HERO).getByRole("button", { name: "Play background video" });
    await play.waitFor();
    await afterFrames(page, 3);
    expect((await heroVideo(page)).paused).toBe(true);
    await play.click();
    await playing(page);
    await page.close();
  });
});
