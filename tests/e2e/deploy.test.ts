import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./support/test";
import type { Browser, Page } from "./support/test";
import { freePort, startServer, type RunningServer } from "./support/server";
import { shellFacts, waitForSettledPage, type ShellFacts } from "./support/shell";

// New deploys: a tab opened on an old build keeps working after a new build is served on the same
// port. The old build is the one every browser test serves (build/); the new one is what
// `npm run build` makes where Netlify's variables are set, with another VITE_BUILD_ID (which
// changes its hashes). The checks of that build (the Node server's, whatever the variables) run
// on it too: one build for both.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OLD = "build";
const NEW = ".cache/deploy-test-new";
const NETLIFY_FUNCTIONS = [
  ".netlify/v1/functions/react-router-server.mjs",
  ".netlify/v1/edge-functions/react-router-server.mjs",
];

/** `npm run build` (the site and, if configured, the Studio) with Netlify's variables set. */
function buildWithNetlifyVariables(dir: string, id: string) {
  return new Promise<void>((resolve, reject) => {
    let output = "";
    const child = spawn("npm", ["run", "build"], {
      cwd: root,
      env: {
        ...process.env,
        BUILD_DIR: dir,
        VITE_BUILD_ID: id,
        NETLIFY: "true",
        NETLIFY_LOCAL: "true",
        CONTEXT: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("close", (status) =>
      status === 0 ? resolve() : reject(new Error(`npm run build exited ${status}:\n${output}`)),
    );
  });
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
  await buildWithNetlifyVariables(NEW, `new-${Date.now()}`);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(path.join(root, NEW), { recursive: true, force: true });
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

/** `npm run build` is the Node server's build (`npm start`) even where Netlify's variables are set:
 * only netlify.toml's build command asks for Netlify's output (vite.config.ts). */
test.describe("npm run build, where Netlify's variables are set", () => {
  const assetsDir = path.join(root, NEW, "client/assets");

  test("writes precompressed scripts and styles for the Node server", () => {
    const names = readdirSync(assetsDir);
    const scripts = names.filter((name) => /\.(js|css)$/.test(name));
    expect(scripts.length).toBeGreaterThan(0);
    // Files under 1 KB are not worth compressing (vite.config.ts), and React Router writes its
    // manifest after Vite's bundle; every other script and style has both copies.
    const large = scripts.filter(
      (name) => !name.startsWith("manifest-") && statSync(path.join(assetsDir, name)).size >= 1024,
    );
    expect(large.length).toBeGreaterThan(0);
    for (const name of large) {
      expect(names, name).toContain(`${name}.br`);
      expect(names, name).toContain(`${name}.gz`);
    }
  });

  test("tells V8 to compile the large scripts as they stream in, and compresses them with the hint", () => {
    // React Router's route manifest is data, written after Vite's bundle.
    const large = readdirSync(assetsDir).filter(
      (name) =>
        name.endsWith(".js") &&
        !name.startsWith("manifest-") &&
        statSync(path.join(assetsDir, name)).size >= 4096,
    );
    // The shell (React, React Router, the site's frame) is in the client entry's chunk.
    expect(large.some((name) => name.startsWith("entry.client-"))).toBe(true);
    for (const name of large) {
      const code = readFileSync(path.join(assetsDir, name));
      // V8 compiles eagerly what follows the comment: only Vite's one-line map of a chunk's
      // dynamic imports may come before it.
      const lines = code.toString("utf8").split("\n", 2);
      const hintLine = lines[0]!.startsWith("const __vite__mapDeps=") ? lines[1] : lines[0];
      expect(hintLine, name).toBe("//# allFunctionsCalledOnLoad");
      expect(
        brotliDecompressSync(readFileSync(path.join(assetsDir, `${name}.br`))).equals(code),
      ).toBe(true);
      expect(gunzipSync(readFileSync(path.join(assetsDir, `${name}.gz`))).equals(code)).toBe(true);
    }
  });

  test("makes no Netlify function", () => {
    expect(readdirSync(path.join(root, NEW, "server"))).not.toContain("server.js");
    // Netlify's plugin writes a function that imports the server build it made. One may be there
    // from `netlify build` (netlify.test.ts, perhaps running now): none may point at this build.
    for (const file of NETLIFY_FUNCTIONS.map((name) => path.join(root, name))) {
      if (existsSync(file)) expect(readFileSync(file, "utf8"), file).not.toContain(NEW);
    }
  });
});
