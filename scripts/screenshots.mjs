#!/usr/bin/env node
// `npm run screenshots`: every route at 390 px and 1440 px, light and dark,
// and with the menu open, as full-page PNGs in screenshots/ (git ignores it); then each
// route light in Firefox and WebKit, in screenshots/firefox/ and screenshots/webkit/
// (scripts/screenshots-engines.ts; SCREENSHOTS_ENGINES=0 skips them).
// Needs a build (`npm run build`; BUILD_DIR picks another). Starts its own
// production server on SCREENSHOTS_PORT (default: a free port), or uses BASE_URL.
// CONTENT_DIR shoots another dataset; SCREENSHOTS_DIR saves elsewhere;
// SCREENSHOTS_PROJECTS=all shoots every project on the Work page, not only the first.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.resolve(root, process.env.SCREENSHOTS_DIR ?? "screenshots");
const allProjects = process.env.SCREENSHOTS_PROJECTS === "all";
const WIDTHS = [390, 1440];
const HEIGHT = { 390: 844, 1440: 900 };

/** A port nothing listens on, so a run never collides with another server on this machine. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(String(port)));
    });
  });
}

async function startServer() {
  const port = process.env.SCREENSHOTS_PORT ?? (await freePort());
  const child = spawn(process.execPath, [path.join(root, "server/index.js")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: port },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 20_000);
    const collect = (chunk) => {
      output += chunk;
      if (output.includes("Serving on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("exit", (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/** Every route, with a real project slug read from the Work page (never hard-coded). */
async function routes(page, baseUrl) {
  await page.goto(`${baseUrl}/work`);
  const hrefs = await page
    .locator('main a[href^="/work/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  const projects = allProjects
    ? hrefs.map((href) => [`project-${href.split("/").pop()}`, href])
    : hrefs.slice(0, 1).map((href) => ["project", href]);
  return [
    ["home", "/"],
    ["work", "/work"],
    ...projects,
    ["culture", "/culture"],
    ["legal", "/legal"],
    ["404", "/this-page-does-not-exist"],
  ];
}

/** Lazy media on the whole page, so a full-page shot shows it. */
async function settle(page) {
  // Clicks (dark toggle, menu) do nothing until React has hydrated the page.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.evaluate(async () => {
    // Eager and decoded synchronously: a full-page capture paints images outside the viewport too.
    document.querySelectorAll("img").forEach((img) => {
      img.loading = "eager";
      img.decoding = "sync";
    });
    await document.fonts.ready;
  });
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.evaluate(async () => {
    const pending = Array.from(document.images).filter((img) => !img.complete);
    await Promise.race([
      Promise.all(
        pending.map(
          (img) =>
            new Promise((done) => {
              img.addEventListener("load", done, { once: true });
              img.addEventListener("error", done, { once: true });
            }),
        ),
      ),
      new Promise((done) => setTimeout(done, 15000)),
    ]);
  });
  await page.waitForTimeout(1200);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server.url;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const saved = [];
  let list;
  try {
    const probe = await browser.newPage();
    list = await routes(probe, baseUrl);
    await probe.close();
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: HEIGHT[width] },
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      for (const [name, route] of list) {
        const shot = async (mode, fullPage = true) => {
          const file = path.join(outDir, `${name}-${width}-${mode}.png`);
          await page.screenshot({ path: file, fullPage });
          saved.push(path.relative(root, file));
        };
        await page.goto(baseUrl + route);
        await page.addStyleTag({ content: ".cursor{display:none!important}" });
        await settle(page);
        await shot("light");

        const toggle = page.getByRole("button", { name: "switch dark mode" });
        if (await toggle.count()) await toggle.click();
        // The culture route has no header, so no toggle: show its dark scheme directly.
        else await page.evaluate(() => (document.documentElement.dataset.theme = "dark"));
        await page.waitForTimeout(1200);
        await shot("dark");

        const menu = page.getByRole("button", { name: "Menu" });
        if ((await menu.count()) && (await menu.isVisible())) {
          await page.goto(baseUrl + route);
          await page.addStyleTag({ content: ".cursor{display:none!important}" });
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
          await menu.click();
          await page.waitForTimeout(1200);
          await shot("menu", false);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`${saved.length} screenshots in ${path.relative(root, outDir)}/`);
  try {
    if (process.env.SCREENSHOTS_ENGINES !== "0") {
      const engines = spawnSync(
        path.join(root, "node_modules/.bin/vite-node"),
        ["--config", "vitest.config.ts", "scripts/screenshots-engines.ts"],
        {
          cwd: root,
          stdio: "inherit",
          env: {
            ...process.env,
            SCREENSHOTS_BASE_URL: baseUrl,
            SCREENSHOTS_DIR: outDir,
            SCREENSHOTS_ROUTES: JSON.stringify(list),
          },
        },
      );
      if (engines.status !== 0) throw new Error("The Firefox and WebKit screenshots failed");
    }
  } finally {
    server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
