import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, variables } from "./env.server";

describe("parseEnv", () => {
  it("uses the bundled dataset when no Sanity variable is set", () => {
    const env = parseEnv({}, "/repo");
    expect(env.content).toEqual({ kind: "bundled", dir: "/repo/dataset" });
  });

  it("listens where PORT and HOST say, by default on every address at port 3000", () => {
    expect(parseEnv({}).listen).toEqual({ port: 3000, host: "0.0.0.0" });
    expect(parseEnv({ PORT: "8080", HOST: "::1" }).listen).toEqual({ port: 8080, host: "::1" });
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
    [{ PORT: "abc" }, /^PORT must be a port number from 1 to 65535, got "abc"\.$/],
    [{ PORT: "70000" }, /^PORT must be a port number/],
    [{ HOST: "local host" }, /^HOST must be an address to listen on/],
  ])("stops on a half-set or invalid configuration %o", (vars, message) => {
    expect(() => parseEnv(vars)).toThrow(EnvError);
    expect(() => parseEnv(vars)).toThrow(message);
  });

  it("lets only the project's own Studios frame the site (issue 35)", () => {
    expect(parseEnv({}).studioOrigins).toEqual([]);
    expect(parseEnv({ SANITY_STUDIO_URL: "/studio" }).studioOrigins).toEqual([]);
    expect(
      parseEnv({
        SANITY_STUDIO_URL: "https://agency.sanity.studio/studio",
        SANITY_STUDIO_ORIGINS: "https://www.sanity.io, http://localhost:3333/",
      }).studioOrigins,
    ).toEqual(["https://agency.sanity.studio", "https://www.sanity.io", "http://localhost:3333"]);
  });

  it.each([
    "https://*.sanity.studio",
    "*",
    "https://agency.sanity.studio/studio",
    "http://agency.example",
    "agency.sanity.studio",
  ])("stops on SANITY_STUDIO_ORIGINS=%s, naming the variable", (value) => {
    expect(() => parseEnv({ SANITY_STUDIO_ORIGINS: value })).toThrow(/SANITY_STUDIO_ORIGINS/);
  });

  it("reads the music widget's Spotify account with the rest, all three credentials or none", () => {
    expect(parseEnv({}).spotify).toBeNull();
    expect(() => parseEnv({ SPOTIFY_CLIENT_ID: "id" })).toThrow(/SPOTIFY_CLIENT_SECRET/);
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

  it("names every wrong variable at once, so one restart finds them all", () => {
    const stop = () => parseEnv({ CONTENT_TIMEOUT_MS: "soon", TRUST_PROXY: "true", URL: "x" });
    expect(stop).toThrow(/CONTENT_TIMEOUT_MS.*\n.*TRUST_PROXY.*\n.*URL/);
  });

  it("reads the keep-alive timeout and Netlify's deploy context", () => {
    expect(parseEnv({}).keepAliveTimeoutMs).toBe(5_000);
    expect(parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "65000" }).keepAliveTimeoutMs).toBe(65_000);
    expect(() => parseEnv({ KEEP_ALIVE_TIMEOUT_MS: "soon" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(parseEnv({ CONTEXT: "deploy-preview" }).deployContext).toBe("deploy-preview");
  });
});

describe("the README's environment table", () => {
  it("names every variable the site, its server and its Studio read", async () => {
    const { readFile, readdir } = await import("node:fs/promises");
    const root = new URL("../../", import.meta.url);
    const sources = (
      await Promise.all(
        ["app", "server", "netlify", "studio/src"].map(async (dir) =>
          (await readdir(new URL(dir, root), { recursive: true }))
            // netlify/cli/ holds the pinned CLI's node_modules once installed: not the site's code.
            .filter(
              (file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.test\.|node_modules/.test(file),
            )
            .map((file) => `${dir}/${file}`),
        ),
      )
    ).flat();
    sources.push("studio/sanity.cli.ts", "studio/sanity.config.ts");
    // The app's schema, and what the server, the Studio and Netlify's code read directly.
    const read = new Set(Object.keys(variables));
    for (const file of sources) {
      const text = await readFile(new URL(file, root), "utf8").catch(() => "");
      for (const [, name] of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) read.add(name!);
    }
    const readme = await readFile(new URL("README.md", root), "utf8");
    const table = readme.slice(readme.indexOf("## Environment"), readme.indexOf("## Scripts"));
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
  });
});
