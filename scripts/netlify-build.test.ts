import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshMachineEnv, root } from "./netlify-build.mjs";

// `npm test` builds the deploy with Netlify's build alone (netlify/build); developers deploy with
// Netlify's CLI (netlify/cli), which runs the same library. docs/deploy.md says why.

type Lock = { packages: Record<string, { version?: string }> };
const lockedVersion = (dir: string, name: string) =>
  (JSON.parse(readFileSync(path.join(root, dir, "package-lock.json"), "utf8")) as Lock).packages[
    `node_modules/${name}`
  ]?.version;

describe("Netlify's build for the tests", () => {
  it("is the version Netlify's CLI runs", () => {
    const tested = lockedVersion("netlify/build", "@netlify/build");
    expect(tested).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lockedVersion("netlify/cli", "@netlify/build")).toBe(tested);
  });

  it("runs as on a fresh machine: no Netlify login, site or build variable", () => {
    const env = freshMachineEnv({
      PATH: "/usr/bin",
      HOME: "/h",
      NETLIFY_AUTH_TOKEN: "x",
      SITE_ID: "y",
      CONTEXT: "production",
      BUILD_DIR: "elsewhere",
    });
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/h" });
  });
});
