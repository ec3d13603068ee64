import { ask, BUNDLED_DATASET } from "../../support/dataset";
import { test, type Browser, type Page } from "./test";

/** What the shell tests read from the bundled dataset instead of hard-coding it. */
export type ShellFacts = {
  siteTitle: string;
  copyright: string | null;
  addressText: string | null;
  projects: { title: string; slug: string }[];
  /** Pages (paths) with at least one inverted module, in the order home, projects, culture. */
  invertedPaths: string[];
};

const FACTS_QUERY = `{
  "siteTitle": *[_id == "general"][0].siteTitle,
  "copyright": *[_id == "general"][0].copyright,
  "addressText": pt::text(*[_id == "general"][0].address),
  "projects": *[_type == "project" && hidden != true && defined(slug.current) && !(_id in path("drafts.**"))]
    | order(year desc, title asc){ title, "slug": slug.current },
  "homeInverted": count(*[_id == "homepage"][0].modules[inverted == true]) > 0,
  "cultureInverted": count(*[_id == "culturePage"][0].modules[inverted == true]) > 0,
  "invertedProjects": *[_type == "project" && hidden != true && defined(slug.current)
    && count(modules[inverted == true]) > 0 && !(_id in path("drafts.**"))].slug.current
}`;

export async function shellFacts(): Promise<ShellFacts> {
  const raw = await ask<{
    siteTitle: string;
    copyright: string | null;
    addressText: string | null;
    projects: { title: string; slug: string }[];
    homeInverted: boolean;
    cultureInverted: boolean;
    invertedProjects: string[];
  }>(BUNDLED_DATASET, FACTS_QUERY);
  return {
    siteTitle: raw.siteTitle,
    copyright: raw.copyright,
    addressText: raw.addressText,
    projects: raw.projects,
    invertedPaths: [
      ...(raw.homeInverted ? ["/"] : []),
      ...raw.invertedProjects.map((slug) => `/work/${encodeURIComponent(slug)}`),
      ...(raw.cultureInverted ? ["/culture"] : []),
    ],
  };
}

/** Waits until the page is hydrated, the current location's page is the only one shown and no transition runs. */
export async function waitForSettledPage(page: Page, timeout = 30_000) {
  const settled = page.waitForFunction(
    () => {
      if (document.documentElement.dataset.hydrated !== "true") return false;
      const pages = document.querySelectorAll(".page-transition");
      if (pages.length !== 1) return false;
      if ((pages[0] as HTMLElement).dataset.path !== window.location.pathname) return false;
      const classes = pages[0]!.className;
      return !classes.includes("page-fade-") || classes.includes("page-fade-enter-done");
    },
    undefined,
    { timeout },
  );
  await settled.catch(async (error: Error) => {
    const state = await page
      .evaluate(() => ({
        hydrated: document.documentElement.dataset.hydrated,
        path: window.location.pathname,
        pages: [...document.querySelectorAll(".page-transition")].map(
          (node) => `${(node as HTMLElement).dataset.path} (${node.className})`,
        ),
      }))
      .catch(() => "unreadable");
    throw new Error(
      `The page did not settle within ${timeout} ms (hydrated, one page shown for the current path, no transition running): ${JSON.stringify(state)}\n${error.message}`,
    );
  });
}

/** The colours the document paints, as computed rgb() strings. */
export async function paintedColours(page: Page) {
  return page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: style.backgroundColor, color: style.color };
  });
}

export const WHITE = "rgb(255, 255, 255)";
export const BLUE = "rgb(0, 20, 137)";

/** Chromium, the server's URL and the dataset's facts, set up once for a test file. */
export function shellSuite() {
  const suite = {} as { browser: Browser; baseUrl: string; facts: ShellFacts };
  test.beforeAll(async ({ browser, baseUrl }) => {
    suite.baseUrl = baseUrl;
    suite.browser = browser;
    suite.facts = await shellFacts();
  });
  return suite;
}
