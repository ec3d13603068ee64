import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { inkGaps, type InkPair } from "./support/ink";
import { openAt } from "./support/layout";
import { DATASETS, forEachDataset, type DatasetSuite } from "./support/datasets";
import { BUNDLED_DATASET } from "../support/dataset";
import { waitForSettledPage } from "./support/shell";
import { clientNavigate } from "./support/browser";

// Display type keeps its letters apart (docs/decisions/043-design-tokens.md): in Chromium,
// on both datasets, at a phone's and a desktop's width, measured as the browser set the letters.

/** Every large title of the site: page and project titles, big links, module headings, wordmarks. */
const DISPLAY =
  ".page-title, .next-project__title, .big-link, .module-heading, .wordmark, .site-footer__wordmark, .mobile-menu__nav a";
/**
 * The closest pairs of Inter Tight, found by measuring every pair of Latin and Icelandic
 * letters, digits and common punctuation (kx, kf, yf, wf, …: a hundredth of an em apart or
 * less untracked, kx overlapping at 700), as a title an editor might write: the test covers
 * more than today's titles.
 */
const CLOSEST_PAIRS = "Skyfall kf yf wf vf vy yv yy vt yt kx yw wy kt kw rw ff KA WW Kx";
const WIDTHS = [390, 1440] as const;

const describe = (pairs: InkPair[]) =>
  pairs.map((p) => `"${p.pair}" in "${p.heading}" (${p.gap.toFixed(2)} px at ${p.fontSize} px)`);

async function touching(page: Page, selector = DISPLAY) {
  return (await inkGaps(page, selector)).filter((pair) => pair.gap <= 0);
}

/** Moves to `path` by the router, as a visitor's click does, and waits for the page to settle. */
async function navigate(page: Page, baseUrl: string, path: string) {
  await clientNavigate(page, path);
  await page.waitForURL(baseUrl + path);
  await waitForSettledPage(page);
}

/**
 * A page set in Inter Tight, whose letters are measured: a cold load on a busy machine can miss
 * the font's window and keep the fallback until the first navigation (docs/decisions/041-typeface.md),
 * while the ink is drawn in Inter Tight. So the first page is another one, and `path`
 * is reached by the router.
 */
async function openInWebFont(suite: DatasetSuite, path: string, width: number, height: number) {
  const first = path === "/legal" ? "/work" : "/legal";
  const opened = await openAt(suite.browser, suite.baseUrl + first, width, height);
  await navigate(opened.page, suite.baseUrl, path);
  return opened;
}

forEachDataset(
  (label) => `display type on the ${label}`,
  (suite) => {
    for (const width of WIDTHS) {
      test(`at ${width} px no two neighbouring letters of a display heading share ink, on any page`, async () => {
        test.setTimeout(120_000);
        // Only the letters are measured: the media's boxes are set before their files come
        // (CLS 0, media.test.ts), so the pages are read without them. From page to page by the
        // router, as a visitor moves on (no fade: openAt asks for reduced motion): the same
        // headings, set by the same CSS, without starting the app again in each.
        const routes = suite.facts.routes;
        // Opened on the last page, so the walk's first step is a navigation (openInWebFont).
        const { context, page } = await openAt(
          suite.browser,
          suite.baseUrl + routes.at(-1)!.path,
          width,
          900,
        );
        await context.route(/\/media\//, (route) => route.abort());
        const found: string[] = [];
        let measured = 0;
        for (const { path } of routes) {
          await navigate(page, suite.baseUrl, path);
          const pairs = await inkGaps(page, DISPLAY);
          measured += pairs.length;
          const touch = pairs.filter((pair) => pair.gap <= 0);
          found.push(...describe(touch).map((text) => `${path}: ${text}`));
        }
        expect(measured, "the pages have display headings to measure").toBeGreaterThan(20);
        expect(found, "every pair of neighbouring letters keeps clear space between").toEqual([]);
        await context.close();
      });
    }
  },
);

// Text the tests set themselves (the font's closest pairs, the menu's fixed links): the same
// on any dataset, so measured on the bundled one.
forEachDataset(
  () => "display type of any title",
  (suite) => {
    for (const width of WIDTHS) {
      test(`at ${width} px an editor's title made of the font's closest pairs keeps them apart`, async () => {
        const { context, page } = await openInWebFont(suite, "/culture", width, 900);
        // The culture title is the largest type of the site; the rest as they are set.
        await page.locator(DISPLAY).evaluateAll((elements, text) => {
          for (const element of elements) element.textContent = text;
        }, CLOSEST_PAIRS);
        const pairs = await inkGaps(page, DISPLAY);
        expect(pairs.length, "the closest pairs are measured").toBeGreaterThan(20);
        expect(
          describe(pairs.filter((pair) => pair.gap <= 0)),
          "even the closest pairs keep clear space between",
        ).toEqual([]);
        await context.close();
      });
    }

    test("at 390 px the open menu's links keep their letters apart", async () => {
      const { context, page } = await openInWebFont(suite, "/", 390, 844);
      await page.getByRole("button", { name: "Menu" }).click();
      const links = page.locator(".mobile-menu__nav a");
      await expect(links.first(), "the menu opens").toBeVisible();
      await expect
        .poll(async () => (await inkGaps(page, ".mobile-menu__nav a")).length, {
          message: "the menu's links are measured",
        })
        .toBeGreaterThan(5);
      expect(
        describe(await touching(page, ".mobile-menu__nav a")),
        "no menu link's letters touch",
      ).toEqual([]);
      await context.close();
    });
  },
  DATASETS.filter((dataset) => dataset.dir === BUNDLED_DATASET),
);
