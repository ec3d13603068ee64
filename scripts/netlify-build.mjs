#!/usr/bin/env node
// Netlify's build (@netlify/build, what Netlify's servers and `netlify build` both run), pinned
// in netlify/build/ (its own package.json and lock file) so that the site's `npm install` stays
// light: `npm test` installs it there when it is missing or its lock file changed, and runs
// `netlify-build --offline`. Netlify's CLI (scripts/netlify-cli.mjs) is for deploying.
//
//   node scripts/netlify-build.mjs install   install (or confirm) the pinned build
//   node scripts/netlify-build.mjs build     netlify-build --offline, as on a fresh machine
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pinnedTool, run } from "./pinned-tool.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildToolDir = path.join(root, "netlify/build");
const tool = pinnedTool(buildToolDir, "node_modules/@netlify/build/bin.js", {
  name: "Netlify's build",
});

export const isNetlifyBuildInstalled = tool.isInstalled;
export const ensureNetlifyBuild = tool.ensure;

const NETLIFY_SETS =
  /^(NETLIFY.*|CONTEXT|BUILD_ID|DEPLOY_ID|DEPLOY_URL|DEPLOY_PRIME_URL|URL|SITE_ID|SITE_NAME|BRANCH|HEAD|COMMIT_REF|CACHED_COMMIT_REF|PULL_REQUEST|REVIEW_ID|REPOSITORY_URL|BUILD_DIR)$/;

/**
 * `base` as on a fresh machine with no Netlify login and no linked site: without NETLIFY_* (the
 * login token among them), anything else Netlify sets during a build, or BUILD_DIR. Netlify's
 * build reads no file of the CLI's and sends telemetry only when asked (`--telemetry`).
 */
export function freshMachineEnv(base = process.env) {
  return Object.fromEntries(Object.entries(base).filter(([key]) => !NETLIFY_SETS.test(key)));
}

/** `netlify-build --offline` on the checkout, as on a fresh machine. */
export async function netlifyBuild({ onOutput } = {}) {
  await ensureNetlifyBuild({ onOutput });
  const env = freshMachineEnv();
  return run(process.execPath, [tool.entry, "--offline"], { cwd: root, env, onOutput });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  const echo = (chunk) => process.stdout.write(chunk);
  if (command === "install") {
    if (!isNetlifyBuildInstalled()) {
      console.log("Installing Netlify's build, pinned in netlify/build/ (once)…");
    }
    const result = await ensureNetlifyBuild({ onOutput: echo });
    console.log(
      result.installed
        ? `Netlify's build installed in netlify/build (${result.seconds.toFixed(0)} s).`
        : "Netlify's build in netlify/build matches its lock file.",
    );
  } else if (command === "build") {
    const result = await netlifyBuild({ onOutput: echo });
    process.exit(result.status ?? 1);
  } else {
    console.error("Usage: node scripts/netlify-build.mjs install | build");
    process.exit(1);
  }
}
