import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inspect } from "node:util";
import { expect, test } from "./support/test";
import { startServer } from "./support/server";

/** Why the production server would not start with `env`, or undefined if it started. */
const startFailure = (env: Record<string, string>) =>
  startServer(env).then(
    async (server) => {
      await server.stop();
      return undefined;
    },
    (error: Error) => error,
  );

test.describe("start-up validation of the environment", () => {
  const cases: [Record<string, string>, string][] = [
    [{ SANITY_PROJECT_ID: "abc123" }, "SANITY_DATASET"],
    [{ SANITY_DATASET: "production" }, "SANITY_PROJECT_ID"],
    [{ CONTENT_TIMEOUT_MS: "soon" }, "CONTENT_TIMEOUT_MS"],
    [{ PORT: "http" }, "PORT"],
  ];
  for (const [env, variable] of cases) {
    test(`stops the server on ${inspect(env)} with a message naming ${variable}`, async () => {
      const failure = await startFailure(env);
      expect(failure?.message).toMatch(/Server exited with 1/);
      expect(failure?.message).toContain(variable);
      expect(failure?.message).toMatch(/Configuration error/);
    });
  }
});

test.describe("start-up on an older Node", () => {
  // Debian's Node where the machine has one older than package.json's engines (as these
  // machines do: the tests run on Node 24 from .ci/run). Elsewhere the running Node is made to
  // report an older version before the server starts (the check reads process.versions).
  const older = ["/usr/bin/node", "/usr/local/bin/node"].find((bin) => {
    const version = spawnSync(bin, ["-p", "process.versions.node"], { encoding: "utf8" });
    return version.status === 0 && Number(version.stdout.split(".")[0]) < 24;
  });
  const olderVersion = `data:text/javascript,${encodeURIComponent(
    'Object.defineProperty(process.versions, "node", { value: "20.20.2" });',
  )}`;
  const command = older
    ? [older, path.resolve("server/index.js")]
    : [process.execPath, "--import", olderVersion, path.resolve("server/index.js")];

  test("says which Node the server needs, and exits", async () => {
    const result = spawnSync(command[0]!, command.slice(1), {
      encoding: "utf8",
      env: { ...process.env, SKIP_ENV_FILE: "1", PORT: "0" },
      timeout: 20_000,
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/This server needs Node 24 or newer .*; this is Node \d+\./);
    expect(result.stderr).toContain("nvm use");
    expect(result.stderr).toContain(`npx -y -p node@24 -c "$SHELL"`);
  });
});

test.describe("start-up without a build it can start", () => {
  test("says to build first when there is no build", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "no-build-"));
    try {
      const error = await startFailure({ BUILD_DIR: dir });
      expect(error?.message).toMatch(/Server exited with 1/);
      expect(error?.message).toContain("No production build found. Run `npm run build` first.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // A build from before the server was built with the app (server/app.ts) exports React
  // Router's build, not startServer. A deploy that skipped the build step says so.
  for (const [label, index] of [["no server", "export const routes = {};\n"]] as const) {
    test(`says to build again when the build holds ${label}`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "old-build-"));
      try {
        mkdirSync(path.join(dir, "server"));
        writeFileSync(path.join(dir, "server/index.js"), index);
        const error = await startFailure({ BUILD_DIR: dir });
        expect(error?.message).toMatch(/Server exited with 1/);
        expect(error?.message).toContain(`${dir} holds no server this version can start`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
