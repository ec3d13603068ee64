import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Route } from "@playwright/test";
import type { Browser } from "./support/test";
import { expect, test } from "./support/test";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const FONT = readFileSync(path.join(root, "styles/fonts/inter-tight-latin-wght-normal.woff2"));

/**
 * Sanity's API as a signed-out browser meets it, answered inside Chromium
 * (nothing leaves the machine): nobody is signed in, and these are the ways
 * to sign in. Anything else the Studio asks is refused like Sanity refuses a
 * stranger, which it must handle without errors.
 */
async function fakeSanityApi(route: Route) {
  return answerAsSanity(route, false);
}

/** The same API for a signed-in administrator of an empty dataset. */
async function fakeSanityApiSignedIn(route: Route) {
  return answerAsSanity(route, true);
}

async function answerAsSanity(route: Route, signedIn: boolean) {
  const url = new URL(route.request().url());
  if (url.pathname.endsWith(".woff2")) {
    // The Studio's typeface from Sanity's static host: any real font will do.
    return route.fulfill({ status: 200, contentType: "font/woff2", body: FONT });
  }
  if (url.hostname === "core.sanity-cdn.com") {
    // The bridge to Sanity's dashboard: it has nothing to do outside it.
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
  }
  const json = (status: number, body: unknown) =>
    route.fulfill({
      status,
      contentType: "application/json",
      headers: {
        "Access-Control-Allow-Origin": route.request().headers().origin ?? "*",
        "Access-Control-Allow-Credentials": "true",
      },
      body: JSON.stringify(body),
    });
  if (signedIn) {
    const editor = {
      id: "editor",
      name: "Editor",
      email: "editor@example.com",
      role: "administrator",
    };
    if (url.pathname.endsWith("/users/me")) {
      return json(200, { ...editor, roles: [{ name: "administrator", title: "Administrator" }] });
    }
    if (url.pathname.includes("/acl")) {
      return json(200, [
        { filter: "_id in path('**')", permissions: ["read", "create", "update", "history"] },
      ]);
    }
    if (url.pathname.includes("/data/query")) {
      const query = url.searchParams.get("query") ?? "";
      return json(200, { ms: 1, query, result: query.includes("count(") ? 0 : [] });
    }
    if (url.pathname.includes("/projects/")) {
      return json(200, { id: "e2e-studio", displayName: "Agency", members: [], features: [] });
    }
    return json(200, {});
  }
  if (url.pathname.endsWith("/users/me")) return json(200, {});
  if (url.pathname.endsWith("/auth/providers")) {
    return json(200, {
      thirdPartyLogin: true,
      sso: {},
      providers: [
        { name: "google", title: "Google", url: "https://api.sanity.io/v1/auth/login/google" },
        { name: "github", title: "GitHub", url: "https://api.sanity.io/v1/auth/login/github" },
        {
          name: "sanity",
          title: "E-mail / password",
          url: "https://api.sanity.io/v1/auth/login/sanity",
        },
      ],
    });
  }
  return json(401, { statusCode: 401, error: "Unauthorized", message: "Not signed in" });
}

test.describe("the Sanity Studio the site serves at /studio", () => {
  let browser: Browser;
  let baseUrl: string;

  test.beforeAll(async ({ browser: shared, baseUrl: sharedUrl }) => {
    expect(
      existsSync(path.join(buildDir, "studio/index.html")) &&
        existsSync(path.join(buildDir, "client/studio/static")),
      "the Studio is built (npm run studio:build, which npm test runs)",
    ).toBe(true);
    browser = shared;
    baseUrl = sharedUrl;
  });

  test("loads to its sign-in screen with no console error, its files cached as immutable", async () => {
    // A cold Studio is megabytes of script: slow on a loaded machine, never an error.
    test.setTimeout(300_000);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // The console says only "404"; the responses say which file.
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.route(/^https:\/\/([\w-]+\.)*(sanity\.io|sanity-cdn\.com)\//, fakeSanityApi);
    const assets: { url: string; cacheControl: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/studio/static/")) {
        assets.push({ url: response.url(), cacheControl: response.headers()["cache-control"] });
      }
    });

    // The Studio is several megabytes of script: wait for its screen, not for every file.
    const response = await page.goto(`${baseUrl}/studio`, { waitUntil: "commit" });
    expect(response?.status()).toBe(200);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.sanity\.io/);
    await expect(
      page.getByText(/sign in|log in|choose login provider/i).first(),
      "the Studio shows its sign-in screen",
    ).toBeVisible({ timeout: 180_000 });
    await expect(
      page.getByText("Google").first(),
      "the sign-in screen offers the providers the API lists",
    ).toBeVisible();

    const scripts = assets.filter((asset) => asset.url.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.cacheControl, script.url).toBe("public, max-age=31536000, immutable");
    }
    expect(problems, failed.join("\n")).toEqual([]);
    await page.close();
  });

  test("opens on its content list at /studio/structure, where click-to-edit links land", async () => {
    test.setTimeout(300_000);
    const page = await browser.newPage();
    await page.route(/^https:\/\/([\w-]+\.)*(sanity\.io|sanity-cdn\.com)\//, fakeSanityApiSignedIn);
    await page.goto(`${baseUrl}/studio`, { waitUntil: "commit" });
    const projects = page.getByRole("link", { name: "Projects" });
    await expect(projects, "the structure lists the projects").toBeVisible({ timeout: 180_000 });
    // The site's click-to-edit links (stega's studioUrl) and the README point here: one base path.
    await expect(page).toHaveURL(`${baseUrl}/studio/structure`);
    // A click-to-edit link, as stega writes it, opens the document's editor in the structure.
    await page.goto(`${baseUrl}/studio/intent/edit/id=a-project;type=project`);
    await expect(page).toHaveURL(/\/studio\/structure\/[^/]*project[^/]*;a-project/);
    await page.close();
  });

  test("answers every route inside the Studio with its page, and a missing file with a 404", async () => {
    const deep = await fetch(`${baseUrl}/studio/structure/project`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(deep.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    const html = await deep.text();
    // Icons, manifest, styles and scripts: each link of the page is a file of this build.
    const links = [...html.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      expect(link).toMatch(/^\/studio\/static\//);
      expect((await fetch(`${baseUrl}${link}`)).status, link).toBe(200);
    }
    const missing = await fetch(`${baseUrl}/studio/static/not-there-12345678.js`);
    expect(missing.status).toBe(404);
  });
});
