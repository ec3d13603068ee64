import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * `npm run dev` with what it must refuse: it exits before Vite starts, with a
 * message that says what to do. A dev server that starts anyway is killed
 * when the test's time is up, and the test fails.
 */
function runDev(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(
    process.execPath,
    [...nodeArgs, "scripts/dev.mjs", "--port", "0", "--host", "127.0.0.1"],
    {
      cwd: root,
      env: { ...process.env, SKIP_ENV_FILE: "1", NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGTERM"), 15_000);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe("npm run dev (scripts/dev.mjs)", () => {
  it("stops on a half-set Sanity configuration, naming the variable to set", async () => {
    const { code, output } = await runDev({ SANITY_PROJECT_ID: "abc123", SANITY_DATASET: "" });
    expect(output).toContain("Configuration error: SANITY_PROJECT_ID is set but SANITY_DATASET");
    expect(output).not.toMatch(/VITE|Local:/);
    expect(code).toBe(1);
  });

  it("refuses a Node older than package.json's engines, saying what to install", async () => {
    const olderNode =
      'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"22.11.0"}})';
    const { code, output } = await runDev({}, ["--import", olderNode]);
    expect(output).toMatch(
      /needs Node \d+ or newer .*this is Node 22\.11\.0\. Run `nvm use`.*npx -y -p node@\d+/,
    );
    expect(code).toBe(1);
  });
});
