import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test";
import type { Browser, Page } from "./support/test";
import { finishAnimations, waitForAnimations } from "./support/browser";
import { coveringRoutes, mediaRoutes } from "./support/media";
import { shellFacts, waitForSettledPage, type ShellFacts } from "./support/shell";

// axe-core on every page and every kind of project content (coveringRoutes), light and dark, and
// with the menu open.

let browser: Browser;
let baseUrl: string;
const facts: ShellFacts = await shellFacts();

test.beforeAll(({ browser: shared, baseUrl: url }) => {
  baseUrl = url;
  browser = shared;
});

const projectPaths = facts.projects.map((project) => `/work/${encodeURIComponent(project.slug)}`);
const pagePaths = ["/", "/work", projectPaths[0]!, "/culture", "/legal", "/no-such-page"];
/** Projects share one template: the few that show every kind of content between them. */
const contentPaths = coveringRoutes(await mediaRoutes()).map((route) => route.path);

/**
 * Dark mode changes colours only (the root's data-theme and the switch's aria-pressed), so the
 * dark pass runs the rules that read colours; the light pass on the same page runs them all.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Opening the menu changes the header and the menu only (the page behind keeps its DOM, and the
 * overlay hides it from the colour checks): the menu-open pass checks those two.
 */
const MENU_AND_HEADER = ["#mobile-menu", ".site-header"];

async function violations(
  page: Page,
  { rules, within }: { rules?: string[]; within?: string[] } = {},
) {
  // axe reads painted colours: wait for the 1 s colour transition to end.
  await expect(page.locator("body"), "the colour transition ends on white or blue").toHaveCSS(
    "background-color",
    /^rgb\((255, 255, 255|0, 20, 137)\)$/,
  );
  await waitForAnimations(page);
  // Legacy mode: axe.run() in the page. The default runs axe in each frame and finishes in a
  // blank page it opens for the purpose, which doubled each pass; the site has no frames. Only
  // violations are read, so only violations are collected in full.
  const builder = new AxeBuilder({ page })
    .exclude(".cursor")
    .setLegacyMode()
    .options({ resultTypes: ["violations"] });
  for (const selector of within ?? []) builder.include(selector);
  if (rules) builder.withRules(rules);
  const result = await builder.analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
}

async function load(page: Page, path: string) {
  await page.goto(baseUrl + path);
  if (!path.startsWith("/no-such")) await waitForSettledPage(page);
  // Lazy media in view of axe's colour checks: load everything.
  await page.evaluate(() =>
    document.querySelectorAll('img[loading="lazy"]').forEach((img) => {
      (img as HTMLImageElement).loading = "eager";
    }),
  );
}

async function darkMode(page: Page) {
  const toggle = page.getByRole("button", { name: "switch dark mode" });
  if (await toggle.count()) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await toggle.click();
    await expect(toggle.getAttribute("aria-pressed")).resolves.toBe("true");
  } else {
    // The culture route has no header and so no toggle: paint its dark scheme directly.
    await page.evaluate(() => (document.documentElement.dataset.theme = "dark"));
  }
  // The 1 s colour change is shell.test.ts's: axe reads the colours it ends on.
  await finishAnimations(page);
  await expect(page.locator("body"), "dark mode paints the blue background").toHaveCSS(
    "background-color",
    "rgb(0, 20, 137)",
  );
}

test.describe("axe-core finds no violation at 1280 px, light and dark", () => {
  for (const path of new Set([...pagePaths, ...contentPaths])) {
    test(path, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await load(page, path);
      expect(await violations(page), "light").toEqual([]);
      await darkMode(page);
      expect(await violations(page, { rules: COLOUR_RULES }), "dark").toEqual([]);
      await context.close();
    });
  }
});

test.describe("axe-core finds no violation at 390 px, light, menu open and dark", () => {
  for (const path of pagePaths) {
    test(path, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await load(page, path);
      expect(await violations(page), "light").toEqual([]);
      const menu = page.getByRole("button", { name: "Menu" });
      if (await menu.count()) {
        await menu.click();
        await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
        // The menu's 800 ms entrance is shell.test.ts's: axe reads the menu it ends on. Its
        // music widget asks for the office's music as the menu opens, and fades its answer in:
        // axe reads the answer once shown.
        await finishAnimations(page);
        await expect(
          page.locator("#mobile-menu .music-widget"),
          "the menu's music widget has answered",
        ).toHaveAttribute("aria-busy", "false");
        await waitForAnimations(page);
        expect(await violations(page, { within: MENU_AND_HEADER }), "menu open").toEqual([]);
        await page.keyboard.press("Escape");
      }
      await darkMode(page);
      expect(await violations(page, { rules: COLOUR_RULES }), "dark").toEqual([]);
      await context.close();
    });
  }
});
