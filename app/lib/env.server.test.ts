import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("uses the bundled dataset when no Sanity variable is set", () => {
    const env = parseEnv({}, "/repo");
    expect(env.content).toEqual({ kind: "bundled", dir: "/repo/dataset" });
  });

  it("resolves CONTENT_DIR against the working directory", () => {
    const env = parseEnv({ CONTENT_DIR: "other/data" }, "/repo");
    expect(env.content).toEqual({ kind: "bundled", dir: "/repo/other/data" });
  });

  it("reads a Sanity project from three variables", () => {
    const env = parseEnv({
      SANITY_PROJECT_ID: "abc123",
      SANITY_DATASET: "production",
      SANITY_READ_TOKEN: "sk-secret",
    });
    expect(env.content).toMatchObject({
      kind: "sanity",
      sanity: { projectId: "abc123", dataset: "production", token: "sk-secret", useCdn: true },
    });
  });

  it.each([
    [{ SANITY_PROJECT_ID: "abc123" }, /SANITY_DATASET/],
    [{ SANITY_DATASET: "production" }, /SANITY_PROJECT_ID/],
    [{ SANITY_PROJECT_ID: "ABC!", SANITY_DATASET: "production" }, /SANITY_PROJECT_ID/],
    [
      { SANITY_PROJECT_ID: "abc", SANITY_DATASET: "prod", SANITY_USE_CDN: "maybe" },
      /SANITY_USE_CDN/,
    ],
    [
      { SANITY_PROJECT_ID: "abc", SANITY_DATASET: "prod", SANITY_API_VERSION: "yesterday" },
      /SANITY_API_VERSION/,
    ],
    [{ CONTENT_TIMEOUT_MS: "-4" }, /CONTENT_TIMEOUT_MS/],
  ])("stops on a half-set or invalid configuration %o", (vars, message) => {
    expect(() => parseEnv(vars)).toThrow(EnvError);
    expect(() => parseEnv(vars)).toThrow(message);
  });
});
