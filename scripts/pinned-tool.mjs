// A tool pinned in a folder of its own (its package.json and lock file), installed there on first
// use so that the site's own `npm install` stays light: Netlify's build (netlify/build), its CLI
// (netlify/cli) and Lighthouse (scripts/bench/lighthouse). docs/decisions/023-install-scripts.md says why.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Runs a command, collecting its output (and passing it on to `onOutput` as it comes). */
export function run(command, args, options) {
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
 * The tool pinned in `dir`, whose install is complete when `entry` (a path inside `dir`) exists
 * and the install was made from the lock file as it is now.
 */
export function pinnedTool(dir, entry, { name }) {
  const stampFile = path.join(dir, "node_modules/.installed-from");
  // What an install depends on: the lock file, and Node's ABI (for any native module it builds).
  const installKey = () =>
    createHash("sha256")
      .update(readFileSync(path.join(dir, "package-lock.json")))
      .update(`node-abi-${process.versions.modules}`)
      .digest("hex");
  const isInstalled = () =>
    existsSync(path.join(dir, entry)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === installKey();

  return {
    dir,
    entry: path.join(dir, entry),
    isInstalled,
    /**
     * Installs the pinned tool unless the install there already matches the lock file. `npm ci`
     * uses npm's cache, so a second machine-wide install is mostly a copy.
     */
    async ensure({ onOutput } = {}) {
      if (isInstalled()) return { installed: false };
      const started = Date.now();
      const result = await run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: dir,
        env: process.env,
        onOutput,
      });
      if (result.status !== 0) {
        throw new Error(`Installing ${name} in ${dir} failed:\n${result.output}`);
      }
      writeFileSync(stampFile, installKey());
      return { installed: true, seconds: (Date.now() - started) / 1000 };
    },
  };
}
