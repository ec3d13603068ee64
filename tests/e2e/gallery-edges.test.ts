import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { openAt } from "./support/layout";
import { forEachDataset } from "./support/datasets";

// A gallery row ends on the grid's right edge, like the text and media above it
// (docs/decisions-media.md, "Gallery"), in Chromium on both datasets.

/** Each gallery's last slide and the content's right edge, with the row scrolled to its end. */
function galleryEnds(page: Page) {
  return page.evaluate(async () => {
    const main = document.querySelector<HTMLElement>(".page")!;
    const contentRight =
      main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    const rows = [];
    for (const track of document.querySelectorAll<HTMLElement>(".gallery__track")) {
      const scrolls = track.scrollWidth > track.clientWidth + 1;
      if (scrolls) {
        track.style.scrollSnapType = "none";
        track.scrollTo({ left: track.scrollWidth - track.clientWidth, behavior: "instant" });
        await new Promise(requestAnimationFrame);
      }
      const slides = track.querySelectorAll(".gallery__slide");
      const last = slides[slides.length - 1]!.getBoundingClientRect();
      const label = track.closest(".gallery")?.getAttribute("aria-label") ?? "gallery";
      rows.push({ label, scrolls, lastRight: last.right, contentRight });
    }
    return rows;
  });
}

forEachDataset(
  (label) => `gallery edges on the ${label}`,
  (suite) => {
    for (const width of [390, 1440]) {
      test(`at ${width} px a gallery row ends on the content's right edge`, async () => {
        test.setTimeout(90_000);
        const galleryPaths = suite.facts.routes
          .filter((route) => route.galleries > 0)
          .map((route) => route.path);
        expect(galleryPaths.length, "the dataset has galleries").toBeGreaterThan(0);
        const { context, page } = await openAt(suite.browser, `${suite.baseUrl}/`, width, 900);
        const off: string[] = [];
        let fitting = 0;
        for (const path of galleryPaths) {
          await page.goto(suite.baseUrl + path);
          await expect(page.locator(".gallery").first(), `${path} shows its gallery`).toBeVisible();
          for (const row of await galleryEnds(page)) {
            if (!row.scrolls) fitting++;
            if (Math.abs(row.lastRight - row.contentRight) > 1)
              off.push(
                `${path} "${row.label}" (${row.scrolls ? "scrolled to its end" : "fits"}): ` +
                  `last slide ends at ${row.lastRight.toFixed(1)}, content at ${row.contentRight.toFixed(1)}`,
              );
          }
        }
        // On a desktop the datasets' short galleries fit their row: the case the edge is about.
        if (width === 1440)
          expect(fitting, "a gallery row fits without scrolling").toBeGreaterThan(0);
        expect(off, "the last slide ends on the content's right edge (±1 px)").toEqual([]);
        await context.close();
      });
    }
  },
);
