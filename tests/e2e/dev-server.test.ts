import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./support/test";
import { freePort } from "./support/server";
import { BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// The README's first command, `npm run dev`, on the bundled content: a developer's first
// visit works at once. `--force` starts from an empty dependency cache, as a fresh clone
// does: the case where Vite used to meet packages on the first page, answer its scripts
// 504 and reload it (docs/decisions/024-dev-dependency-scan.md).
test.describe("the dev server on a fresh clone", () => {
  // Vite bundles the dependencies and transforms every module on first request: slow on a busy
  // machine, and part of what is tested, so the test waits for it rather than timing it.
  test.setTimeout(180_000);
  let dev: ChildProcess | undefined;
  let url = "";
  const logs: string[] = [];
  let dataset: Awaited<ReturnType<typeof copyDataset>>;

  test.beforeAll(async () => {
    const port = await freePort();
    // A copy the live test below edits.
    dataset = await copyDataset(BUNDLED_DATASET);
    dev = spawn(
      process.execPath,
      ["scripts/dev.mjs", "--port", port, "--strictPort", "--host", "127.0.0.1", "--force"],
      {
        cwd: root,
        // Plain text: Vite prints the port in bold when colours are on.
        env: {
          ...process.env,
          SKIP_ENV_FILE: "1",
          NO_COLOR: "1",
          FORCE_COLOR: undefined,
          CONTENT_DIR: dataset.dir,
        },
        stdio: "pipe",
      },
    );
    const collect = (chunk: Buffer) => logs.push(...chunk.toString().split("\n"));
    dev.stdout?.on("data", collect);
    dev.stderr?.on("data", collect);
    url = `http://127.0.0.1:${port}`;
    const started = Date.now();
    while (!logs.some((line) => line.includes(url))) {
      if (dev.exitCode !== null || Date.now() - started > 60_000) {
        throw new Error(`react-router dev did not start:\n${logs.join("\n")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  test.afterAll(async () => {
    if (!dev || dev.exitCode !== null) return;
    const exited = new Promise((resolve) => dev?.once("exit", resolve));
    dev.kill("SIGTERM");
    await exited;
  });

  test("serves the home page hydrated, once, and moves to Work in the page", async ({ page }) => {
    const loads: string[] = [];
    const failed: string[] = [];
    page.on("load", () => loads.push(page.url()));
    page.on("response", (response) => {
      if (response.status() >= 500) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${url}/`, { timeout: 120_000 });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", {
      timeout: 120_000,
    });
    await expect(page.locator("h1").first()).toBeVisible();

    await page.getByRole("navigation").getByRole("link", { name: "Work", exact: true }).click();
    await expect(page).toHaveURL(`${url}/work`, { timeout: 60_000 });
    await expect(page.locator("h1").first()).toBeVisible();
    expect(
      failed,
      `answers of 500 or more (504: Vite's outdated dependencies); the dev server said:\n${logs.join("\n")}`,
    ).toEqual([]);
    expect(loads, "documents loaded: the first visit is never reloaded").toEqual([`${url}/`]);
    expect(logs.join("\n")).not.toMatch(/optimized dependencies changed|new dependencies/);
  });

  test("shows an edit of the dataset file in the open tab, without a reload", async ({ page }) => {
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    await page.goto(`${url}/work`, { timeout: 120_000 });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", {
      timeout: 120_000,
    });
    // The live chunk listens on Vite's HMR channel once it has loaded; the dev server may still
    // be transforming it.
    await expect(page.locator("html")).toHaveAttribute("data-live", "listening", {
      timeout: 60_000,
    });
    const title = `Edited in the file ${Date.now()}`;
    await dataset.edit("workPage", (doc) => ({ ...doc, title }));
    await expect(page.locator("h1").first()).toHaveText(title, { timeout: 60_000 });
    expect(loads, "no reload").toEqual([`${url}/work`]);
  });
});
