#!/usr/bin/env node
// Netlify's CLI, pinned in netlify/cli/ (its own package.json and lock file) so
// that the site's `npm install` stays light: `npm test` installs it there when
// it is missing or its lock file changed, and runs `netlify build --offline`.
//
//   node scripts/netlify-cli.mjs install-cli   install (or confirm) the pinned CLI
//   node scripts/netlify-cli.mjs fresh-build   netlify build --offline, as on a fresh machine
//   npm run netlify -- deploy                  any other command, as you would run `netlify`
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const cliDir = path.join(root, "netlify/cli");
const bin = path.join(cliDir, "node_modules/netlify-cli/bin/run.js");
const stampFile = path.join(cliDir, "node_modules/.installed-from");
export const denoDir = path.join(cliDir, "node_modules/.bin");

/** What an install depends on: the lock file, and Node's ABI (for any native module it builds). */
function installKey() {
  const lock = readFileSync(path.join(cliDir, "package-lock.json"));
  return createHash("sha256")
    .update(lock)
    .update(`node-abi-${process.versions.modules}`)
    .digest("hex");
}

export function isNetlifyCliInstalled() {
  return (
    existsSync(bin) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === installKey()
  );
}

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    let output = "";
    const collect = (chunk) => {
      output += chunk;
      options.onOutput?.(chunk);
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, output }));
  });
}

/**
 * Installs the pinned CLI into netlify/cli/node_modules unless the install
 * there already matches the lock file. `npm ci` uses npm's cache, so a second
 * machine-wide install is mostly a copy.
 */
export async function ensureNetlifyCli({ onOutput } = {}) {
  if (isNetlifyCliInstalled()) return { installed: false };
  const started = Date.now();
  const result = await run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: cliDir,
    env: process.env,
    onOutput,
  });
  if (result.status !== 0) {
    throw new Error(`Installing Netlify's CLI in netlify/cli failed:\n${result.output}`);
  }
  writeFileSync(stampFile, installKey());
  return { installed: true, seconds: (Date.now() - started) / 1000 };
}

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
