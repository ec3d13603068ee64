import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliDir, cliEnv, denoDir } from "./netlify-cli.mjs";

// Deno bundles the edge function. Every command `npm run netlify` runs must find the Deno pinned
// in netlify/cli first on PATH: otherwise the CLI takes whichever Deno the machine has, or
// downloads one, which an offline build cannot.

describe("the environment Netlify's CLI gets", () => {
  it("has the pinned Deno's directory first on PATH", () => {
    const env = cliEnv({ PATH: ["/usr/local/bin", "/usr/bin"].join(path.delimiter), HOME: "/h" });
    expect(denoDir).toBe(path.join(cliDir, "node_modules/.bin"));
    expect(env.PATH.split(path.delimiter)).toEqual([denoDir, "/usr/local/bin", "/usr/bin"]);
    expect(env).toMatchObject({ HOME: "/h" });
  });

  it("has it on PATH even when the caller had no PATH", () => {
    expect(cliEnv({}).PATH).toBe(denoDir);
  });

  it("is built on process.env by default", () => {
    expect(cliEnv()).toEqual({
      ...process.env,
      PATH: [denoDir, process.env.PATH].filter(Boolean).join(path.delimiter),
    });
  });
});
