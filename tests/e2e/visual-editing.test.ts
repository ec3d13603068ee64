import { VERCEL_STEGA_REGEX, vercelStegaClean, vercelStegaDecode } from "@vercel/stega";
import type { Browser, Page } from "./support/test";
import { expect, test } from "./support/test";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { startServer, type RunningServer } from "./support/server";

const PREVIEW_SECRET = "e2e-preview-secret-0123456789";
const HOUR = 60 * 60 * 1000;
// What the Studio's Presentation tool stores before it opens the preview (@sanity/preview-url-secret).
const secretDoc = (id: string, secret: string, updatedAt: Date) => ({
  _id: `drafts.${id}`,
  _type: "sanity.previewUrlSecret",
  _updatedAt: updatedAt.toISOString(),
  secret,
  source: "presentation",
  studioUrl: "http://127.0.0.1/studio",
});
const VALID = "valid-presentation-secret-abc123";
const EXPIRED = "expired-presentation-secret-xyz789";
/** Any stega payload: runs of the invisible characters @vercel/stega writes. */
const STEGA = new RegExp(VERCEL_STEGA_REGEX.source, "u");
const VISUAL_EDITING_CODE = /VisualEditing|renderVisualEditing/;

type Project = { _id: string; title: string; slug: { current: string }; hidden?: boolean };

function enableUrl(base: string, secret: string, pathname?: string) {
  const url = new URL("/api/preview", base);
  url.searchParams.set("sanity-preview-secret", secret);
  if (pathname !== undefined) url.searchParams.set("sanity-preview-pathname", pathname);
  return url.toString();
}

/** Every attribute of the document, the title and JSON-LD: none may carry stega. */
async function stegaInMarkup(page: Page) {
  return page.evaluate((source) => {
    const stega = new RegExp(source, "u");
    const found: string[] = [];
    if (stega.test(document.title)) found.push(`<title>${document.title}`);
    for (const element of document.querySelectorAll("*")) {
      if (element.closest("sanity-visual-editing")) continue;
      for (const attribute of element.attributes) {
        if (stega.test(attribute.value)) found.push(`${element.tagName}[${attribute.name}]`);
      }
      if (
        element.matches('script[type="application/ld+json"]') &&
        stega.test(element.textContent ?? "")
      ) {
        found.push("JSON-LD");
      }
    }
    return found;
  }, VERCEL_STEGA_REGEX.source);
}

test.describe("click-to-edit preview from the Studio (a local fake of Sanity's API)", () => {
  let fake: FakeSanity;
  let server: RunningServer;
  let browser: Browser;
  let project: Project;

  test.beforeAll(async ({ browser: shared }) => {
    fake = await startFakeSanity(BUNDLED_DATASET);
    const now = Date.now();
    fake.addDocuments([
      secretDoc("secret-valid", VALID, new Date(now - 60_000)),
      secretDoc("secret-expired", EXPIRED, new Date(now - 2 * HOUR)),
    ]);
    server = await startServer({
      ...fake.siteEnv,
      SANITY_READ_TOKEN: "sk-fake-viewer-token",
      SANITY_PREVIEW_SECRET: PREVIEW_SECRET,
    });
    browser = shared;
    // A visible project as preview shows it (its draft, if it has one).
    const { previewed } = await loadDataset(BUNDLED_DATASET);
    project = previewed.find(
      (doc) => doc._type === "project" && !(doc as Partial<Project>).hidden,
    ) as unknown as Project;
    expect(project, "the dataset holds a visible project").toBeDefined();
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("turns preview on for the secret the Studio stored, checked with the read token", async () => {
    const path = `/work/${project.slug.current}`;
    const response = await fetch(enableUrl(server.url, VALID, path), { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!, server.url).pathname).toBe(path);
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(fake.requests.some((request) => request.perspective === "raw" && request.token)).toBe(
      true,
    );
  });

  test("refuses a wrong or expired secret, and sets no cookie", async () => {
    for (const secret of ["not-the-stored-secret", EXPIRED, ""]) {
      const response = await fetch(enableUrl(server.url, secret, "/"), { redirect: "manual" });
      expect(response.status, `secret "${secret}"`).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await response.text()).toMatch(/not valid or has expired/);
    }
  });

  test("never redirects off the site, whatever pathname it is given", async () => {
    const origin = new URL(server.url).origin;
    for (const pathname of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "%2F%2Fevil.example",
    ]) {
      const response = await fetch(enableUrl(server.url, VALID, pathname), { redirect: "manual" });
      if (response.status === 302) {
        const location = new URL(response.headers.get("Location")!, server.url);
        expect(location.origin, pathname).toBe(origin);
      } else {
        expect(response.status, pathname).toBe(400);
      }
    }
  });

  test("previews with stega edit links in visible text, overlays on hover, and a clean head", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const path = `/work/${project.slug.current}`;
    await page.goto(enableUrl(server.url, VALID, path));
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator("html"), "the preview hydrates").toHaveAttribute(
      "data-hydrated",
      "true",
      { timeout: 30_000 },
    );

    // The title as the editor sees it, with the Studio's edit link hidden inside.
    const heading = page.locator("main h1").first();
    const text = (await heading.textContent()) ?? "";
    expect(text).toMatch(STEGA);
    expect(vercelStegaClean(text)).toBe(project.title);
    const edit = vercelStegaDecode<{ origin: string; href: string }>(text);
    expect(edit?.origin).toBe("sanity.io");
    expect(edit?.href).toContain("/studio/intent/edit/");
    expect(decodeURIComponent(edit!.href)).toContain(`id=${project._id}`);
    expect(decodeURIComponent(edit!.href)).toContain("path=title");

    // The page head and every attribute stay clean.
    expect(await page.title()).toContain(project.title);
    expect(await stegaInMarkup(page)).toEqual([]);
    // The structured data was there to be checked, built from the previewed project.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("")).toContain(project.title);

    // @sanity/visual-editing arrives (by dynamic import) and outlines what is editable.
    await expect(
      page.locator("sanity-visual-editing"),
      "@sanity/visual-editing mounts its overlay element",
    ).toBeAttached({ timeout: 30_000 });
    expect(requests.some((url) => VISUAL_EDITING_CODE.test(url))).toBe(true);
    // No live content in preview: visual editing refreshes the drafts (docs/caching.md, "Live").
    expect(requests.filter((url) => /LiveContent|\/data\/live\/events\//.test(url))).toEqual([]);
    await heading.hover();
    await expect(
      page.locator("sanity-visual-editing [data-hovered]").first(),
      "hovering the title outlines it",
    ).toBeVisible();
    await context.close();
  });

  test("serves published pages with no stega and no visual-editing code", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const response = await page.goto(`${server.url}/work/${project.slug.current}`);
    const html = (await response?.text()) ?? "";
    expect(html).not.toMatch(STEGA);
    expect(html).not.toMatch(VISUAL_EDITING_CODE);
    await expect(page.locator("html"), "the page hydrates").toHaveAttribute(
      "data-hydrated",
      "true",
      { timeout: 30_000 },
    );
    // A client-side navigation loads route data too: still nothing of either.
    await page.locator("main a[href^='/work/']").first().click();
    await page.waitForLoadState("networkidle");
    expect(await page.content()).not.toMatch(STEGA);
    expect(requests.filter((url) => VISUAL_EDITING_CODE.test(url))).toEqual([]);
    expect(fake.requests.filter((request) => !request.token).every((r) => !r.resultSourceMap)).toBe(
      true,
    );
    await context.close();
  });
});
