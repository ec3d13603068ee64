#!/usr/bin/env node
// Netlify's CLI, pinned in netlify/cli/ (its own package.json and lock file) so
// that the site's `npm install` stays light: `npm test` installs it there when
// it is missing or its lock file changed, and runs `netlify build --offline`.
//
//   node scripts/netlify-cli.mjs install-cli   install (or confirm) the pinned CLI
//   node scripts/netlify-cli.mjs fresh-build   netlify build --offline, as on a fresh machine
//   npm run netlify -- deploy                  any other command, as you would run `netlify`
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pinnedTool, run } from "./pinned-tool.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const cliDir = path.join(root, "netlify/cli");
const cli = pinnedTool(cliDir, "node_modules/netlify-cli/bin/run.js", { name: "Netlify's CLI" });
const bin = cli.entry;
export const denoDir = path.join(cliDir, "node_modules/.bin");

export const isNetlifyCliInstalled = cli.isInstalled;
export const ensureNetlifyCli = cli.ensure;

/**
 * `base` with the pinned Deno's directory first on PATH, for every command the
 * CLI runs: Deno bundles edge functions (none today; see netlify/README.md), and the CLI would otherwise use
 * another Deno on PATH or download its own, which an offline build cannot.
 */
export function cliEnv(base = process.env) {
  const PATH = [denoDir, base.PATH].filter(Boolean).join(path.delimiter);
  return { ...base, PATH };
}

/**
 * The environment of a fresh machine with no Netlify login and no linked site:
 * no NETLIFY_* variable nor any Netlify sets during a build, no BUILD_DIR, and
 * an empty CLI config of our own in which telemetry is off (the CLI reads no
 * variable for that; `netlify --telemetry-disable` would write the user's own
 * config). NO_UPDATE_NOTIFIER keeps the CLI from asking npm for a newer version.
 */
export function freshMachineEnv(base = process.env) {
  const netlifySets =
    /^(NETLIFY.*|CONTEXT|BUILD_ID|DEPLOY_ID|DEPLOY_URL|DEPLOY_PRIME_URL|URL|SITE_ID|SITE_NAME|BRANCH|HEAD|COMMIT_REF|CACHED_COMMIT_REF|PULL_REQUEST|REVIEW_ID|REPOSITORY_URL|BUILD_DIR)$/;
  const env = Object.fromEntries(Object.entries(base).filter(([key]) => !netlifySets.test(key)));
  const configHome = mkdtempSync(path.join(tmpdir(), "netlify-cli-config-"));
  mkdirSync(path.join(configHome, "netlify"));
  writeFileSync(
    path.join(configHome, "netlify/config.json"),
    JSON.stringify({ telemetryDisabled: true }),
  );
  return {
    env: { ...cliEnv(env), XDG_CONFIG_HOME: configHome, NO_UPDATE_NOTIFIER: "1" },
    cleanup: () => rmSync(configHome, { recursive: true, force: true }),
  };
}

/** `netlify build --offline` on the checkout, as a newcomer would run it. */
export async function netlifyBuild({ onOutput } = {}) {
  await ensureNetlifyCli({ onOutput });
  const { env, cleanup } = freshMachineEnv();
  try {
    return await run(process.execPath, [bin, "build", "--offline"], { cwd: root, env, onOutput });
  } finally {
    cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  const echo = (chunk) => process.stdout.write(chunk);
  // npm ci prints nothing until it is done (a minute or more): say what is happening.
  if (!isNetlifyCliInstalled()) {
    console.log("Installing Netlify's CLI, pinned in netlify/cli/ (once; a minute or more)…");
  }
  if (command === "install-cli") {
    const result = await ensureNetlifyCli({ onOutput: echo });
    console.log(
      result.installed
        ? `Netlify's CLI installed in netlify/cli (${result.seconds.toFixed(0)} s).`
        : "Netlify's CLI in netlify/cli matches its lock file.",
    );
  } else if (command === "fresh-build") {
    const result = await netlifyBuild({ onOutput: echo });
    process.exit(result.status ?? 1);
  } else {
    // Anything else goes to the CLI as it is, with the developer's own login and config.
    await ensureNetlifyCli({ onOutput: echo });
    const child = spawn(process.execPath, [bin, ...process.argv.slice(2)], {
      stdio: "inherit",
      env: cliEnv(),
    });
    child.once("close", (status) => process.exit(status ?? 1));
  }
}
