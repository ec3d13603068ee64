#!/usr/bin/env node
// `npm test`: every check the project has, in the order a failure is cheapest
// to find. Ends with one line summing all runners: "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "./chromium.mjs";
import { isNetlifyCliInstalled } from "./netlify-cli.mjs";

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `Browser tests need Debian's Chromium at ${CHROMIUM_PATH}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

if (spawnSync(process.env.JAVA ?? "java", ["-version"]).status !== 0) {
  console.error(
    "The HTML checks (vnu-jar) need Java: run `sudo apt-get install -y default-jre-headless` (or set JAVA).",
  );
  process.exit(1);
}

const reports = path.resolve(".cache/test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

// Netlify's CLI (netlify/cli, for the Netlify test) installs while the checks
// below run: on a fresh machine that is minutes of download, mostly waiting.
let cliInstall = Promise.resolve(true);
if (!isNetlifyCliInstalled()) {
  const log = path.join(reports, "netlify-cli-install.log");
  console.log(`▶ netlify-cli: installing in netlify/cli in the background (log: ${log})`);
  const fd = openSync(log, "w");
  const child = spawn(process.execPath, ["scripts/netlify-cli.mjs", "install-cli"], {
    stdio: ["ignore", fd, fd],
  });
  cliInstall = new Promise((resolve) => {
    child.once("error", () => resolve(false));
    child.once("close", (status) => resolve(status === 0));
  }).finally(() => closeSync(fd));
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function vitest(label, config, reporters = []) {
  const report = path.join(reports, `${label}.json`);
  const ok = run(label, "npx", [
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
    ...reporters.map((reporter) => `--reporter=${reporter}`),
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    // A suite that failed to load has no tests to count but is a failure.
    const broken = json.testResults.filter(
      (file) => file.status === "failed" && !file.assertionResults.length,
    );
    failed += broken.length;
    // A runner that failed with nothing counted (a global setup that threw) still fails the run.
    if (!ok && !json.numFailedTests && !broken.length) failed += 1;
    if (!ok || json.numFailedTests || broken.length) failures.push(label);
  } catch {
    failed += 1;
    failures.push(`${label} (no report)`);
  }
}

// The Studio (studio/, its own package): installed once if missing, then
// type-checked, its generated types compared with the schema and the queries,
// and every dataset the tests use validated against its schema.
const studioReady = run("studio install", "node", ["scripts/studio.mjs", "install"]);
check("format", "npx", ["prettier", "--check", "."]);
check("lint", "npx", ["eslint", "."]);
check("typecheck", "npx", ["tsc", "--noEmit"]);
if (studioReady) {
  check("studio typecheck", "node", ["studio/node_modules/typescript/bin/tsc", "-p", "studio"]);
  check("typegen up to date", "node", ["scripts/studio.mjs", "typegen", "--check"]);
  check("content:validate", "node", [
    "scripts/studio.mjs",
    "validate",
    "dataset",
    "tests/fixtures/alt-dataset",
  ]);
} else {
  failed += 1;
  failures.push("studio install");
}
vitest("unit", "vitest.config.ts");
const built = run("build", "npm", ["run", "build"]);
if (built) passed += 1;
else {
  failed += 1;
  failures.push("build");
}
// The up-front JavaScript budget (docs/performance.md), on the build just made.
if (built) check("JavaScript budget", "node", ["scripts/bench-size.mjs"]);
// Built once, offline, into the same build the browser tests serve at /studio.
const studioBuilt =
  built &&
  studioReady &&
  run("studio build", "node", ["scripts/studio.mjs", "build"], {
    SKIP_ENV_FILE: "1",
    SANITY_STUDIO_PROJECT_ID: "e2e-studio",
    SANITY_STUDIO_DATASET: "production",
  });
if (studioBuilt) passed += 1;
else {
  failed += 1;
  failures.push("studio build");
}
if (!(await cliInstall)) {
  console.log(`\n▶ netlify-cli: the install failed; see ${reports}/netlify-cli-install.log`);
  failed += 1;
  failures.push("netlify-cli install");
}
// The e2e tests include `netlify build --offline` (tests/e2e/netlify.test.ts),
// which writes to .netlify/ only: the Node build in build/ stays as it is.
if (built) vitest("e2e", "vitest.e2e.config.ts", ["./tests/e2e/support/slowest-reporter.ts"]);

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed || failures.length ? 1 : 0);
