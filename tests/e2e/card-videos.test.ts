import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { browserSuite, watchConsole } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

// A project card whose thumbnail is a looping background video: a card is a link and cannot hold
// the video's own pause button, so its list carries one "Pause videos" for all of them (WCAG
// 2.2.2; docs/decisions/056-video-loading.md). On a copy of the bundled dataset in which the first
// project the home page lists takes a background video from another page as its thumbnail.

type Item = Record<string, unknown> & { _type: string; isVideoPlayer?: boolean };

const [projectId, items] = await Promise.all([
  ask<string>(
    BUNDLED_DATASET,
    `*[_id == "homepage"][0].modules[_type == "projectsModule"][0].projects[0]._ref`,
  ),
  ask<(Item | null)[]>(BUNDLED_DATASET, `*[_type == "project"].modules[].items[]`),
]);
const video = items.find((item) => item?._type === "mainVideo" && !item.isVideoPlayer);
const slug = await ask<string>(BUNDLED_DATASET, `*[_id == $id][0].slug.current`, {
  id: projectId,
});

/** The card's video: whether it is playing (its time moves on). */
const cardVideo = (page: Page) =>
  page.evaluate((href) => {
    const element = document.querySelector<HTMLVideoElement>(`a[href="${href}"] video`);
    return { found: element !== null, playing: !!element && !element.paused };
  }, `/work/${slug}`);

const expectPlaying = (page: Page, playing: boolean, what: string) =>
  expect
    .poll(async () => (await cardVideo(page)).playing, { message: what, timeout: 15_000 })
    .toBe(playing);

test.describe("project cards with a looping video", () => {
  const suite = browserSuite();
  let server: RunningServer;

  test.beforeAll(async () => {
    if (!projectId || !video) throw new Error("The dataset lacks a listed project or a video");
    const dataset = await copyDataset(BUNDLED_DATASET);
    await dataset.edit(projectId, (doc) => ({ ...doc, thumbnail: [{ ...video, _key: "card" }] }));
    server = await startServer({ CONTENT_DIR: dataset.dir });
  });
  test.afterAll(() => server?.stop());

  for (const path of ["/", "/work"]) {
    test(`on ${path}: one control pauses them and plays them again`, async () => {
      const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors = watchConsole(page);
      await page.goto(server.url + path);
      await page.locator(`a[href="/work/${slug}"] video`).scrollIntoViewIfNeeded();
      await expectPlaying(page, true, "the card's video plays once on screen");
      // No button inside the link; one for the list, before it.
      expect(await page.locator("a .video__toggle, a button").count()).toBe(0);
      const pause = page.getByRole("button", { name: "Pause videos" });
      await expect(pause).toHaveCount(1);
      await pause.click();
      await expectPlaying(page, false, "the card's video stops on Pause videos");
      const play = page.getByRole("button", { name: "Play videos" });
      await expect(play).toBeFocused();
      await page.keyboard.press("Enter");
      await expectPlaying(page, true, "the card's video plays again on Play videos");
      await expect(pause).toBeVisible();
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  test("with reduced motion the cards stay still until the visitor asks", async () => {
    const page = await suite.browser.newPage({
      viewport: { width: 1280, height: 800 },
      reducedMotion: "reduce",
    });
    await page.goto(server.url + "/work");
    await page.locator(`a[href="/work/${slug}"] video`).scrollIntoViewIfNeeded();
    const play = page.getByRole("button", { name: "Play videos" });
    await expect(play).toBeVisible();
    expect(await cardVideo(page)).toEqual({ found: true, playing: false });
    await play.click();
    await expectPlaying(page, true, "the card's video plays on Play videos");
    await page.close();
  });

  test("a list without looping videos shows no control", async () => {
    const page = await suite.browser.newPage();
    await page.goto(suite.baseUrl + "/work");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("button", { name: /^(Pause|Play) videos$/ })).toHaveCount(0);
    await page.close();
  });
});
