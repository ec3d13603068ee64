import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import {
  contrast,
  layoutFacts,
  legalLineLengths,
  openAt,
  paintedAgainstPage,
  type LayoutFacts,
} from "./support/layout";
import { DATASETS, forEachDataset, type DatasetSuite } from "./support/datasets";

// The craft of the layout (docs/decisions/043-design-tokens.md,
// docs/decisions/061-modules-layout.md), in Chromium,
// on the bundled dataset and on a fixture that follows the same model with other content. How
// the media of every route are laid out is checked on the loads media.test.ts makes.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const factsByDir = new Map<string, LayoutFacts>();
for (const dataset of DATASETS) factsByDir.set(dataset.dir, await layoutFacts(dataset.dir));

forEachDataset(
  (label) => label,
  (suite) => layoutSuite(suite, factsByDir.get(suite.dir)!),
);

function layoutSuite(suite: DatasetSuite, facts: LayoutFacts) {
  test.describe("legal page at 1440 px", () => {
    test("sets its text at 60–78 characters a line, shows its title once, and lists its sections beside the text", async () => {
      const { context, page } = await openAt(suite.browser, `${suite.baseUrl}/legal`, 1440, 900);
      const lengths = await legalLineLengths(page);
      expect(lengths.length, "the legal text has lines that wrap").toBeGreaterThan(2);
      const sorted = [...lengths].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      expect(median).toBeGreaterThanOrEqual(60);
      expect(median).toBeLessThanOrEqual(78);
      // No full line runs far past the measure either.
      expect(sorted.at(-1)).toBeLessThanOrEqual(85);

      const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
      const headings = await page
        .locator("main :is(h1, h2, h3, h4, h5, h6)")
        .evaluateAll((elements) => elements.map((element) => element.textContent ?? ""));
      expect(headings.filter((text) => normal(text) === normal(facts.legalTitle))).toHaveLength(1);

      const contents = page.getByRole("navigation", { name: "Contents" });
      const links = contents.getByRole("link");
      expect(await links.count()).toBeGreaterThan(1);
      // Each entry leads to a heading of the text.
      for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")))) {
        await expect(page.locator(`.legal-body [id="${href!.slice(1)}"]`).count()).resolves.toBe(1);
      }
      const text = (await page.locator(".legal-body").boundingBox())!;
      const list = (await contents.boundingBox())!;
      expect(list.x + list.width).toBeLessThanOrEqual(text.x);
      // It stays in view while the text scrolls past.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
      await expect
        .poll(async () => {
          const box = await contents.boundingBox();
          return box !== null && box.y >= 0 && box.y + Math.min(box.height, 200) <= 900;
        })
        .toBe(true);
      await context.close();
    });
  });

  test.describe("gallery arrows", () => {
    test("a disabled arrow at the row's start still stands 3:1 against the page", async () => {
      let checked = 0;
      for (const route of facts.routes.filter((route) => route.galleries > 0)) {
        const { context, page } = await openAt(suite.browser, suite.baseUrl + route.path, 390, 844);
        const back = page.locator(".gallery[data-scrolls] .gallery__arrow[aria-disabled='true']");
        if (await back.count()) {
          await back.first().scrollIntoViewIfNeeded();
          const { shown, page: background } = await paintedAgainstPage(
            page,
            ".gallery[data-scrolls] .gallery__arrow[aria-disabled='true']",
          );
          expect(contrast(shown, background)).toBeGreaterThanOrEqual(3);
          checked += 1;
        }
        await context.close();
        if (checked) break;
      }
      expect(checked, "a gallery that scrolls on a phone").toBe(1);
    });
  });

  test.describe("footer wordmark", () => {
    /** The wordmark's glyph boxes against its container's content width. */
    const span = (page: Page) =>
      page.locator(".site-footer__wordmark").evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const container = element.parentElement!;
        const style = getComputedStyle(container);
        const available =
          container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return range.getBoundingClientRect().width / available;
      });
    const fitted = (page: Page) =>
      page.locator(".site-footer__wordmark").evaluate((element) => element.style.fontSize !== "");

    // Only the bundled dataset has a long page (its Legal page is six phone screens); the
    // fixture's are all within about two, so on it the wordmark may be measured at once.
    const longPage = suite.dir === BUNDLED_DATASET;
    for (const { width, height } of [PHONE, DESKTOP]) {
      const unmeasured = longPage && width === PHONE.width;
      test(`at ${width} px, set edge to edge once scrolled to${unmeasured ? ", not measured while the long page loads" : ""}`, async () => {
        const { context, page } = await openAt(
          suite.browser,
          `${suite.baseUrl}/legal`,
          width,
          height,
        );
        const wordmark = page.locator(".site-footer__wordmark");
        if (unmeasured) {
          const top = await wordmark.evaluate((element) => element.getBoundingClientRect().top);
          // Far enough down that no web font or image arriving late brings it within a screen.
          expect(top).toBeGreaterThan(3 * height);
          expect(await fitted(page)).toBe(false);
        }
        await wordmark.scrollIntoViewIfNeeded();
        await expect.poll(() => fitted(page)).toBe(true);
        // The ink spans the width; the glyphs' boxes differ from it by their side bearings
        // (CSS's estimate before the fit is about a fifth short).
        await expect.poll(() => span(page)).toBeGreaterThan(0.93);
        expect(await span(page)).toBeLessThan(1.07);
        await expect(
          page.evaluate(() => document.documentElement.scrollWidth),
        ).resolves.toBeLessThanOrEqual(width);
        await context.close();
      });
    }
  });

  test.describe("404 screen", () => {
    test("on a phone, the numeral spans most of the width and says it leads home", async () => {
      const { context, page, response } = await openAt(
        suite.browser,
        `${suite.baseUrl}/no-such-page-${Date.now()}`,
        390,
        844,
      );
      expect(response?.status()).toBe(404);
      const numeral = page.locator(".error-screen__numeral");
      // The numeral is fitted once the font is in: wait for it to span the page.
      await expect
        .poll(async () => (await numeral.boundingBox())?.width ?? 0)
        .toBeGreaterThanOrEqual(390 * 0.8);
      const box = (await numeral.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390 + 1);
      // Within the first screen, with its label, and the page does not scroll sideways.
      const button = page.getByRole("button", { name: /^404 Go to the home page/ });
      expect(await button.isVisible()).toBe(true);
      const label = (await button.locator(".error-screen__home").boundingBox())!;
      expect(label.y + label.height).toBeLessThanOrEqual(844);
      expect(await button.textContent()).toMatch(/home page/i);
      await expect(
        page.evaluate(() => document.documentElement.scrollWidth),
      ).resolves.toBeLessThanOrEqual(390);
      await context.close();
    });
  });

  test.describe("spacing", () => {
    test("home: “All work” sits one section step after the last module, and the footer one page step after it", async () => {
      const { context, page } = await openAt(suite.browser, `${suite.baseUrl}/`, 1440, 900);
      const gaps = await page.evaluate(() => {
        const step = (name: string) => {
          const probe = document.createElement("div");
          probe.style.height = `var(${name})`;
          document.body.append(probe);
          const height = probe.getBoundingClientRect().height;
          probe.remove();
          return height;
        };
        const more = document.querySelector(".home-more")!.getBoundingClientRect();
        const modules = Array.from(document.querySelectorAll("main .module"));
        const last = modules.at(-1)?.getBoundingClientRect();
        const footer = document.querySelector(".site-footer")!.getBoundingClientRect();
        return {
          xl: step("--space-xl"),
          xxl: step("--space-2xl"),
          above: last ? more.top - last.bottom : null,
          below: footer.top - more.bottom,
        };
      });
      if (gaps.above !== null) expect(Math.abs(gaps.above - gaps.xl)).toBeLessThanOrEqual(2);
      expect(Math.abs(gaps.below - gaps.xxl)).toBeLessThanOrEqual(2);
      expect(gaps.xl).toBeLessThan(gaps.xxl);
      expect(gaps.xxl).toBeLessThan(150);
      await context.close();
    });
  });
}
