import { expect, type Page } from "./test";
import type { MediaRoute } from "./media";

// What media.test.ts checks of a route's page itself on each load, beside its media: what the
// page says it is, and how its text sections and galleries sit on the grid
// (docs/decisions/043-design-tokens.md, docs/decisions/058-gallery.md).

/** The document's title, its one h1 (a project's or page's title) and its robots meta. */
export async function expectPageIdentity(page: Page, route: MediaRoute, siteTitle: string) {
  expect(await page.title(), `${route.path}: the document's title`).toBe(
    `${route.title} • ${siteTitle}`,
  );
  const headings = await page.locator("h1").allTextContents();
  expect(headings, `${route.path}: exactly one h1`).toHaveLength(1);
  // The home page's h1 is the studio's statement, not the page's title.
  if (route.type !== "homepage") expect(headings[0], `${route.path}: the h1`).toBe(route.title);
  const robots = await page.evaluate(
    () => document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
  );
  expect(robots, `${route.path}: hidden or not indexed means noindex`).toBe(
    route.noindex ? "noindex, nofollow" : null,
  );
}

/** Each text section with a heading: its heading's and text's boxes, and the content's edges. */
function textSections(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>(".page")!;
    const box = main.getBoundingClientRect();
    const style = getComputedStyle(main);
    const left = box.left + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.paddingRight);
    return Array.from(document.querySelectorAll(".text-module"))
      .filter((section) => section.querySelector(":scope > .module-heading"))
      .map((section) => {
        const heading = section.querySelector(":scope > .module-heading")!.getBoundingClientRect();
        const text = section.querySelector(":scope > .rich-text")!.getBoundingClientRect();
        return {
          title: section.querySelector(".module-heading")!.textContent,
          heading: { left: heading.left, right: heading.right, top: heading.top },
          text: { left: text.left, right: text.right, top: text.top },
          content: { left, right },
        };
      });
  });
}

/**
 * A text section with a heading uses the grid as an editorial layout does: on a wide screen the
 * heading in the first four columns and the text beside it from the fifth, so no column of text
 * stands beside an empty right half; on a phone, stacked. Returns how many sections it checked.
 */
export async function expectTextSectionsOnTheGrid(page: Page, path: string, wide: boolean) {
  const wrong: string[] = [];
  const sections = await textSections(page);
  for (const { title, heading, text, content } of sections) {
    const name = `${path} "${title}"`;
    if (wide) {
      const third = content.left + (content.right - content.left) / 3;
      const middle = (content.left + content.right) / 2;
      if (heading.right > text.left + 1) wrong.push(`${name}: over its text`);
      if (Math.abs(heading.top - text.top) > 1) wrong.push(`${name}: not level with its text`);
      // The fifth of twelve columns starts a third of a gutter past the content's third.
      if (text.left < third - 1 || text.left > third + 40)
        wrong.push(`${name}: text starts at ${text.left}, not the grid's fifth column`);
      if (text.right < middle) wrong.push(`${name}: text ends before the middle`);
    } else {
      if (text.top <= heading.top) wrong.push(`${name}: text not under its heading`);
      if (Math.abs(text.left - content.left) > 1) wrong.push(`${name}: text indented`);
    }
  }
  expect(wrong, "text sections on the grid").toEqual([]);
  return sections.length;
}

/**
 * A gallery row ends on the grid's right edge, like the text and media above it: each row is
 * scrolled to its end (leaving the page so) and its last slide compared with the content's edge.
 * Returns how many rows fit without scrolling.
 */
export async function expectGalleryRowsEndOnTheEdge(page: Page, path: string) {
  const rows = await page.evaluate(async () => {
    const main = document.querySelector<HTMLElement>(".page")!;
    const contentRight =
      main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    const found = [];
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
      found.push({ label, scrolls, lastRight: last.right, contentRight });
    }
    return found;
  });
  const off = rows
    .filter((row) => Math.abs(row.lastRight - row.contentRight) > 1)
    .map(
      (row) =>
        `${path} "${row.label}" (${row.scrolls ? "scrolled to its end" : "fits"}): ` +
        `last slide ends at ${row.lastRight.toFixed(1)}, content at ${row.contentRight.toFixed(1)}`,
    );
  expect(off, "the last slide of a gallery row ends on the content's right edge (±1 px)").toEqual(
    [],
  );
  return rows.filter((row) => !row.scrolls).length;
}
