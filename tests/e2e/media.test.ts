import { expect, test } from "./support/test";
import { watchConsole } from "./support/browser";
import { DATASETS, forEachDataset } from "./support/datasets";
import { expectMediaLaidOut } from "./support/layout";
import { mediaRoutes, scrollThrough, watchLayoutShifts, type MediaRoute } from "./support/media";
import {
  expectFarImagesUnfetched,
  expectFittingFiles,
  expectPreloadOfLargest,
} from "./support/media-checks";
import { waitForSettledPage } from "./support/shell";

// Media on every route of both datasets, in Chromium (docs/decisions-media.md): one cold load
// per route and width checks, in the order a visit meets them, the preload, the lazy images
// left unfetched, then, scrolled through, each image's file, layout shifts, the console, and
// how the media are laid out.

const DEVICES = [
  ["a phone at 2x", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 }],
  ["a desktop", { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 }],
] as const;

const routesByDir = new Map<string, MediaRoute[]>();
for (const dataset of DATASETS) routesByDir.set(dataset.dir, await mediaRoutes(dataset.dir));

let checked = 0;
let farAway = 0;

forEachDataset(
  (label) => `media on every route, ${label}`,
  (suite) => {
    test("the dataset has galleries and half-width media to lay out", () => {
      expect(suite.facts.routes.filter((route) => route.galleries > 0).length).toBeGreaterThan(0);
      expect(suite.facts.routes.filter((route) => route.halves > 0).length).toBeGreaterThan(0);
    });

    for (const [device, options] of DEVICES) {
      for (const route of routesByDir.get(suite.dir)!) {
        test(`${route.path} on ${device}: preload, lazy images, fitting files, CLS 0, no console error, media laid out`, async () => {
          // A fresh context: a cold load, as a first visit. Chromium shows a lazy image at
          // once when an earlier page left its file in the memory cache.
          const context = await suite.browser.newContext(options);
          const page = await context.newPage();
          const errors = watchConsole(page);
          const layoutShifts = await watchLayoutShifts(page);
          await page.goto(suite.baseUrl + route.path);
          await expectPreloadOfLargest(page, route);
          await page.waitForLoadState("networkidle", { timeout: 20_000 });
          // Nothing has scrolled yet, so nothing brought a far image nearer.
          farAway += await expectFarImagesUnfetched(page, route);
          await scrollThrough(page);
          await page.waitForLoadState("networkidle", { timeout: 20_000 });
          checked += await expectFittingFiles(page, route);
          const { cls, shifts } = await layoutShifts();
          expect(cls, shifts.join(", ")).toBe(0);
          expect(errors).toEqual([]);
          await waitForSettledPage(page);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await expectMediaLaidOut(page, route.galleries.length);
          await context.close();
        });
      }
    }
  },
);

test("checked images on some route, and one far below the fold", () => {
  expect(checked).toBeGreaterThan(0);
  expect(farAway, "some route has an image far below the fold").toBeGreaterThan(0);
});
