import { connect } from "node:net";
import { expect, test } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { waitUntilReady } from "./support/ready";
import { rawRequest, type RawAnswer } from "./support/raw-connection";
import { startServer, type RunningServer } from "./support/server";

/**
 * What a penetration test of the Node server found (issue 35, docs/security.md "Bad clients",
 * docs/caching.md): a forged Host must never reach anything a cache keeps, only a valid preview
 * cookie skips a cache, answers that read no query ignore it, another spelling of a path is
 * redirected, and an absolute-form request target is answered. HTTP only: no browser.
 */
type Answer = RawAnswer;
/** A raw request: fetch will not send a Host of the caller's choosing. */
const raw = (baseUrl: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(baseUrl, path, { headers });

/** What the site names as its address, and whether a shared cache may keep the answer. */
async function addresses(baseUrl: string, host: string) {
  const page = await raw(baseUrl, "/work", { Host: host });
  const robots = await raw(baseUrl, "/robots.txt", { Host: host });
  const sitemap = await raw(baseUrl, "/sitemap.xml", { Host: host });
  return { page, robots, sitemap, all: [page, robots, sitemap] };
}

const kept = (answer: Answer) => answer.headers["netlify-cdn-cache-control"] !== undefined;

test.describe("a forged Host when general.siteUrl is unset", () => {
  let dataset: Awaited<ReturnType<typeof copyDataset>>;
  let unconfigured: RunningServer;
  let configured: RunningServer;

  test.beforeAll(async () => {
    dataset = await copyDataset(BUNDLED_DATASET);
    await dataset.edit("general", ({ siteUrl: _unset, ...general }) => general);
    [unconfigured, configured] = await Promise.all([
      startServer({ CONTENT_DIR: dataset.dir }),
      startServer({ CONTENT_DIR: dataset.dir, PUBLIC_URL: "https://site.example" }),
    ]);
    await Promise.all([waitUntilReady(unconfigured.url), waitUntilReady(configured.url)]);
  });
  test.afterAll(async () => {
    await Promise.all([unconfigured?.stop(), configured?.stop()]);
  });

  test("names PUBLIC_URL everywhere, never the Host, and stays cacheable", async () => {
    const { page, robots, all } = await addresses(configured.url, "evil.test");
    for (const answer of all) {
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain("evil.test");
      expect(kept(answer), "kept by the CDN").toBe(true);
    }
    expect(page.body).toContain('<link rel="canonical" href="https://site.example/work"');
    expect(page.body).toMatch(/<meta property="og:url" content="https:\/\/site\.example\/work"/);
    expect(robots.body).toContain("Sitemap: https://site.example/sitemap.xml");
  });

  test("with no address configured, answers with the request's own, kept by no cache", async () => {
    const { robots, all } = await addresses(unconfigured.url, "evil.test");
    expect(robots.body).toContain("Sitemap: http://evil.test/sitemap.xml");
    for (const answer of all) {
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(kept(answer), "kept by the CDN").toBe(false);
    }
    // A client's no-cache changes nothing of that.
    const again = await raw(unconfigured.url, "/work", { "Cache-Control": "no-cache" });
    expect(again.headers["cache-control"]).toBe("private, no-store");
  });
});

test("keeps no answer to an invented preview cookie, and ignores a client's no-cache", async ({
  baseUrl,
}) => {
  for (const path of ["/", "/work", "/robots.txt"]) {
    const cookie = await raw(baseUrl, path, { Cookie: `__preview=${Math.random()}` });
    expect(cookie.status, path).toBe(200);
    expect(cookie.headers["cache-control"], path).toBe("private, no-store");
    expect(kept(cookie), `${path}: each made-up cookie is no CDN entry`).toBe(false);
    const reload = await raw(baseUrl, path, { "Cache-Control": "no-cache" });
    expect(kept(reload), `${path}: a reload is kept like any visit`).toBe(true);
  }
});

test("answers another spelling of a path with a 308 to the path", async ({ baseUrl }) => {
  const project = await ask<string>(
    BUNDLED_DATASET,
    `*[_type == "project" && hidden != true && defined(slug.current) && !(_id in path("drafts.**"))][0].slug.current`,
  );
  for (const [path, location] of <[string, string][]>[
    ["/WoRk", "/work"],
    ["/work//", "/work"],
    ["/work/", "/work"],
    ["//work", "/work"],
    ["/CULTURE?x=1", "/culture?x=1"],
    [`/Work//${project}/`, `/work/${project}`],
  ]) {
    const answer = await raw(baseUrl, path);
    expect(answer.status, path).toBe(308);
    expect(answer.headers.location, path).toBe(location);
    expect(kept(answer), `${path}: no shared cache keeps a spelling`).toBe(false);
  }
});

/** The last character of `text` percent-encoded, in the case given. */
const encodeLast = (text: string, upper = false) => {
  const hex = text.charCodeAt(text.length - 1).toString(16);
  return `${text.slice(0, -1)}%${upper ? hex.toUpperCase() : hex}`;
};

test("answers a percent-encoded or dot-segment spelling with one 308 to the decoded path (issue 46)", async ({
  baseUrl,
}) => {
  const project = await ask<string>(
    BUNDLED_DATASET,
    `*[_type == "project" && hidden != true && defined(slug.current) && !(_id in path("drafts.**"))][0].slug.current`,
  );
  for (const [path, location] of <[string, string][]>[
    ["/%77ork", "/work"],
    ["/%57ORK", "/work"],
    ["/%63ulture", "/culture"],
    ["/wor%6B?x=1", "/work?x=1"],
    [`/work/${encodeLast(project)}`, `/work/${project}`],
    [`/%77ork/${encodeLast(project, true)}/`, `/work/${project}`],
    ["/work/%2e%2e/culture", "/culture"],
    ["/x/../work", "/work"],
    ["/x/.%2E/%63ulture", "/culture"],
    // A path that resolves to `//host` is never sent on as one.
    ["/%2e%2e/%2E%2E//evil.test", "/evil.test"],
    ["/\\evil.test", "/evil.test"],
    // Escapes that stay escapes, in one case.
    ["/work%2f", "/work%2F"],
  ]) {
    const answer = await raw(baseUrl, path);
    expect(answer.status, path).toBe(308);
    expect(answer.headers.location, path).toBe(location);
    expect(kept(answer), `${path}: no shared cache keeps a spelling`).toBe(false);
    const next = await raw(baseUrl, location);
    expect(next.status, `${path}: one hop`).not.toBe(308);
  }
  // A data request's spelling: React Router's redirect for the client router, kept by no cache.
  for (const path of ["/wor%6b.data", "/%63ulture.data?_routes=root", "/.data", "/work/_.data"]) {
    const answer = await raw(baseUrl, path);
    expect(answer.status, path).not.toBe(200);
    expect(kept(answer), `${path}: no shared cache keeps a spelling`).toBe(false);
  }
  // An encoded slash is part of its segment: no page has it.
  for (const path of ["/work%2Fx", `/work%2F${project}`]) {
    expect((await raw(baseUrl, path)).status, path).toBe(404);
  }
  // The page itself names its one spelling.
  const page = await raw(baseUrl, "/work");
  expect(page.body).toMatch(/<link rel="canonical" href="[^"]*\/work"/);
});

test("answers a resource route's .data twin with a plain 404 that runs no loader (issue 46)", async ({
  baseUrl,
}) => {
  const [id] = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
  for (const path of [
    "/api/now-playing.data",
    "/API/now-playing.data",
    "/%61pi/now-playing.data",
    "/api/now-playing.data?_routes=routes/api.now-playing",
    "/robots.txt.data",
    "/sitemap.xml.data",
    "/studio.data",
    "/studio/x.data",
    "/api/preview.data?slug=/work",
    "/api/exit-preview.data",
  ]) {
    const answer = await raw(baseUrl, path);
    expect(answer.status, path).toBe(404);
    expect(answer.headers["cache-control"], path).toBe("private, no-store");
    expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
    expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
    expect(answer.body, path).toBe("Not found");
  }
  // Under /media/ only files answer (server/app.ts): a twin there is a file that is not there.
  const poster = await raw(baseUrl, `/media/videos/${id}.webp.data?w=400`);
  expect(poster.status).toBe(404);
  expect(poster.headers["content-type"]).toMatch(/^text\/plain/);
  expect(poster.headers["cache-control"]).toBe("private, no-store");
  // The resources themselves, and a page's data, are as they were.
  expect((await raw(baseUrl, "/api/now-playing")).status).toBe(200);
  expect((await raw(baseUrl, "/work.data")).status).toBe(200);
});

test("lets the CDN key answers that read no query on their path alone", async ({ baseUrl }) => {
  for (const path of ["/robots.txt", "/sitemap.xml", "/api/now-playing"]) {
    const answer = await fetch(`${baseUrl}${path}?${Math.random().toString(36).slice(2)}=1`);
    expect(answer.status, path).toBe(200);
    // The CDN's key takes only the parameters named, none of which these answers are sent.
    expect(answer.headers.get("Netlify-Vary"), path).toMatch(/^query=[\w|]+(,|$)/);
  }
});

test("answers an absolute-form request target by its path, never with a 500", async ({
  baseUrl,
}) => {
  const { port } = new URL(baseUrl);
  const send = (target: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write(
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => (answer += chunk));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  const page = await send("http://evil.test/work");
  expect(page).toMatch(/^HTTP\/1\.1 200 /);
  expect(page).not.toContain("evil.test");
  expect(await send("mailto:x@evil.test")).toMatch(/^HTTP\/1\.1 400 /);
});
