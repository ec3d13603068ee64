import { ask, BUNDLED_DATASET } from "../support/dataset";
import { clientNavigate } from "./support/browser";
import { waitForSettledPage } from "./support/shell";
import { expect, test, type Page } from "./support/test";

// What a page sends to hydrate is what it reads (docs/performance.md, "Inline script"): the head
// is built by the page loaders, so the settings and fields only the head reads stay on the
// server; blurred placeholders come with the first screen's images only
// (docs/decisions/062-placeholders-first-screen.md).

const { slug } = await ask<{ slug: string }>(
  BUNDLED_DATASET,
  `*[_type == "project" && hidden != true && defined(slug.current)
    && !(_id in path("drafts.**"))] | order(year desc, title asc)[0]{ "slug": slug.current }`,
);
const PATHS = ["/", "/work", `/work/${encodeURIComponent(slug)}`, "/culture", "/legal"];

/** The settings the shell shows (header, footer, menu, favicon), nothing else. */
const SHELL_SETTINGS = ["address", "copyright", "favicon", "officePlaylistUrl", "siteTitle"];

type LoaderData = Record<string, Record<string, unknown> | undefined>;

const loaderData = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __reactRouterDataRouter: { state: { loaderData: LoaderData } } })
        .__reactRouterDataRouter.state.loaderData,
  );

/** What search engines and share cards read from a page's head (React may reorder it). */
const headOf = (page: Page) =>
  page
    .locator(
      "head :is(title, meta[name], meta[property], link[rel=canonical], script[type='application/ld+json'])",
    )
    .evaluateAll((nodes) =>
      nodes.map((node) =>
        [
          node.tagName,
          node.getAttribute("name") ?? node.getAttribute("property") ?? "",
          node.getAttribute("content") ?? node.getAttribute("href") ?? node.textContent,
        ].join(" "),
      ),
    )
    .then((lines) => lines.sort());

/** Every string under `key` anywhere in a value. */
function valuesOf(value: unknown, key: string, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) valuesOf(item, key, found);
  else if (value && typeof value === "object") {
    for (const [name, inner] of Object.entries(value)) {
      if (name === key && typeof inner === "string") found.push(inner);
      else valuesOf(inner, key, found);
    }
  }
  return found;
}

test.describe.configure({ mode: "parallel" });

for (const path of PATHS) {
  test(`${path} hydrates with what it shows, not what only its head reads`, async ({
    page,
    baseUrl,
  }) => {
    await page.goto(baseUrl + path);
    await waitForSettledPage(page);
    const data = await loaderData(page);
    const root = data.root!;
    expect(root).not.toHaveProperty("origin");
    expect(Object.keys(root.general ?? {}).sort()).toEqual(SHELL_SETTINGS);
    const route = Object.entries(data).find(([id]) => id !== "root")![1]!;
    const fields = (route.page ?? route.project) as Record<string, unknown>;
    for (const field of ["seo", "hidden", "_type"]) expect(fields).not.toHaveProperty(field);
    // The head is still whole: a description, a canonical address, structured data.
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);

    // Each placeholder sent is one an eager (first-screen) image shows.
    const sent = valuesOf(data, "lqip").sort();
    const shown = await page.locator("img.media-image").evaluateAll((images) =>
      images
        .map((image) => ({
          eager: image.getAttribute("loading") === "eager",
          lqip: /url\("?([^")]+)"?\)/.exec(image.style.getPropertyValue("--lqip"))?.[1],
        }))
        .filter((image) => image.lqip),
    );
    for (const image of shown)
      expect(image.eager, "an image with a placeholder is eager").toBe(true);
    expect(sent).toEqual(shown.map((image) => image.lqip).sort());
  });
}

test("a client-side navigation brings the same head as a fresh load", async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/culture`);
  await waitForSettledPage(page);
  for (const path of PATHS) {
    await clientNavigate(page, path);
    await waitForSettledPage(page);
    const navigated = await headOf(page);
    const fresh = await page.context().newPage();
    await fresh.goto(baseUrl + path);
    await waitForSettledPage(fresh);
    expect(navigated, `the head of ${path}`).toEqual(await headOf(fresh));
    await fresh.close();
  }
});
