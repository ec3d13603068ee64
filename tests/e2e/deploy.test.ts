import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./support/test";
import type { Browser, Page } from "./support/test";
import { freePort, startServer, type RunningServer } from "./support/server";
import { shellFacts, waitForSettledPage, type ShellFacts } from "./support/shell";

// New deploys: a tab opened on an old build keeps working after a
// new build is served. Two builds that differ (VITE_BUILD_ID changes their
// hashes) are swapped under an open browser, on the same port.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OLD = ".cache/deploy-test-old";
const NEW = ".cache/deploy-test-new";

function build(dir: string, id: string) {
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: dir, VITE_BUILD_ID: id },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`build ${id} failed:\n${result.stderr}`);
}

const assets = (dir: string) => new Set(readdirSync(path.join(root, dir, "client/assets")));
const version = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest
        .version,
  );

let browser: Browser;
let facts: ShellFacts;
let server: RunningServer | undefined;

test.beforeAll(async ({ browser: shared }) => {
  test.setTimeout(240_000);
  browser = shared;
  facts = await shellFacts();
  build(OLD, `old-${Date.now()}`);
  build(NEW, `new-${Date.now()}`);
});

test.afterAll(async () => {
  await server?.stop();
});

// Both builds are served on one port, as a deploy would: the open tab keeps its origin.
let port: string | undefined;

async function serve(dir: string) {
  await server?.stop();
  port ??= await freePort();
  server = await startServer({ PORT: port, BUILD_DIR: dir });
  return server.url;
}

/** Opens `path` on the old build, then serves the new build on the same port. */
async function openThenDeploy(pathname: string) {
  const baseUrl = await serve(OLD);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(baseUrl + pathname);
  await waitForSettledPage(page);
  // A tab that has finished loading: the chunks it loads after hydration (the cursor, the deploy
  // guard) come from the old build, not from one that no longer has them.
  await page.waitForLoadState("networkidle");
  const oldVersion = await version(page);
  await serve(NEW);
  return { page, baseUrl, oldVersion, pageErrors };
}

async function expectNewBuildPage(page: Page, title: string, oldVersion: string) {
  // A whole document of the new build (a locator assertion: the page reloads meanwhile); its
  // first load on a fresh server reads the dataset.
  await expect(page.locator("h1").first(), "the new build shows the page's title").toHaveText(
    title,
    { timeout: 30_000 },
  );
  await waitForSettledPage(page);
  expect(await version(page)).not.toBe(oldVersion);
  await expect(page.locator(".error-screen").count()).resolves.toBe(0);
  await expect(page.locator("main").count()).resolves.toBe(1);
  expect(await page.locator("header.site-header").isVisible()).toBe(true);
}

test.describe("a tab opened on an old build, after a new deploy", () => {
  test("the two builds really differ", () => {
    const before = assets(OLD);
    const after = assets(NEW);
    const changed = [...before].filter((file) => file.endsWith(".js") && !after.has(file));
    expect(changed.length).toBeGreaterThan(0);
  });

  test("navigates to a route it has not discovered yet (manifest mismatch: document reload)", async () => {
    const { page, baseUrl, oldVersion, pageErrors } = await openThenDeploy("/legal");
    const project = facts.projects[0]!;
    // Nothing on the legal page links to this project, so the old tab asks /__manifest.
    await page.evaluate((to) => {
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter.navigate(to);
    }, `/work/${project.slug}`);
    // The URL, not a navigation event: the old tab's client navigation is cut short by the
    // document reload, which waitForURL reports as an aborted navigation (net::ERR_ABORTED).
    await expect(page).toHaveURL(`${baseUrl}/work/${project.slug}`);
    await expectNewBuildPage(page, project.title, oldVersion);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  test("follows a link whose old page chunk is gone (failed chunk import: document reload)", async () => {
    const { page, baseUrl, oldVersion, pageErrors } = await openThenDeploy("/work");
    // The old build's chunk for the project page, as the old tab knows it.
    const oldChunk = await page.evaluate(() => {
      const manifest = (
        window as unknown as {
          __reactRouterManifest: { routes: Record<string, { module: string }> };
        }
      ).__reactRouterManifest;
      return manifest.routes["routes/work.$project"]?.module ?? null;
    });
    expect(oldChunk).toBeTruthy();
    const stillServed = await fetch(baseUrl + oldChunk).then((response) => response.ok);
    if (stillServed) {
      // Unchanged files keep their names across builds; a CDN may still purge them.
      // Answer the old name with a 404 once, as a purged CDN would.
      await page.route(`**${oldChunk}`, (route) => route.fulfill({ status: 404 }), { times: 1 });
    }
    const card = page.locator(".project-card").first();
    const title = (await card.locator(".project-card__title").textContent())!;
    await card.click();
    // The URL, not a navigation event: the failed chunk import's document reload cuts the client
    // navigation short, which waitForURL reports as an aborted navigation (net::ERR_ABORTED).
    await expect(page).toHaveURL(/\/work\/.+/);
    await expectNewBuildPage(page, title, oldVersion);
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  test("notices the new build when it comes to the front, then loads pages afresh", async () => {
    const { page, baseUrl, oldVersion, pageErrors } = await openThenDeploy("/work");
    // The visitor comes back to the tab: it asks whether its build is still live. The guard
    // arms itself once its code has loaded after hydration, so come back until it has noticed.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            document.dispatchEvent(new Event("visibilitychange"));
            return "staleBuild" in document.documentElement.dataset;
          }),
        { message: "the tab marks its build stale (data-stale-build)", intervals: [500] },
      )
      .toBe(true);
    const card = page.locator(".project-card").nth(1);
    const title = (await card.locator(".project-card__title").textContent())!;

    // Pointing at a link prefetches nothing from the build that is gone: React Router would reload the
    // page under the visitor when the prefetched chunk failed to import (and, raced with a
    // click, could land them back on this page).
    const oldAssets: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/assets/")) oldAssets.push(request.url());
    });
    let reloaded = false;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    // React Router arms its prefetch with a 100 ms page timer after a hover: on the test's clock, a
    // page second runs that timer whatever the machine's load (the clock keeps flowing after).
    await page.clock.install();
    await card.hover();
    await page.clock.runFor(1_000);
    // Had the timer armed a prefetch, React Router would render its links and import the page's chunk
    // within a commit and a task or two; a second of real time is ample for the first request
    // or navigation to show, and the wait ends at the first one.
    const within = { timeout: 1_000 };
    const firstSign = await Promise.race([
      page
        .waitForRequest((request) => new URL(request.url()).pathname.startsWith("/assets/"), within)
        .then(
          (request) => `a request for ${request.url()}`,
          () => "nothing",
        ),
      page
        .waitForEvent("framenavigated", {
          predicate: (frame) => frame === page.mainFrame(),
          ...within,
        })
        .then(
          () => "a reload",
          () => "nothing",
        ),
    ]);
    expect(firstSign, "pointing at a link in a stale tab loads nothing").toBe("nothing");
    expect(oldAssets).toEqual([]);
    expect(reloaded).toBe(false);
    expect(page.url()).toBe(`${baseUrl}/work`);

    const documentLoad = page.waitForEvent("load");
    await card.click();
    await documentLoad;
    await expectNewBuildPage(page, title, oldVersion);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
