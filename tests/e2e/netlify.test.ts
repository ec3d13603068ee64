import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSpotify, type FakeSpotify } from "../support/fake-spotify";

const root = path.resolve(import.meta.dirname, "../..");
const BUILD_DIR = ".cache/build-netlify";
const SECRET = "netlify-test-webhook-secret";

type Handler = (request: Request, context: object) => Promise<Response>;

/**
 * The site as Netlify runs it: built with the adapter's Vite plugin, the
 * generated function imported and called with Requests.
 */
describe("the Netlify function built by @netlify/remix-adapter", () => {
  let handler: Handler;
  let purgeApi: Server;
  let spotify: FakeSpotify;
  const purges: { tags: string[]; auth: string | undefined }[] = [];

  beforeAll(async () => {
    const build = spawnSync("npx", ["remix", "vite:build"], {
      cwd: root,
      env: { ...process.env, NETLIFY: "true", BUILD_DIR },
      encoding: "utf8",
    });
    expect(build.status, build.stderr).toBe(0);

    purgeApi = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        purges.push({ tags: JSON.parse(body).cache_tags, auth: req.headers.authorization });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => purgeApi.listen(0, "127.0.0.1", resolve));
    spotify = await startFakeSpotify();
    Object.assign(process.env, {
      ...spotify.env,
      NODE_ENV: "production",
      SANITY_WEBHOOK_SECRET: SECRET,
      SITE_ID: "test-site",
      NETLIFY_PURGE_API_TOKEN: "test-purge-token",
      NETLIFY_API_URL: `http://127.0.0.1:${(purgeApi.address() as AddressInfo).port}`,
    });
    const fn = path.join(root, ".netlify/functions-internal/remix-server.mjs");
    const mod = (await import(pathToFileURL(fn).href)) as {
      default: Handler;
      config: { path: string };
    };
    expect(mod.config.path).toBe("/*");
    handler = mod.default;
  }, 120_000);

  afterAll(async () => {
    await spotify?.close();
    await new Promise<void>((resolve) => purgeApi?.close(() => resolve()));
  });

  const call = (pathname: string, init?: RequestInit) =>
    handler(new Request(`https://site.example${pathname}`, init), {});

  it("renders a page with browser and CDN cache headers and tags", async () => {
    const response = await call("/work");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(
      /^public, durable, s-maxage=\d+/,
    );
    expect(response.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["general", "workPage", "project"]),
    );
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=/);
  });

  it("answers the page's data request with the same policy", async () => {
    const response = await call("/work.data?_routes=routes%2Fwork._index");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["workPage", "project"]),
    );
  });

  it("answers an unknown path with a briefly cached 404", async () => {
    const response = await call("/no/such/page");
    expect(response.status).toBe(404);
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(/s-maxage=60\b/);
  });

  it("takes the revalidation webhook and purges the CDN by tag", async () => {
    const body = JSON.stringify({ _id: "legalPage", _type: "legalPage" });
    const response = await call("/api/revalidate", {
      method: "POST",
      headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET) },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ tags: ["legalPage"], cdn: true });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(purges).toEqual([{ tags: ["legalPage"], auth: "Bearer test-purge-token" }]);
  });

  it("answers the music widget's route from the server, shared by the CDN", async () => {
    const response = await call("/api/now-playing");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(
      /^public, durable, s-maxage=\d+/,
    );
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ state: "track", title: spotify.track.title });
    for (const token of spotify.issuedTokens) expect(body).not.toContain(token);
    expect(body).not.toContain(spotify.credentials.clientSecret);
  });
});
