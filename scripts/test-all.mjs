#!/usr/bin/env node
// `npm test`: every check the project has, in the order a failure is cheapest
// to find. Ends with one line summing all runners: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "./chromium.mjs";

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

function vitest(label, config) {
  const report = path.join(reports, `${label}.json`);
  const ok = run(label, "npx", [
    "vitest",
    "run",
    "--config",
    config,
    "--reporter=default",
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

check("format", "npx", ["prettier", "--check", "."]);
check("lint", "npx", ["eslint", "."]);
check("typecheck", "npx", ["tsc", "--noEmit"]);
vitest("unit", "vitest.config.ts");
const built = run("build", "npx", ["remix", "vite:build"]);
if (built) passed += 1;
else {
  failed += 1;
  failures.push("build");
}
if (built) vitest("e2e", "vitest.e2e.config.ts");

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed || failures.length ? 1 : 0);
