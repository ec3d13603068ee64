#!/usr/bin/env node
// `npm run test:quick`: the change-and-check loop (docs/testing.md). Format, lint, types and
// unit tests beside a production build, then one Chromium smoke test per route (@smoke).
// Ends like `npm test`: "N passed, N failed". `npm test` runs everything.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Tally } from "./test-steps.mjs";

const started = Date.now();
const reports = path.resolve(".cache/test-reports");
mkdirSync(reports, { recursive: true });
const tally = new Tally();

const [, built] = await Promise.all([
  // Lane 1: the static checks.
  (async () => {
    await tally.check("format", "npx", ["prettier", "--check", "."]);
    await tally.check("lint", "npx", ["eslint", "."]);
    await tally.check("typecheck", "npm", ["run", "--silent", "typecheck"]);
  })(),
  // Lane 2: unit tests, then the build the smoke tests serve.
  (async () => {
    await tally.vitest("unit", path.join(reports, "quick-unit.json"));
    return tally.check("build", "npm", ["run", "build:site"]);
  })(),
]);
if (built) {
  await tally.playwright("smoke", path.join(reports, "quick-e2e.json"), ["--grep", "@smoke"], {
    // No image warm-up: a smoke test is not about images.
    env: { E2E_WARM: "0" },
  });
}

process.exit(tally.summary(started));
