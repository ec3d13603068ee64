import { expect, test } from "./support/test";
import { ask } from "../support/dataset";
import { openAt } from "./support/layout";
import { DATASETS, forEachDataset } from "./support/datasets";

// A board of small text (a media module marked readableOnPhones) stays readable on a phone
// (docs/decisions/061-modules-layout.md), in Chromium on each dataset whose content has one.

/**
 * The culture board's notes are set at 11% of a note, a note is 62% of a column, and the
 * board has four columns (scripts/dataset/art/studio.mjs, stickyWall): the notes' text is this
 * share of the picture's width.
 */
const NOTE_TEXT_SHARE = (0.11 * 0.62) / 4;
const BOARD_ALT = "sticky notes";

type Board = { _type: string; slug: string | null };
/** Pages with a sticky-notes board in a media module (read from the dataset). */
const BOARD_QUERY = `*[_type in ["homepage", "culturePage", "project"] && !(_id in path("drafts.**"))
  && count(modules[_type == "mediaModule" && media[0].image.alt match "*${BOARD_ALT}*"]) > 0]{
  _type, "slug": slug.current }`;
const pathOf = (page: Board) =>
  page._type === "homepage"
    ? "/"
    : page._type === "culturePage"
      ? "/culture"
      : `/work/${page.slug}`;

// The fixture dataset has no board today: its tests are declared only if it gets one.
const boards = new Map<string, Board[]>();
for (const dataset of DATASETS)
  boards.set(dataset.dir, await ask<Board[]>(dataset.dir, BOARD_QUERY));

forEachDataset(
  (label) => `a board of small text on the ${label}`,
  (suite) => {
    for (const board of boards.get(suite.dir)!) {
      const path = pathOf(board);
      test(`on a 390 px phone the sticky notes on ${path} are at least 12 px and scroll sideways`, async () => {
        const { context, page } = await openAt(suite.browser, `${suite.baseUrl}${path}`, 390, 844);
        const picture = page.locator(`img[alt*="${BOARD_ALT}" i]`).first();
        await picture.scrollIntoViewIfNeeded();
        // Lazy: it starts loading when scrolled to, and its size is known once it has loaded.
        await expect
          .poll(() =>
            picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
          )
          .toBeGreaterThan(0);
        const text = await picture.evaluate((img: HTMLImageElement, share) => {
          const box = img.getBoundingClientRect(); // transforms included
          const ratio = img.naturalWidth / img.naturalHeight;
          // object-fit: cover may crop; the picture is drawn at least this wide.
          return share * Math.max(box.width, box.height * ratio);
        }, NOTE_TEXT_SHARE);
        expect(text, "the notes' text as a phone shows it, in px").toBeGreaterThanOrEqual(12);
        const scroller = page.locator(".media-module__scroller", { has: picture });
        const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow, "the board scrolls sideways").toBeGreaterThan(100);
        await expect(
          page.locator(".media-module--readable .media-module__hint"),
          "a line under the board says it scrolls",
        ).toBeVisible();
        await context.close();
      });

      test(`at 1440 px the board on ${path} fits its column without scrolling`, async () => {
        const { context, page } = await openAt(suite.browser, `${suite.baseUrl}${path}`, 1440, 900);
        const scroller = page.locator(".media-module__scroller").first();
        const fit = await scroller.evaluate((el) => ({
          overflow: el.scrollWidth - el.clientWidth,
          width: el.getBoundingClientRect().width,
        }));
        expect(fit.overflow, "nothing to scroll on a desktop").toBeLessThanOrEqual(1);
        expect(fit.width, "the board is as wide as the page").toBeGreaterThan(1300);
        await expect(page.locator(".media-module__hint"), "no scroll hint").toBeHidden();
        await context.close();
      });
    }
  },
  DATASETS.filter((dataset) => boards.get(dataset.dir)!.length),
);
