#!/usr/bin/env node
// `npm run test:quick`: the change-and-check loop (docs/testing.md). A production build and one
// Chromium smoke test per route (@smoke), beside format, lint, types and unit tests.
// Ends like `npm test`: "N passed, N failed". `npm test` runs everything.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Tally } from "./test-steps.mjs";

const started = Date.now();
const reports = path.resolve(".cache/test-reports");
mkdirSync(reports, { recursive: true });
const tally = new Tally();

await Promise.all([
  // Lane 1: the build the smoke tests serve, then the smoke tests.
  (async () => {
    // Warnings and errors only: not Vite's table of every asset.
    const build = ["run", "build:site", "--", "--logLevel", "warn"];
    if (!(await tally.check("build", "npm", build))) return;
    await tally.playwright("smoke", path.join(reports, "quick-e2e.json"), ["--grep", "@smoke"]);
  })(),
  // Lane 2: the static checks and the unit tests, printed after the smoke tests.
  (async () => {
    await tally.check("format", "npx", ["prettier", "--check", "."]);
    await tally.check("lint", "npx", ["eslint", "."]);
    await tally.check("typecheck", "npm", ["run", "--silent", "typecheck"]);
    await tally.vitest("unit", path.join(reports, "quick-unit.json"));
  })(),
]);

process.exit(tally.summary(started));
