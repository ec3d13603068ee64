import { expect, test } from "./support/test";
import type { Page } from "./support/test";
import { clientNavigate } from "./support/browser";
import { DATASETS, forEachDataset } from "./support/datasets";
import { ask } from "../support/dataset";

type Expected = {
  siteTitle: string;
  pages: { _id: string; title: string; noindex: boolean }[];
  projects: {
    title: string;
    slug: string;
    noindex: boolean;
    hidden: boolean;
    year: number | null;
  }[];
  curated: string[] | null;
};

const EXPECTED_QUERY = `{
  "siteTitle": *[_id == "general"][0].siteTitle,
  "pages": *[_id in ["homepage", "workPage", "culturePage", "legalPage"]]{
    _id, title, "noindex": hidden == true || seo.notIndexed == true
  },
  "projects": *[_type == "project" && defined(slug.current)]{
    title, "slug": slug.current, "noindex": hidden == true || seo.notIndexed == true,
    "hidden": hidden == true, year
  },
  "curated": *[_id == "workPage"][0].projects[@->hidden != true]->slug.current
}`;

const PATHS: Record<string, string> = {
  homepage: "/",
  workPage: "/work",
  culturePage: "/culture",
  legalPage: "/legal",
};

async function robots(page: Page) {
  return page
    .locator('meta[name="robots"]')
    .getAttribute("content", { timeout: 1000 })
    .catch(() => null);
}

// Read before the tests are collected. Each route's title, h1 and robots: media.test.ts.
const expectedByDir = new Map<string, Expected>();
for (const dataset of DATASETS) {
  expectedByDir.set(dataset.dir, await ask<Expected>(dataset.dir, EXPECTED_QUERY));
}

forEachDataset(
  (label) => `${label}: the routes in Chromium`,
  (suite) => {
    const expected = expectedByDir.get(suite.dir)!;
    test("lists visible projects on Work and leaves hidden ones out", async () => {
      const page = await suite.browser.newPage();
      await page.goto(`${suite.baseUrl}/work`);
      const linked = await page
        .locator("main a[href^='/work/']")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      // The editors' order, or every visible project newest first (docs/content-model.md).
      const order = expected.curated?.length
        ? expected.curated
        : expected.projects
            .filter((project) => !project.hidden)
            .sort((a, b) => (b.year ?? 0) - (a.year ?? 0) || a.title.localeCompare(b.title))
            .map((project) => project.slug);
      expect(linked).toEqual(order.map((slug) => `/work/${slug}`));
      await page.close();
    });

    test("lists indexable pages in the sitemap, and no hidden or notIndexed one", async () => {
      const response = await fetch(`${suite.baseUrl}/sitemap.xml`);
      expect(response.headers.get("Content-Type")).toMatch(/application\/xml/);
      const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname,
      );
      for (const project of expected.projects) {
        const path = `/work/${project.slug}`;
        if (project.noindex) expect(locs).not.toContain(path);
        else expect(locs).toContain(path);
      }
      for (const doc of expected.pages) {
        if (doc.noindex) expect(locs).not.toContain(PATHS[doc._id]);
        else expect(locs).toContain(PATHS[doc._id]);
      }
      const robots = await (await fetch(`${suite.baseUrl}/robots.txt`)).text();
      expect(robots).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
    });

    test("answers an unknown project slug with 404 and the full path", async () => {
      const page = await suite.browser.newPage();
      const response = await page.goto(`${suite.baseUrl}/work/no-such-project-xyz?ref=mail`);
      expect(response?.status()).toBe(404);
      await expect(page.locator("main h1").textContent()).resolves.toBe(
        "Page Not Found: /work/no-such-project-xyz?ref=mail",
      );
      await expect(page.locator("h1"), "one h1").toHaveCount(1);
      await expect(page.title()).resolves.toMatch(/ • LINTUR$/);
      await expect(page.locator("header a[href='/']").count()).resolves.toBe(1);
      await page.close();
    });

    test("answers an unknown path with 404 and its path", async () => {
      const page = await suite.browser.newPage();
      const response = await page.goto(`${suite.baseUrl}/this/does/not-exist`);
      expect(response?.status()).toBe(404);
      await expect(page.locator("main h1").textContent()).resolves.toBe(
        "Page not found: /this/does/not-exist",
      );
      await expect(page.locator("h1"), "one h1").toHaveCount(1);
      await expect(page.title()).resolves.toMatch(/ • LINTUR$/);
      expect(await robots(page)).toBe("noindex, nofollow");
      await page.close();
    });

    test("shows the 404 screen after client-side navigation to an unknown slug", async () => {
      const page = await suite.browser.newPage();
      await page.goto(`${suite.baseUrl}/work`);
      await page.waitForLoadState("networkidle");
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      await clientNavigate(page, "/work/missing-by-client-nav");
      await expect(page.locator("main h1")).toHaveText(
        "Page Not Found: /work/missing-by-client-nav",
      );
      expect(documents).toEqual([]);
      await page.close();
    });
  },
);
