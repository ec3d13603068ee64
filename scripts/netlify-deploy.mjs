// The deploy `netlify build` leaves behind, served on 127.0.0.1 the way
// Netlify would: the server function unpacked from the zip Netlify uploads
// (.netlify/functions/react-router-server.zip), the publish directory and the header
// rules from Netlify's own config resolver. Used by tests/e2e/netlify.test.ts
// and scripts/bench/netlify.ts.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import extract from "extract-zip";
import { buildToolDir, freshMachineEnv, root } from "./netlify-build.mjs";

export const FUNCTION_NAME = "react-router-server";
export const functionsDir = path.join(root, ".netlify/functions");
export const functionZip = path.join(functionsDir, `${FUNCTION_NAME}.zip`);
const host = fileURLToPath(new URL("./netlify-function-host.mjs", import.meta.url));

/** netlify.toml as Netlify reads it (publish directory, header rules), offline. */
export async function resolveNetlifyConfig() {
  const main = path.join(buildToolDir, "node_modules/@netlify/config/lib/index.js");
  const { resolveConfig } = await import(pathToFileURL(main).href);
  const env = freshMachineEnv();
  const { config } = await resolveConfig({ cwd: root, repositoryRoot: root, offline: true, env });
  return config;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/**
 * Unpacks the function's zip outside the repository, so that nothing but what
 * the zip holds can be found by Node's module resolution.
 */
export async function unpackFunction(zip = functionZip) {
  const dir = mkdtempSync(path.join(tmpdir(), `${FUNCTION_NAME}-`));
  await extract(zip, { dir });
  const files = walk(dir);
  return {
    dir,
    files: files.map((file) => path.relative(dir, file)),
    bytes: files.reduce((sum, file) => sum + statSync(file).size, 0),
    zipBytes: statSync(zip).size,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Only what a function on Netlify sees: the site's variables, no shell or test runner state. */
function functionEnv(vars) {
  const keep = ["PATH", "HOME", "TMPDIR", "TZ", "LANG"];
  return {
    ...Object.fromEntries(keep.filter((key) => process.env[key]).map((k) => [k, process.env[k]])),
    ...vars,
  };
}

/**
 * Starts the unpacked function (in its own Node process, its folder as the
 * working directory, as on Lambda) behind a server that answers the publish
 * directory's files first. `env` is the site's environment variables;
 * `purgeApiToken` reaches the function the way Netlify hands it over.
 */
export async function startLocalDeploy({ functionDir, publishDir, headerRules, env = {} }) {
  const { NETLIFY_PURGE_API_TOKEN: purgeApiToken, ...siteEnv } = env;
  const options = JSON.stringify({ publishDir, headerRules, purgeApiToken });
  const child = spawn(process.execPath, [host, options], {
    cwd: functionDir,
    env: functionEnv(siteEnv),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs = [];
  let ready;
  const started = new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        if (!ready && line.startsWith('{"ready"')) {
          ready = JSON.parse(line);
          resolve(ready);
        } else logs.push(line);
      }
    });
    child.stderr.on("data", (chunk) => logs.push(...chunk.toString().split("\n").filter(Boolean)));
    child.once("exit", (code) =>
      reject(new Error(`The function host exited with ${code}:\n${logs.join("\n")}`)),
    );
  });
  const { ready: url, importMs } = await started;
  return {
    url,
    importMs,
    pid: child.pid,
    logs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
