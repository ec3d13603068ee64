import { stripVTControlCharacters } from "node:util";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import sharp from "sharp";
import { expect, test } from "./support/test";
import { netlifyBuild, root } from "../../scripts/netlify-build.mjs";
import {
  FUNCTION_NAME,
  functionsDir,
  functionZip,
  resolveNetlifyConfig,
  startLocalDeploy,
  unpackFunction,
} from "../../scripts/netlify-deploy.mjs";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { startFakeSpotify, type FakeSpotify } from "../support/fake-spotify";
import { recordViolations } from "./support/csp-violations";
import { startNetlifyLikeCdn } from "./support/netlify-cdn";
import { rawRequest } from "./support/raw-connection";

const SECRET = "netlify-test-webhook-secret";

type Unpacked = Awaited<ReturnType<typeof unpackFunction>>;
type Deploy = Awaited<ReturnType<typeof startLocalDeploy>>;
type HeaderRule = { for: string; values: Record<string, string> };

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** A GET with a Host of the caller's choosing (fetch will not send one). */
const rawGet = (base: string, pathname: string, host: string) =>
  rawRequest(base, pathname, { headers: { Host: host } });

/** Every file under a folder, as site paths ("/assets/x.js"). */
function sitePaths(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sitePaths(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : [`${prefix}/${entry.name}`],
  );
}

/**
 * The deploy as Netlify's own tooling makes it: `netlify-build --offline` with
 * Netlify's pinned build on this checkout, on a machine with no Netlify login, no
 * linked site and no Netlify variable exported. Then the function Netlify
 * would upload, unpacked from its zip, answers requests through Netlify's
 * bootstrap, behind the publish directory and netlify.toml's header rules.
 */
