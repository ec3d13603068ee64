import { cpus } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, TEST_BROWSER_PATH } from "./scripts/chromium.mjs";

// Browser tests: one production server on the bundled dataset (`webServer`) shared by every
// worker, driven by Debian's Chromium. Tests that change state start servers of their own
// (tests/e2e/support/server.ts). docs/testing.md says how the suite is laid out.
const port = Number(process.env.E2E_PORT ?? 4390);
const baseURL = `http://127.0.0.1:${port}`;
const fixtureURL = `http://127.0.0.1:${port + 1}`;
// Read by the fixtures (tests/e2e/support/test.ts); the workers inherit them.
process.env.E2E_BASE_URL = baseURL;
process.env.E2E_FIXTURE_URL = fixtureURL;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  outputDir: process.env.E2E_OUTPUT_DIR ?? ".cache/test-results",
  // One worker more than the machine has cores: a test spends part of its time waiting on a
  // browser, a server or a timer, and the extra worker fills it (docs/testing.md). E2E_WORKERS
  // overrides.
  workers: Number(process.env.E2E_WORKERS ?? cpus().length + 1),
  // Files are spread over the workers; a file whose tests are independent opts in to
  // spreading its tests too (test.describe.configure({ mode: "parallel" })).
  fullyParallel: false,
  // A flake is a bug to find, not to retry (docs/testing.md).
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_JSON_REPORT ?? ".cache/test-reports/e2e.json" }],
    ["./tests/e2e/support/slowest-reporter.ts"],
  ],
  use: {
    browserName: "chromium",
    baseURL,
    // Chromium's headless shell where installed (scripts/chromium.mjs); see "rendering" below.
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_FLAGS },
    // An element or page that never comes fails its step, not only the whole test's timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A failed test keeps a screenshot of the moment it failed and the page's accessibility
    // tree (error-context.md). Its trace (actions, DOM snapshots, network, console) is recorded
    // only when asked for, `E2E_TRACE=1`: recording one for every test cost an eighth of the
    // browser tests' CPU (docs/performance.md, "The test suite").
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    // Long files first, so that the last ones to run are short and the workers finish together:
    // the longest (Netlify's build), then the rendering file, then the rest.
    { name: "netlify", testMatch: "netlify.test.ts" },
    // Tests that measure the ink of painted glyphs run in the full browser visitors use: the
    // headless shell rasterises canvas text a tenth of a pixel differently (docs/testing.md).
    {
      name: "rendering",
      testMatch: "display-type.test.ts",
      use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } },
    },
    { name: "site", testIgnore: ["netlify.test.ts", "display-type.test.ts", "engines.test.ts"] },
    // The site in Debian's Firefox ESR and WebKitGTK, one of each per worker, driven by their own
    // clients (tests/e2e/support/engines/): Playwright's builds of them cannot be downloaded
    // here (docs/testing.md, "Firefox and WebKit").
    { name: "firefox", testMatch: "engines.test.ts" },
    { name: "webkit", testMatch: "engines.test.ts" },
  ],
  // Two read-only production servers that every worker shares: the bundled dataset, and the
  // fixture dataset (CONTENT_DIR) the page tests also run on (tests/e2e/support/datasets.ts).
  webServer: [
    { ...productionServer(port, {}), url: `${baseURL}/` },
    {
      ...productionServer(port + 1, { CONTENT_DIR: path.resolve("tests/fixtures/alt-dataset") }),
      url: `${fixtureURL}/`,
    },
  ],
});

function productionServer(port: number, env: Record<string, string>) {
  return {
    command: "node server/index.js",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SKIP_ENV_FILE: "1",
      ...env,
    },
    // A fresh server reads its dataset on its first query; a busy machine is slow.
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}
