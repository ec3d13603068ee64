import { ask, BUNDLED_DATASET } from "../support/dataset";
import { watchConsole } from "./support/browser";
import { waitForSettledPage } from "./support/shell";
import { expect, test } from "./support/test";

// One page per route in Chromium, tagged @smoke: `npm run test:quick` runs these alone, the
// change-and-check loop's browser test (docs/testing.md). The full suite runs them too.

const facts = await ask<{ siteTitle: string; project: { title: string; slug: string } }>(
  BUNDLED_DATASET,
  `{
    "siteTitle": *[_id == "general"][0].siteTitle,
    "project": *[_type == "project" && hidden != true && defined(slug.current)
      && !(_id in path("drafts.**"))] | order(year desc, title asc)[0]{ title, "slug": slug.current }
  }`,
);
const titles = await ask<Record<string, string>>(
  BUNDLED_DATASET,
  `{
    "/": *[_id == "homepage"][0].title,
    "/work": *[_id == "workPage"][0].title,
    "/culture": *[_id == "culturePage"][0].title,
    "/legal": *[_id == "legalPage"][0].title
  }`,
);
const ROUTES = [
  ...Object.entries(titles).map(([path, title]) => ({ path, title, status: 200 })),
  {
    path: `/work/${encodeURIComponent(facts.project.slug)}`,
    title: facts.project.title,
    status: 200,
  },
];

test.describe.configure({ mode: "parallel" });

for (const route of ROUTES) {
  test(
    `${route.path} renders, hydrates and logs no error`,
    { tag: "@smoke" },
    async ({ page, baseUrl }) => {
      const errors = watchConsole(page);
      const response = await page.goto(baseUrl + route.path);
      expect(response?.status(), `status of ${route.path}`).toBe(route.status);
      await waitForSettledPage(page);
      await expect(page).toHaveTitle(`${route.title} • ${facts.siteTitle}`);
      await expect(page.locator("main")).toBeVisible();
      expect(errors, `console errors on ${route.path}`).toEqual([]);
    },
  );
}

test("an unknown path shows the 404 screen", { tag: "@smoke" }, async ({ page, baseUrl }) => {
  const path = "/no-such-page-for-the-smoke-test";
  const response = await page.goto(baseUrl + path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: `Page not found: ${path}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "404 Go to the home page" })).toBeVisible();
});
