import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import express from "express";
import type { Browser } from "./support/test";
import { expect, test } from "./support/test";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { HSTS } from "../../app/lib/security/policy";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { get, startNginx, type Answer, type RunningNginx } from "./support/nginx";
import { waitUntilReady } from "./support/ready";
import { sendWebhook } from "./support/webhook";
import { freePort, startServer, type RunningServer } from "./support/server";

const WEBHOOK_SECRET = "e2e-nginx-webhook-secret";
// Accept-Encoding as browsers and curl spell it: the same family (br), different strings.
const CHROME = "gzip, deflate, br, zstd";
const CURL = "deflate, gzip, br";
type Doc = Record<string, unknown> & { _id: string; _type: string };

function text({ headers, body }: Answer) {
  const encoding = headers["content-encoding"];
  const plain =
    encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
  return plain.toString("utf8");
}

/**
 * The shipped nginx configuration (deploy/nginx.conf, docs/deploy.md "A cache in front") in front
 * of the production server on Sanity (a local fake of its API), as an operator runs them: each
 * promise of docs/caching.md held behind it.
 */
test.describe("nginx in front of the Node server", () => {
  let fake: FakeSanity;
  let server: RunningServer;
  let nginx: RunningNginx;
  let browser: Browser;
  let project: Doc;
  let projectPath: string;

  /** The Node server as an operator starts it, behind nginx; waits until both answer. */
  async function startSite() {
    const ports = { http: await freePort(), https: await freePort() };
    const node = await startServer({
      ...fake.siteEnv,
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TRUST_PROXY: "loopback",
      PUBLIC_URL: `https://127.0.0.1:${ports.https}`,
      // The music widget's answer is shared this long: its expiry is watched below.
      SPOTIFY_CACHE_SECONDS: "2",
    });
    await waitUntilReady(node.url);
    return { node, proxy: await startNginx(new URL(node.url).host, { ports }) };
  }
  const siteOf =
    (proxy: RunningNginx) =>
    (path: string, headers: Record<string, string> = {}) =>
      get(proxy.https + path, {
        headers: { "Accept-Encoding": CHROME, ...headers },
        ca: proxy.cert,
      });
  const site = (path: string, headers: Record<string, string> = {}) => siteOf(nginx)(path, headers);
  const cacheStatus = async (path: string) => (await site(path)).headers["x-cache-status"];

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    fake = await startFakeSanity(BUNDLED_DATASET);
    ({ node: server, proxy: nginx } = await startSite());
    const { published } = await loadDataset(BUNDLED_DATASET);
    project = published.find(
      (doc) => doc._type === "project" && doc.hidden !== true && doc.slug,
    ) as Doc;
    projectPath = `/work/${(project.slug as { current: string }).current}`;
  });
  test.afterAll(async () => {
    await nginx?.stop();
    await server?.stop();
    await fake?.close();
  });

  test("takes the client's address, scheme and host from the connection, never from its headers", async () => {
    // The Node server trusts one proxy on loopback (TRUST_PROXY=loopback): what does it believe?
    const app = express();
    app.set("trust proxy", "loopback");
    app.use((req, res) => {
      res.set("Cache-Control", "private, no-store");
      res.json({ ip: req.ip, hostname: req.hostname, protocol: req.protocol });
    });
    const listener = app.listen(0, "127.0.0.1");
    await once(listener, "listening");
    const proxy = await startNginx(`127.0.0.1:${(listener.address() as AddressInfo).port}`);
    try {
      const answer = await get(`${proxy.https}/who`, {
        ca: proxy.cert,
        headers: {
          "X-Forwarded-For": "203.0.113.66",
          "X-Forwarded-Host": "evil.test",
          "X-Forwarded-Proto": "http",
          Forwarded: "for=203.0.113.66;host=evil.test;proto=http",
        },
      });
      expect(JSON.parse(text(answer))).toEqual({
        ip: "127.0.0.1",
        hostname: "127.0.0.1",
        protocol: "https",
      });
    } finally {
      await proxy.stop();
      listener.close();
    }
  });

  test("answers http only with a redirect to https, and https with HSTS", async () => {
    // To the site's own name (server_name), whatever Host the client sent.
    const plain = await get(`${nginx.http}/legal?from=mail`, { headers: { Host: "evil.test" } });
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe("https://localhost/legal?from=mail");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const secure = await site("/legal");
    expect(secure.status).toBe(200);
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    // Netlify's headers are for its CDN: nginx reads them and passes none on.
    expect(Object.keys(secure.headers).filter((name) => name.startsWith("netlify-"))).toEqual([]);
  });

  test("keeps a page no longer than the app's s-maxage", async () => {
    const first = await site("/legal");
    expect(first.headers["cache-control"]).toMatch(/\bs-maxage=\d+\b/);
    // EXPIRED: a copy was kept, and its lifetime ran out.
    await expect.poll(() => cacheStatus("/legal"), { timeout: 15_000 }).toBe("EXPIRED");
  });

  test("keeps the music widget's answer for its interval, not longer", async () => {
    const first = await site("/api/now-playing");
    const seconds = Number(/\bs-maxage=(\d+)\b/.exec(first.headers["cache-control"] ?? "")?.[1]);
    expect(seconds).toBeGreaterThan(0);
    await expect
      .poll(() => cacheStatus("/api/now-playing"), { timeout: (seconds + 10) * 1000 })
      .toBe("EXPIRED");
  });

  test("shows a publish within seconds; an open tab shows it live and never goes back", async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      const listening = fake.live.opened();
      await page.goto(nginx.https + projectPath);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect.poll(() => fake.live.opened()).toBe(listening + 1);
      // The tab's own data requests, before the publish: to /work and back.
      const workLink = page.locator('a[href="/work"]').first();
      const roundTrip = async () => {
        await workLink.click();
        await expect(page).toHaveURL(/\/work$/);
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
      };
      await roundTrip();

      const title = `Published behind nginx ${Date.now()}`;
      fake.publish({ ...project, title });
      const body = JSON.stringify({ _id: project._id, _type: project._type, slug: project.slug });
      // Sanity's webhook, through nginx like every request.
      const hook = await get(`${nginx.https}/api/revalidate`, {
        method: "POST",
        body,
        ca: nginx.cert,
        headers: {
          "Content-Type": "application/json",
          [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET),
        },
      });
      expect(hook.status, text(hook)).toBe(200);
      await expect(page.locator("h1")).toHaveText(title);
      // Its data requests after the publish: never a copy from before it.
      await roundTrip();
      await expect(page.locator("h1")).toHaveText(title);
      // A new visitor: within seconds, not when an hour's copy runs out; then the tab's reload.
      await expect
        .poll(async () => text(await site(projectPath)).includes(title), { timeout: 15_000 })
        .toBe(true);
      await page.reload();
      await expect(page.locator("h1")).toHaveText(title);
    } finally {
      await context.close();
    }
  });

  test("never looks up or keeps a preview", async () => {
    await site("/culture");
    const preview = await site("/culture", { Cookie: "theme=dark; __preview=invented" });
    expect(preview.headers["x-cache-status"]).toBe("BYPASS");
    expect(preview.headers["cache-control"]).toBe("private, no-store");
    expect((await site("/culture")).headers["cache-control"]).toMatch(/^public\b/);
  });

  test("keeps the build's files and answers ranges from the kept copy", async () => {
    const script = /\/assets\/[\w.-]+\.js/.exec(text(await site("/legal")))?.[0];
    expect(script, "the page loads a script").toBeTruthy();
    const whole = await site(script!, { "Accept-Encoding": "identity" });
    expect(whole.headers["cache-control"]).toContain("immutable");
    const tail = await site(script!, { "Accept-Encoding": "identity", Range: "bytes=-16" });
    expect(tail.status).toBe(206);
    expect(tail.headers["x-cache-status"]).toBe("HIT");
    expect(tail.headers["content-range"]).toBe(
      `bytes ${whole.body.length - 16}-${whole.body.length - 1}/${whole.body.length}`,
    );
    expect(tail.body.equals(whole.body.subarray(-16))).toBe(true);
  });

  test("keys a file on its path, a page on what it reads as the app spells it, and keeps no made-up path", async () => {
    // A new entry is a MISS; the same entry again is a HIT, or EXPIRED once its moment passed.
    const sameEntry = /^(HIT|EXPIRED|UPDATING)$/;
    const script = /\/assets\/[\w.-]+\.js/.exec(text(await site("/culture")))?.[0];
    expect(script, "the page loads a script").toBeTruthy();
    await site(`${script}?v=1`);
    expect((await site(`${script}?v=2`)).headers["x-cache-status"]).toMatch(sameEntry);
    await site("/api/now-playing?v=1");
    expect((await site("/api/now-playing?v=2")).headers["x-cache-status"]).toMatch(sameEntry);
    // Parameters the app does not read, in any spelling, and a fragment: the page's one entry.
    await site("/culture?utm_source=newsletter");
    for (const query of ["_ROUTES=routes%2Fculture", "LastLiveEventId=1", "_Routes=x&utm=2"]) {
      const answer = await site(`/culture?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.headers["x-cache-status"], query).toMatch(sameEntry);
    }
    await site("/culture");
    for (const fragment of ["#a", "#b"]) {
      const answer = await get(nginx.https + "/culture", {
        headers: { "Accept-Encoding": CHROME },
        ca: nginx.cert,
        rawPath: `/culture${fragment}`,
      });
      expect(answer.status, fragment).toBe(200);
      expect(answer.headers["x-cache-status"], fragment).toMatch(sameEntry);
    }
    // An editor's redirect from an old file's address: its key is the path, and whether a query
    // came, which the Location carries on.
    fake.publish({
      _id: "redirect-old-html",
      _type: "redirect",
      source: "/old-page.html",
      destination: {
        _type: "redirectDestination",
        type: "internalLink",
        page: { _ref: "culturePage", _type: "reference" },
      },
      permanent: true,
    });
    expect(
      (
        await sendWebhook(server.url, WEBHOOK_SECRET, {
          _id: "redirect-old-html",
          _type: "redirect",
        })
      ).status,
    ).toBe(200);
    expect((await site("/old-page.html")).headers.location).toBe("/culture");
    expect((await site("/old-page.html?utm_source=mail")).headers.location).toBe(
      "/culture?utm_source=mail",
    );
    // Made-up paths, pages and files alike: each asked twice, each rendered twice.
    for (const path of ["/made-up-page", "/made-up-file.txt", "/work/made-up-project"]) {
      expect((await site(path)).status, path).toBe(404);
      expect((await site(path)).headers["x-cache-status"], path).toBe("MISS");
    }
  });

  test("answers the route manifest for each query, and keeps none of them", async () => {
    const html = text(await site("/legal"));
    // The build's version, which the manifest script's name carries.
    const version = /\/assets\/manifest-(\w+)\.js/.exec(html)?.[1];
    expect(version).toBeTruthy();
    const manifest = async (path: string) => {
      const answer = await site(`/__manifest?paths=${encodeURIComponent(path)}&version=${version}`);
      expect(answer.status).toBe(200);
      return Object.keys(JSON.parse(text(answer)) as object);
    };
    expect(await manifest("/work")).not.toContain("routes/culture");
    expect(await manifest("/culture")).toContain("routes/culture");
    // Asked again, it comes from the app: made-up paths cannot fill the cache.
    const again = await site(
      `/__manifest?paths=${encodeURIComponent("/culture")}&version=${version}`,
    );
    expect(again.headers["x-cache-status"]).toBe("BYPASS");
  });

  test("with the Node server down: kept pages for any unread query and encoding spelling, the site's page otherwise", async () => {
    // A site of its own, whose Node server this test stops.
    const { node, proxy } = await startSite();
    const site = siteOf(proxy);
    try {
      // Kept while the server is up: one visitor from a newsletter, one with curl's spelling.
      const kept = text(await site("/work?utm_source=newsletter", { "Accept-Encoding": CURL }));
      await site("/work", { "Accept-Encoding": CURL });
      // A 404 names its query: not kept for a query it does not read, or the next would see it.
      expect((await site("/work/no-such-project?utm_source=first")).status).toBe(404);
      // A page taken down: its 404 takes the kept copy's place, so no outage brings it back.
      expect((await site(projectPath)).status).toBe(200);
      fake.setDocuments((docs) => docs.filter((doc) => doc._id !== project._id));
      const { _id, _type } = project;
      expect((await sendWebhook(node.url, WEBHOOK_SECRET, { _id, _type })).status).toBe(200);
      await expect.poll(async () => (await site(projectPath)).status).toBe(404);
      await node.stop();
      expect((await site(projectPath)).status, "the page taken down").not.toBe(200);
      for (const [path, encoding] of [
        ["/work?fbclid=IwAR0abc", CHROME],
        ["/work?utm_medium=social&r=7", "br"],
        ["/work", "br;q=1.0, gzip;q=0.8"],
      ] as const) {
        const answer = await site(path, { "Accept-Encoding": encoding });
        expect(answer.status, `${path} (${encoding})`).toBe(200);
        expect(answer.headers["content-encoding"]).toBe("br");
        expect(text(answer)).toBe(kept);
      }
      // What the app reads is in the key: a live event's request is no kept copy's.
      for (const answer of [
        await site("/work?lastLiveEventId=after-the-outage"),
        await site("/work", { "Accept-Encoding": "identity" }),
        await site("/legal?utm_source=never-asked"),
        await site("/work/no-such-project?utm_source=second"),
      ]) {
        expect(answer.status).toBe(503);
        expect(answer.headers["cache-control"]).toBe("private, no-store");
        expect(answer.headers["retry-after"]).toBeTruthy();
        expect(answer.headers["strict-transport-security"], "the app's own").toBe(HSTS);
        expect(text(answer)).toMatch(/^<!doctype html>/);
        expect(text(answer)).not.toMatch(/nginx|Bad Gateway/i);
        // The site's error screen, in its colours, with a way to try the same page again.
        expect(text(answer)).toContain('<p class="eyebrow">Error 503</p><h1>Back in a moment');
        expect(text(answer)).toContain("#001489");
        expect(text(answer)).toContain('<a href="">Try again');
      }
    } finally {
      fake.publish(project);
      await proxy.stop();
      await node.stop();
    }
  });
});
