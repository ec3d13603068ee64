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

  it("trusts no proxy unless TRUST_PROXY names them", () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1, fd00::/8" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
  });

  it.each(["true", "*", "10.0.0.0/33", "proxy.example", "loopback,"])(
    "stops on TRUST_PROXY=%s, naming the variable",
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it("reads the keep-alive timeout and Netlify's deploy context", () => {
    expect(parseEnv({}).keepAliveTimeoutMs).toBe(5_000);
    expect(parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "65000" }).keepAliveTimeoutMs).toBe(65_000);
    expect(() => parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "soon" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(parseEnv({ CONTEXT: "deploy-preview" }).deployContext).toBe("deploy-preview");
  });
});
