#!/usr/bin/env node
// Netlify's CLI, pinned in netlify/cli/ (its own package.json and lock file) so that the site's
// `npm install` stays light: `npm run netlify -- <command>` installs it there on first use and
// runs it with the developer's own login, e.g. `deploy` (docs/deploy.md). The tests build with
// Netlify's build alone (scripts/netlify-build.mjs), the same library the CLI runs.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pinnedTool } from "./pinned-tool.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const cliDir = path.join(root, "netlify/cli");
const cli = pinnedTool(cliDir, "node_modules/netlify-cli/bin/run.js", { name: "Netlify's CLI" });
export const denoDir = path.join(cliDir, "node_modules/.bin");

/**
 * `base` with the pinned Deno's directory first on PATH, for every command the
 * CLI runs: Deno bundles edge functions (none today; see netlify/README.md), and the CLI would otherwise use
 * another Deno on PATH or download its own, which an offline build cannot.
 */
export function cliEnv(base = process.env) {
  const PATH = [denoDir, base.PATH].filter(Boolean).join(path.delimiter);
  return { ...base, PATH };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const echo = (chunk) => process.stdout.write(chunk);
  // npm ci prints nothing until it is done (a minute or more): say what is happening.
  if (!cli.isInstalled()) {
    console.log("Installing Netlify's CLI, pinned in netlify/cli/ (once; a minute or more)…");
  }
  await cli.ensure({ onOutput: echo });
  const child = spawn(process.execPath, [cli.entry, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: cliEnv(),
  });
  child.once("close", (status) => process.exit(status ?? 1));
}
