import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { openAt } from "./support/layout";
import { forEachDataset } from "./support/datasets";

// A text section with a heading uses the grid as an editorial layout does (docs/decisions-shell.md,
// "Text sections"): on a wide screen the heading in the first four columns and the text beside it
// from the fifth, so no column of text stands beside an empty right half; on a phone, stacked.

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

forEachDataset(
  (label) => `text sections on the ${label}`,
  (suite) => {
    test("at 1440 px set the heading in the first third and the text beside it, past the middle", async () => {
      test.setTimeout(90_000);
      const { context, page } = await openAt(suite.browser, `${suite.baseUrl}/`, 1440, 900);
      const wrong: string[] = [];
      let seen = 0;
      for (const { path } of suite.facts.routes) {
        await page.goto(suite.baseUrl + path);
        for (const section of await textSections(page)) {
          seen++;
          const { heading, text, content } = section;
          const third = content.left + (content.right - content.left) / 3;
          const middle = (content.left + content.right) / 2;
          if (heading.right > text.left + 1)
            wrong.push(`${path} "${section.title}": over its text`);
          if (Math.abs(heading.top - text.top) > 1)
            wrong.push(`${path} "${section.title}": not level with its text`);
          // The fifth of twelve columns starts a third of a gutter past the content's third.
          if (text.left < third - 1 || text.left > third + 40)
            wrong.push(
              `${path} "${section.title}": text starts at ${text.left}, not the grid's fifth column`,
            );
          if (text.right < middle)
            wrong.push(`${path} "${section.title}": text ends before the middle`);
        }
      }
      await context.close();
      expect(seen, "the dataset has text sections with a heading").toBeGreaterThan(0);
      expect(wrong).toEqual([]);
    });

    test("at 390 px stack the heading over its text", async () => {
      test.setTimeout(90_000);
      const { context, page } = await openAt(suite.browser, `${suite.baseUrl}/`, 390, 844);
      const wrong: string[] = [];
      for (const { path } of suite.facts.routes) {
        await page.goto(suite.baseUrl + path);
        for (const { title, heading, text, content } of await textSections(page)) {
          if (text.top <= heading.top) wrong.push(`${path} "${title}": text not under its heading`);
          if (Math.abs(text.left - content.left) > 1)
            wrong.push(`${path} "${title}": text indented`);
        }
      }
      await context.close();
      expect(wrong).toEqual([]);
    });
  },
);