test.describe("the deploy `netlify-build --offline` makes", () => {
  let build: { status: number | null; output: string };
  let unpacked: Unpacked;
  let publishDir: string;
  let headerRules: HeaderRule[];
  let nodeVersion: string;
  let deploy: Deploy;
  let purgeApi: Server;
  let spotify: FakeSpotify;
  const purges: { tags: string[]; auth: string | undefined; site: string }[] = [];

  test.beforeAll(async () => {
    test.setTimeout(20 * 60_000);
    // Nothing left from an earlier build can pass for this one's output.
    for (const dir of [
      "functions",
      "v1",
      "build",
      // What builds before the move to React Router 8 left.
      "functions-internal",
      "edge-functions-dist",
    ]) {
      rmSync(path.join(root, ".netlify", dir), { recursive: true, force: true });
    }
    // Plain text whether or not the runner asks for colours (FORCE_COLOR in CI).
    const { status, output } = await netlifyBuild();
    build = { status, output: stripVTControlCharacters(output) };
    expect(build.status, build.output).toBe(0);

    const config = await resolveNetlifyConfig();
    publishDir = config.build.publish;
    headerRules = config.headers;
    nodeVersion = String(config.build.environment?.NODE_VERSION ?? "");
    unpacked = await unpackFunction();

    purgeApi = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const { cache_tags: tags, site_id: site } = JSON.parse(body);
        purges.push({ tags, site, auth: req.headers.authorization });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => purgeApi.listen(0, "127.0.0.1", resolve));
    spotify = await startFakeSpotify();
    deploy = await startLocalDeploy({
      functionDir: unpacked.dir,
      publishDir,
      headerRules,
      // The site's variables, as set in Netlify's UI; Netlify adds SITE_ID and the purge token.
      env: {
        ...spotify.env,
        // A fresh instance reads the bundled dataset (a sharp pass per image) on its first
        // request: a slow or loaded machine must not turn that into a 503 here.
        // `npm run bench:netlify` measures it with the default timeout.
        CONTENT_TIMEOUT_MS: "120000",
        SANITY_WEBHOOK_SECRET: SECRET,
        SITE_ID: "test-site",
        NETLIFY_PURGE_API_TOKEN: "test-purge-token",
        NETLIFY_API_URL: `http://127.0.0.1:${(purgeApi.address() as AddressInfo).port}`,
      },
    });
  });

  test.afterAll(async () => {
    await deploy?.stop();
    unpacked?.remove();
    await spotify?.close();
    await new Promise<void>((resolve) => (purgeApi ? purgeApi.close(() => resolve()) : resolve()));
  });

  const get = (pathname: string, init?: RequestInit) => fetch(deploy.url + pathname, init);

  test("bundles no edge function: the CDN replays the function's pages as they were rendered", () => {
    expect(build.output).not.toMatch(/Packaging Edge Functions/);
    expect(existsSync(path.join(root, ".netlify/edge-functions-dist/manifest.json"))).toBe(false);
  });

  test("packages the server function with no Netlify variable exported", () => {
    expect(build.output).toMatch(/Packaging Functions generated by your framework/);
    expect(existsSync(functionZip)).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(functionsDir, "manifest.json"), "utf8"));
    const fn = manifest.functions.find((entry: { name: string }) => entry.name === FUNCTION_NAME);
    expect(fn.routes).toEqual([expect.objectContaining({ pattern: "/*", prefer_static: true })]);
    // The function runs on the Node major netlify.toml pins for the build.
    expect(nodeVersion, "netlify.toml's [build.environment] NODE_VERSION").toMatch(/^\d+/);
    expect(fn.runtimeVersion).toBe(`nodejs${nodeVersion.split(".")[0]}.x`);
    // The bundled dataset and sharp (with its native build for this platform) are in the zip.
    const platform = `${process.platform}-${process.arch}`;
    expect(unpacked.files).toEqual(
      expect.arrayContaining([
        "___netlify-entry-point.mjs",
        "dataset/data.ndjson",
        "node_modules/sharp/package.json",
        expect.stringMatching(new RegExp(`^node_modules/@img/sharp-${platform}/lib/.+\\.node$`)),
      ]),
    );
  });

  test("leaves out the libraries only the browser runs: the editors' overlay and video playback", () => {
    // Behind dynamic imports the server never reaches (docs/performance.md, "The Netlify function").
    const browserOnly = unpacked.files.filter((file: string) =>
      /^node_modules\/(@sanity\/visual-editing|motion-dom|framer-motion|@sanity\/ui|hls\.js)\//.test(
        file,
      ),
    );
    expect(browserOnly).toEqual([]);
  });

  test("publishes the browser build without the Node server's precompressed copies", () => {
    const files = sitePaths(publishDir);
    expect(files.some((file) => /^\/assets\/.+\.js$/.test(file))).toBe(true);
    expect(files.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
  });

  test("serves the home page from the function, its scripts and styles from the publish directory", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(response.headers.get("X-Served-By")).toBeNull();
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(
      /^public, durable, s-maxage=/,
    );
    const html = await response.text();
    // Styles and fonts are linked; scripts are preloaded and imported by the module script.
    const assets = [...html.matchAll(/(?:src=|href=|import\()"(\/assets\/[^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    expect(html).toContain('<link rel="modulepreload" href="/assets/');
    const assetRule = headerRules.find((rule) => rule.for === "/assets/*")!;
    for (const asset of new Set(assets)) {
      const file = await get(asset);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get("X-Served-By"), asset).toBe("publish-directory");
      expect(file.headers.get("Cache-Control"), asset).toBe(assetRule.values["Cache-Control"]);
      expect(file.headers.get("X-Content-Type-Options"), asset).toBe("nosniff");
    }
  });

  test("serves a project page", async () => {
    const [project] = await ask<{ title: string; slug: string }[]>(
      BUNDLED_DATASET,
      `*[_type == "project" && defined(slug.current) && hidden != true] | order(slug.current)[0...1]{ title, "slug": slug.current }`,
    );
    const response = await get(`/work/${project!.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Netlify-Cache-Tag")?.split(",")).toContain("project");
    expect(await response.text()).toContain(`>${escapeHtml(project!.title)}</h1>`);
  });

  test("answers the page's data request with the same cache policy", async () => {
    const response = await get("/work.data?_routes=routes%2Fwork._index");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(
      /^public, max-age=0, must-revalidate, s-maxage=\d+$/,
    );
    expect(response.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["workPage", "project"]),
    );
  });

  test("serves the page's images from the publish directory, made at build time, immutable", async () => {
    const html = await (await get("/work")).text();
    const files = [...html.matchAll(/(?:src|srcSet)="([^"]+)"/g)]
      .flatMap((match) => match[1]!.split(", ").map((entry) => entry.split(" ")[0]!))
      .filter((url) => url.startsWith("/media/images/"));
    expect(files.length).toBeGreaterThan(10);
    const rule = headerRules.find((candidate) => candidate.for === "/media/images/*")!;
    for (const file of new Set(files)) {
      const response = await get(file, { method: "HEAD" });
      expect(response.status, file).toBe(200);
      expect(response.headers.get("X-Served-By"), file).toBe("publish-directory");
      expect(response.headers.get("Cache-Control"), file).toBe(rule.values["Cache-Control"]);
    }
  });

  test("makes no image on request: the old transform URLs and other cuts are a plain 404 from the function", async () => {
    const photo = (
      await ask<{ url: string; width: number; height: number }[]>(
        BUNDLED_DATASET,
        `*[_type == "sanity.imageAsset" && extension == "jpg"]{ url, "width": metadata.dimensions.width, "height": metadata.dimensions.height }`,
      )
    )[0]!;
    const [id] = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
    const cut = photo.url.replace("/local/bundled/", "/").replace(/\.\w+$/, "");
    for (const url of [
      `${photo.url}?rect=3,7,${photo.width - 10},${photo.height - 10}&w=2400`,
      `${cut}/3,7,${photo.width - 10},${photo.height - 10}/2400x1347.webp`,
      `/media/videos/${id}.webp?w=400&h=497&fit=crop`,
      `/media/videos/${id}/400x497.webp`,
      "/media/nope-x",
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("Content-Type"), url).toMatch(/^text\/plain/);
      expect(await response.text(), url).not.toContain("<html");
    }
  });

  test("answers every other spelling of a page with a 308 no cache keeps, and no resource's .data twin (issue 46)", async () => {
    const [slug] = await ask<string[]>(
      BUNDLED_DATASET,
      `*[_type == "project" && defined(slug.current) && hidden != true] | order(slug.current)[0...1].slug.current`,
    );
    const last = slug!.charCodeAt(slug!.length - 1).toString(16);
    for (const [spelling, location] of [
      ["/%77ork", "/work"],
      ["/%57ORK", "/work"],
      ["/%63ulture?x=1", "/culture?x=1"],
      [`/work/${slug!.slice(0, -1)}%${last}`, `/work/${slug}`],
    ]) {
      const response = await get(spelling!, { redirect: "manual" });
      expect(response.status, spelling).toBe(308);
      expect(response.headers.get("Location"), spelling).toBe(location);
      expect(response.headers.get("Netlify-CDN-Cache-Control"), spelling).toBeNull();
    }
    const data = await get("/wor%6b.data", { redirect: "manual" });
    expect(data.status).not.toBe(200);
    expect(data.headers.get("Netlify-CDN-Cache-Control")).toBeNull();

    const [id] = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
    for (const twin of ["/api/now-playing.data", `/media/videos/${id}.webp.data?w=400`]) {
      const response = await get(twin);
      expect(response.status, twin).toBe(404);
      expect(response.headers.get("Cache-Control"), twin).toBe("private, no-store");
      expect(response.headers.get("Netlify-CDN-Cache-Control"), twin).toBeNull();
    }
  });

  test("answers an unknown path with a briefly cached 404", async () => {
    const response = await get("/no/such/page");
    expect(response.status).toBe(404);
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(/s-maxage=60\b/);
    expect(await response.text()).toMatch(/<html/);
  });

  test("answers an editor's redirect from the function, before routing, cached by the CDN", async () => {
    // The bundled dataset renames /work/nota (tests/e2e/redirects.test.ts has every kind).
    const response = await get("/work/nota", { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("Location")).toBe("/work/nota-money-app");
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(
      /^public, durable, s-maxage=/,
    );
    expect(response.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["site", "redirect"]),
    );
    // With a query string (kept in the Location), no CDN entry per query.
    const queried = await get("/work/nota?ref=a", { redirect: "manual" });
    expect(queried.headers.get("Location")).toBe("/work/nota-money-app?ref=a");
    expect(queried.headers.get("Netlify-CDN-Cache-Control")).toBeNull();
    const followed = await get("/work/nota");
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).pathname).toBe("/work/nota-money-app");
  });

  test("serves the bundled videos, their frames and posters from the publish directory", async () => {
    const [id] = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
    const stored = readFileSync(path.join(BUNDLED_DATASET, "videos", `${id}.jpg`));
    // Static files read no query: the stored frame, whatever is asked.
    for (const file of [`${id}.mp4`, `${id}.jpg`, `${id}.jpg?w=8192&h=8191&fit=fill`]) {
      const response = await get(`/media/videos/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("X-Served-By"), file).toBe("publish-directory");
      const bytes = Buffer.from(await response.arrayBuffer());
      if (file.includes(".jpg")) expect(bytes.equals(stored), file).toBe(true);
    }
    const videoFiles = unpacked.files.filter((file: string) => file.startsWith("dataset/videos/"));
    expect(videoFiles, "the function reads neither the videos nor their frames").toEqual([]);
    const poster = await get(`/media/videos/${id}/640.webp`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("X-Served-By")).toBe("publish-directory");
    expect(poster.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).width).toBe(640);
  });

  test("names the site's URL, never a forged Host, when general.siteUrl is unset", async () => {
    const site = await copyDataset(BUNDLED_DATASET);
    await site.edit("general", ({ siteUrl: _unset, ...general }) => general);
    // Netlify sets URL, the site's address, for every function.
    const forged = await startLocalDeploy({
      functionDir: unpacked.dir,
      publishDir,
      headerRules,
      env: { CONTENT_DIR: site.dir, CONTENT_TIMEOUT_MS: "120000", URL: "https://site.example" },
    });
    try {
      for (const pathname of ["/work", "/robots.txt", "/sitemap.xml"]) {
        const response = await rawGet(forged.url, pathname, "evil.test");
        expect(response.status, pathname).toBe(200);
        expect(response.body, pathname).not.toContain("evil.test");
        expect(response.body, pathname).toContain("https://site.example/");
        expect(response.headers["netlify-cdn-cache-control"], pathname).toMatch(/^public/);
      }
    } finally {
      await forged.stop();
    }
  });

  test("takes the signed revalidation webhook and purges the CDN by tag", async () => {
    const body = JSON.stringify({ _id: "legalPage", _type: "legalPage" });
    const unsigned = await get("/api/revalidate", { method: "POST", body });
    expect(unsigned.status).toBe(401);
    const signed = {
      method: "POST",
      headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET) },
      body,
    };
    const response = await get("/api/revalidate", signed);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ tags: ["legalPage"], cdn: true });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // The same delivery again, as a captured copy: the warm instance refuses it (issue 35).
    expect((await get("/api/revalidate", signed)).status).toBe(409);
    expect(purges).toEqual([
      { tags: ["legalPage"], site: "test-site", auth: "Bearer test-purge-token" },
    ]);
  });

  test("never redirects a preview link to another host (issue 35)", async () => {
    for (const slug of ["/.//evil.test", "/%2e//evil.test", "/a/..//evil.test"]) {
      const response = await get(`/api/exit-preview?slug=${encodeURIComponent(slug)}`, {
        redirect: "manual",
      });
      expect(response.status, slug).toBe(302);
      expect(response.headers.get("Location"), slug).toBe("/");
    }
  });

  test("answers the music widget's route from the server, shared by the CDN", async () => {
    const response = await get("/api/now-playing");
    expect(response.status).toBe(200);
    expect(response.headers.get("Netlify-CDN-Cache-Control")).toMatch(
      /^public, durable, s-maxage=\d+/,
    );
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ state: "track", title: spotify.track.title });
    for (const token of spotify.issuedTokens) expect(body).not.toContain(token);
    expect(body).not.toContain(spotify.credentials.clientSecret);
  });

  test("runs a page the CDN replays from the function's answer, with nothing blocked in Chromium", async ({
    browser,
  }) => {
    const cdn = await startNetlifyLikeCdn(deploy.url);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const policies: string[] = [];
      for (const visit of ["rendered", "kept"]) {
        const page = await context.newPage();
        const violations = await recordViolations(page);
        const response = await page.goto(`${cdn.url}/work`);
        expect(response?.headers()["x-cdn"]).toBe(visit === "kept" ? "kept" : "pass");
        expect(response?.headers()["netlify-cdn-cache-control"]).toMatch(/^public/);
        policies.push(response?.headers()["content-security-policy"] ?? "");
        await expect(page.locator("html"), `the ${visit} page hydrates`).toHaveAttribute(
          "data-hydrated",
          "true",
        );
        expect(await violations(), `no policy violation on the ${visit} page`).toEqual([]);
        await page.close();
      }
      expect(policies[1], "the kept copy carries the policy it was rendered with").toBe(
        policies[0],
      );
    } finally {
      await context.close();
      await cdn.close();
    }
  });
});
