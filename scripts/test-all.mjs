#!/usr/bin/env node
// `npm test`: every check the project has, in two lanes: the build and the browser tests; the
// static checks and the unit tests. Ends with one line summing all runners:
// "N passed, N failed". docs/testing.md says what runs where.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import path from "node:path";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./chromium.mjs";
import { missingEnginePackages } from "./engines.mjs";
import { isNetlifyBuildInstalled } from "./netlify-build.mjs";
import { Tally } from "./test-steps.mjs";

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `Browser tests need Debian's Chromium at ${CHROMIUM_PATH}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
const enginesMissing = missingEnginePackages();
if (enginesMissing.length) {
  console.error(
    `Browser tests run in Firefox and WebKit too: run \`sudo apt-get install -y ${enginesMissing.join(" ")}\` (docs/testing.md).`,
  );
  process.exit(1);
}
if (!HEADLESS_SHELL_PATH) {
  console.log(
    "Browser tests run in the full Chromium: `sudo apt-get install -y chromium-headless-shell` runs them in half the CPU.",
  );
}

// The cache in front that deploy/nginx.conf ships runs in the browser tests (tests/e2e/nginx.test.ts).
if (!existsSync("/usr/sbin/nginx")) {
  console.error("The browser tests run Debian's nginx: run `sudo apt-get install -y nginx`.");
  process.exit(1);
}

if (spawnSync(process.env.JAVA ?? "java", ["-version"]).status !== 0) {
  console.error(
    "The HTML checks (vnu-jar) need Java: run `sudo apt-get install -y default-jre-headless` (or set JAVA).",
  );
  process.exit(1);
}

const started = Date.now();
const reports = path.resolve(".cache/test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const tally = new Tally();

// Netlify's build (netlify/build, for the Netlify test) installs while the checks below run.
let buildToolInstall = Promise.resolve(true);
if (!isNetlifyBuildInstalled()) {
  const log = path.join(reports, "netlify-build-install.log");
  console.log(`▶ netlify-build: installing in netlify/build in the background (log: ${log})`);
  const fd = openSync(log, "w");
  const child = spawn(process.execPath, ["scripts/netlify-build.mjs", "install"], {
    stdio: ["ignore", fd, fd],
  });
  buildToolInstall = new Promise((resolve) => {
    child.once("error", () => resolve(false));
    child.once("close", (status) => resolve(status === 0));
  }).finally(() => closeSync(fd));
}

// The Studio (studio/, its own package): installed once if missing, then type-checked. What needs
// the Studio loaded runs once, in tests/e2e/content-validate.test.ts: every dataset the tests use
// validated against its schema (with the broken fixtures), and the generated query types compared
// with the schema it extracts and the queries.
const studioReady = await tally.run("studio install", "node", ["scripts/studio.mjs", "install"]);
if (!studioReady) tally.fail("studio install");

// Two lanes, from the start. The builds, then the browser tests, which wait for them; beside
// them the static checks and the unit tests, which need no build: while the build makes its
// image files (a few threads), they use what the machine has left (docs/testing.md).
await Promise.all([
  // Lane 1: the build the browser tests serve, its JavaScript budget (docs/performance.md), the
  // Studio built offline into the same build (/studio), then every browser test.
  (async () => {
    const built = await tally.check("build", "npm", ["run", "build:site"]);
    if (!built) return;
    await tally.check("JavaScript budget", "npm", ["run", "--silent", "bench:size"]);
    if (studioReady) {
      await tally.check("studio build", "node", ["scripts/studio.mjs", "build"], {
        env: {
          SKIP_ENV_FILE: "1",
          SANITY_STUDIO_PROJECT_ID: "e2e-studio",
          SANITY_STUDIO_DATASET: "production",
        },
      });
    }
    if (!(await buildToolInstall)) {
      console.log(
        `\n▶ netlify-build: the install failed; see ${reports}/netlify-build-install.log`,
      );
      tally.fail("netlify-build install");
    }
    // Playwright's runner (playwright.config.ts). `netlify-build --offline`
    // (tests/e2e/netlify.test.ts) writes to .netlify/ only: the Node build in build/ stays.
    await tally.playwright("e2e", path.join(reports, "e2e.json"));
  })(),
  // Lane 2: the static checks and the unit tests. Their output is held while the browser tests
  // print, and follows them.
  (async () => {
    await tally.check("format", "npx", ["prettier", "--check", "."]);
    await tally.check("lint", "npx", ["eslint", "."]);
    await tally.check("typecheck", "npm", ["run", "--silent", "typecheck"]);
    if (studioReady) {
      await tally.check("studio typecheck", "node", [
        "studio/node_modules/typescript/bin/tsc",
        "-p",
        "studio",
      ]);
    }
    await tally.vitest("unit", path.join(reports, "unit.json"));
  })(),
]);

process.exit(tally.summary(started));
