import { expect, test } from "./support/test";
import { watchConsole } from "./support/browser";
import { DATASETS, forEachDataset } from "./support/datasets";
import { expectMediaLaidOut } from "./support/layout";
import {
  coveringRoutes,
  mediaRoutes,
  scrollThrough,
  watchLayoutShifts,
  type MediaRoute,
} from "./support/media";
import {
  expectNoVideoCode,
  expectFarImagesUnfetched,
  expectFittingFiles,
  expectPreloadOfLargest,
} from "./support/media-checks";
import {
  expectGalleryRowsEndOnTheEdge,
  expectPageIdentity,
  expectTextSectionsOnTheGrid,
} from "./support/page-checks";
import { waitForSettledPage } from "./support/shell";
import { ask } from "../support/dataset";

// Both datasets in Chromium: every route on a desktop, and on a phone every page and every kind
// of content (DEVICES). One cold load per route and width checks, in the order a visit meets
// them, the preload (docs/decisions/050-image-url-builder.md), the lazy images left unfetched, then, scrolled
// through, each image's file, no video code where there is no video, layout shifts and the
// console; then what the page says it is (title, one h1, robots) and how its media, text sections
// and gallery rows sit on the grid.

/**
 * A desktop loads every route. A phone loads every page and the projects that show every kind of
 * content between them (coveringRoutes): projects share one template, and what a phone changes
 * (the files picked at 2x, the hero's crop, the single column) it changes per kind of content.
 */
const DEVICES = [
  [
    "a phone at 2x",
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
    coveringRoutes,
  ],
  [
    "a desktop",
    { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
    (routes: MediaRoute[]) => routes,
  ],
] as const;

const routesByDir = new Map<string, MediaRoute[]>();
const siteTitles = new Map<string, string>();
for (const dataset of DATASETS) {
  routesByDir.set(dataset.dir, await mediaRoutes(dataset.dir));
  siteTitles.set(dataset.dir, await ask<string>(dataset.dir, `*[_id == "general"][0].siteTitle`));
}

let checked = 0;
let farAway = 0;
let withoutVideo = 0;
/** Text sections with a heading, and gallery rows a desktop fits without scrolling, by dataset. */
const textSections = new Map<string, number>();
const fittingGalleryRows = new Map<string, number>();
const add = (counts: Map<string, number>, label: string, n: number) =>
  counts.set(label, (counts.get(label) ?? 0) + n);

forEachDataset(
  (label) => `media on every route, ${label}`,
  (suite) => {
    test("the dataset has galleries and half-width media to lay out", () => {
      expect(suite.facts.routes.filter((route) => route.galleries > 0).length).toBeGreaterThan(0);
      expect(suite.facts.routes.filter((route) => route.halves > 0).length).toBeGreaterThan(0);
    });

    for (const [device, options, routesOf] of DEVICES) {
      for (const route of routesOf(routesByDir.get(suite.dir)!)) {
        test(`${route.path} on ${device}: preload, lazy images, fitting files, CLS 0, no console error, title, media and text on the grid`, async () => {
          // A fresh context: a cold load, as a first visit. Chromium shows a lazy image at
          // once when an earlier page left its file in the memory cache.
          const context = await suite.browser.newContext(options);
          const page = await context.newPage();
          const errors = watchConsole(page);
          const requested: string[] = [];
          page.on("request", (request) => requested.push(request.url()));
          const layoutShifts = await watchLayoutShifts(page);
          const response = await page.goto(suite.baseUrl + route.path);
          expect(response?.status(), route.path).toBe(200);
          await expectPreloadOfLargest(page, route);
          await page.waitForLoadState("networkidle", { timeout: 20_000 });
          // Nothing has scrolled yet, so nothing brought a far image nearer.
          farAway += await expectFarImagesUnfetched(page, route);
          await scrollThrough(page);
          // The walk brought every image near: each has its file before its fit is judged. (The
          // network going quiet again cannot be waited for: "networkidle" fires once a load.)
          await expect
            .poll(
              () =>
                page
                  .locator("img.media-image")
                  .evaluateAll(
                    (images) =>
                      images.filter((image) => !(image as HTMLImageElement).complete).length,
                  ),
              { message: `${route.path}: every image has loaded`, timeout: 20_000 },
            )
            .toBe(0);
          checked += await expectFittingFiles(page, route);
          withoutVideo += await expectNoVideoCode(page, route, requested);
          const { cls, shifts } = await layoutShifts();
          expect(cls, shifts.join(", ")).toBe(0);
          expect(errors).toEqual([]);
          await waitForSettledPage(page);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await expectPageIdentity(page, route, siteTitles.get(suite.dir)!);
          await expectMediaLaidOut(page, route.galleries.length);
          const wide = options.viewport.width > 1000;
          const sections = await expectTextSectionsOnTheGrid(page, route.path, wide);
          const fitting = await expectGalleryRowsEndOnTheEdge(page, route.path);
          if (wide) add(textSections, suite.label, sections);
          if (wide) add(fittingGalleryRows, suite.label, fitting);
          await context.close();
        });
      }
    }
  },
);

test("checked images on some route, one far below the fold, text sections and gallery rows", () => {
  expect(checked).toBeGreaterThan(0);
  expect(farAway, "some route has an image far below the fold").toBeGreaterThan(0);
  expect(withoutVideo, "some route has no video, and loads no video code").toBeGreaterThan(0);
  for (const { label } of DATASETS) {
    expect(
      textSections.get(label),
      `the ${label} has text sections with a heading`,
    ).toBeGreaterThan(0);
    // On a desktop the datasets' short galleries fit their row: the case the edge is about.
    expect(
      fittingGalleryRows.get(label),
      `a gallery row of the ${label} fits on a desktop`,
    ).toBeGreaterThan(0);
  }
});
