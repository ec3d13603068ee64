import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import type { Browser } from "./support/test";
import { expect, test } from "./support/test";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { copyDataset } from "../support/temp-dataset";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";

const WEBHOOK_SECRET = "e2e-webhook-secret";
const PREVIEW_SECRET = "e2e-preview-secret-0123456789";
const OFF_SITE_SLUGS = [
  "/.//evil.test",
  "/..//evil.test",
  "/%2e//evil.test",
  "/a/..//evil.test",
  "/\\evil.test",
  "/\t/evil.test",
];

async function webhook(baseUrl: string, doc: Record<string, unknown>) {
  const body = JSON.stringify(doc);
  return fetch(`${baseUrl}/api/revalidate`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET),
    },
    body,
  });
}

const SINGLETON_PATHS: Record<string, string> = {
  homepage: "/",
  workPage: "/work",
  culturePage: "/culture",
  legalPage: "/legal",
};

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

const titleOf = async (response: Response) =>
  /<title>([^<]*)<\/title>/
    .exec(await response.text())?.[1]
    ?.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);

test.describe("publishing on the bundled dataset", () => {
  let server: RunningServer;
  let dataset: Awaited<ReturnType<typeof copyDataset>>;
  let browser: Browser;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    dataset = await copyDataset(BUNDLED_DATASET);
    server = await startServer({
      CONTENT_DIR: dataset.dir,
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANITY_PREVIEW_SECRET: PREVIEW_SECRET,
    });
    // The copy has no image facts: its first load runs sharp per image, past the deadline on a
    // loaded machine. These tests are about what comes after.
    await waitUntilReady(server.url);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("sends CDN cache headers and tags on pages and their data requests", async () => {
    const page = await fetch(`${server.url}/work`);
    expect(page.headers.get("Cache-Control")).toMatch(
      /^public, max-age=0, must-revalidate, s-maxage=\d+$/,
    );
    expect(page.headers.get("Netlify-CDN-Cache-Control")).toMatch(
      /^public, durable, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(page.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["general", "workPage", "project"]),
    );
    const data = await fetch(`${server.url}/work.data?_routes=routes%2Fwork._index`);
    expect(data.status).toBe(200);
    expect(data.headers.get("Netlify-Cache-Tag")?.split(",")).toEqual(
      expect.arrayContaining(["workPage", "project"]),
    );
    expect(data.headers.get("Cache-Control")).toMatch(
      /^public, max-age=0, must-revalidate, s-maxage=\d+$/,
    );
  });

  test("answers the build's scripts in the Brotli copy the build made when the browser takes it", async () => {
    const [slug] = await ask<string[]>(
      dataset.dir,
      `*[_type == "project" && defined(slug.current) && !(_id in path("drafts.**"))].slug.current`,
    );
    const get = (target: string, encoding: string) =>
      fetch(target, { headers: { "Accept-Encoding": encoding } });
    const plain = await (await get(`${server.url}/work/${slug}`, "identity")).text();
    // The page's largest script: the build keeps no compressed copy of a tiny one.
    const scripts = [...new Set(plain.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    expect(scripts.length, "the page loads its scripts").toBeGreaterThan(0);
    const sizes = await Promise.all(
      scripts.map(async (href) => (await (await get(server.url + href, "identity")).text()).length),
    );
    const script = scripts[sizes.indexOf(Math.max(...sizes))]!;
    const asset = await get(server.url + script, "gzip, deflate, br");
    expect(asset.headers.get("Content-Encoding")).toBe("br");
    // The copy the build made: compressing on the fly would stream it without a length.
    expect(Number(asset.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe(await (await get(server.url + script, "identity")).text());
  });

  test("lets the CDN keep one copy of a page for any query string it does not read", async () => {
    const junk = () => `utm_source=${Math.random().toString(36).slice(2)}`;
    const first = await fetch(`${server.url}/work?${junk()}`);
    const body = await first.text();
    expect(first.headers.get("Netlify-Vary"), "the CDN's key: the same rule").toBe(
      "query=_routes|lastLiveEventId,cookie=__preview",
    );
    for (const query of [junk(), `${junk()}&x=1`, ""]) {
      const again = await fetch(`${server.url}/work?${query}`);
      expect(again.headers.get("Netlify-Vary"), `/work?${query}`).toBe(
        "query=_routes|lastLiveEventId,cookie=__preview",
      );
      expect(await again.text()).toBe(body);
    }
    // A 404 names the whole path and query ("Page Not Found: /work/x?y"): every query its own.
    const missing = await fetch(`${server.url}/work/no-such-project?${junk()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Netlify-Vary")).toBe("query,cookie=__preview");
    const other = `${junk()}`;
    const missingAgain = await fetch(`${server.url}/work/no-such-project?${other}`);
    expect(await missingAgain.text(), "its own query in the message").toContain(other);
    // A data request's _routes is read (which loaders run): its own copy.
    const data = await fetch(`${server.url}/work.data?_routes=routes%2Fwork._index&${junk()}`);
    expect(data.headers.get("Content-Type")).not.toContain("text/html");
  });

  test("shows an edit on the next request after the webhook", async () => {
    const legal = await ask<{ title: string }>(dataset.dir, `*[_id == "legalPage"][0]{title}`);
    expect(await titleOf(await fetch(`${server.url}/legal`))).toContain(legal.title);
    await dataset.edit("legalPage", (doc) => ({ ...doc, title: "Imprint and privacy, revised" }));
    // Production keeps results until told: the edit is not live yet.
    expect(await titleOf(await fetch(`${server.url}/legal`))).toContain(legal.title);

    const response = await webhook(server.url, { _id: "legalPage", _type: "legalPage" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ tags: ["legalPage"] });
    expect(await titleOf(await fetch(`${server.url}/legal`))).toContain(
      "Imprint and privacy, revised",
    );
  });

  test("refuses unsigned and wrongly signed webhooks", async () => {
    const unsigned = await fetch(`${server.url}/api/revalidate`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(401);
    const get = await fetch(`${server.url}/api/revalidate`);
    expect(get.status).toBe(405);
  });

  test("previews drafts behind the secret, with a banner and an exit", async () => {
    const { previewed } = await loadDataset(dataset.dir);
    const target = previewed.find((doc) => doc._originalId) as
      { _id: string; _type: string; title: string; slug?: { current: string } } | undefined;
    expect(target, "the dataset holds a draft").toBeDefined();
    const path =
      target!._type === "project"
        ? `/work/${target!.slug?.current}`
        : SINGLETON_PATHS[target!._id]!;

    const page = await browser.newPage();
    expect((await page.goto(`${server.url}/api/preview?secret=wrong&slug=${path}`))?.status()).toBe(
      401,
    );
    expect(
      (
        await page.goto(`${server.url}/api/preview?secret=${PREVIEW_SECRET}&slug=//evil.example`)
      )?.status(),
    ).toBe(400);

    const response = await page.goto(
      `${server.url}/api/preview?secret=${PREVIEW_SECRET}&slug=${encodeURIComponent(path)}`,
    );
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.title()).resolves.toContain(target!.title);
    await expect(page.getByRole("status").filter({ hasText: "Preview" }).isVisible()).resolves.toBe(
      true,
    );

    await page.getByRole("link", { name: "Exit preview" }).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.title()).resolves.not.toContain(target!.title);
    await expect(page.getByText("Exit preview").count()).resolves.toBe(0);
    await page.close();
  });

  test("never sends a visitor to another host from a preview link (issue 35)", async () => {
    // Each becomes `//evil.test`, another host to a browser, once its dot segments resolve.
    for (const slug of OFF_SITE_SLUGS) {
      const query = `slug=${encodeURIComponent(slug)}`;
      const exit = await fetch(`${server.url}/api/exit-preview?${query}`, { redirect: "manual" });
      expect(exit.status, slug).toBe(302);
      expect(exit.headers.get("Location"), slug).toBe("/");
      const enter = await fetch(`${server.url}/api/preview?secret=${PREVIEW_SECRET}&${query}`, {
        redirect: "manual",
      });
      expect(enter.status, slug).toBe(400);
      expect(enter.headers.get("Set-Cookie"), slug).toBeNull();
    }
    const normalised = await fetch(`${server.url}/api/exit-preview?slug=/work/./../legal`, {
      redirect: "manual",
    });
    expect(normalised.headers.get("Location")).toBe("/legal");
  });
});

/** How many times the server has logged serving a last good result (stale-if-error). */
const staleLines = (server: RunningServer) =>
  server.logs.filter((line) => line.includes("stale-if-error")).length;

test.describe("publishing on Sanity (a local fake of its API)", () => {
  let fake: FakeSanity;
  let server: RunningServer;

  test.beforeAll(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
    server = await startServer({
      ...fake.siteEnv,
      SANITY_PREVIEW_SECRET: PREVIEW_SECRET,
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CONTENT_TIMEOUT_MS: "1500",
      CONTENT_CACHE_TTL_MS: "200",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("refuses preview without a read token, with a clear message", async () => {
    const response = await fetch(`${server.url}/api/preview?secret=${PREVIEW_SECRET}&slug=/`, {
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/SANITY_READ_TOKEN/);
  });

  test("keeps serving cached pages while Sanity hangs, and fails uncached ones in time", async () => {
    // A fresh server's first answers may outlast the 1.5 s deadline on a busy machine.
    await waitUntilReady(server.url, "/work");
    const warm = await fetch(`${server.url}/work`);
    expect(warm.status).toBe(200);
    const title = await titleOf(warm);
    fake.hang();
    try {
      // To the content layer's own fallback. Until the content
      // cache's TTL (200 ms) has passed as the server sees it, the page comes from that cache;
      // after it, the server asks Sanity, gives up, and logs that it served the last result.
      const staleBefore = staleLines(server);
      let cached: Response | undefined;
      await expect
        .poll(
          async () => {
            cached = await fetch(`${server.url}/work`, {
              headers: { "Cache-Control": "no-cache" },
            });
            return staleLines(server) > staleBefore;
          },
          { message: "past the cache TTL, the server falls back to its last good result" },
        )
        .toBe(true);
      expect(cached!.status).toBe(200);
      expect(await titleOf(cached!)).toBe(title);
      expect(server.logs.some((line) => line.includes("stale-if-error"))).toBe(true);

      const started = Date.now();
      const uncached = await fetch(`${server.url}/legal`);
      expect(uncached.status).toBe(503);
      // The fake never answers: any bound proves the deadline; this one leaves a slow machine room.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(uncached.headers.get("Cache-Control")).toBe("private, no-store");
      expect(uncached.headers.get("Netlify-CDN-Cache-Control")).toBeNull();
      expect(await uncached.text()).toContain("The content service is unavailable");
      expect(server.logs.some((line) => /\[content\] Sanity project .* timed out/.test(line))).toBe(
        true,
      );
    } finally {
      fake.recover();
    }
  });

  test("with Sanity unreachable from the start, what needs no content still answers", async () => {
    const down = await startFakeSanity(BUNDLED_DATASET);
    down.hang();
    const cold = await startServer({ ...down.siteEnv, CONTENT_TIMEOUT_MS: "1500" });
    try {
      // No redirect starts at the site's own routes: they wait for no redirect table.
      const exit = await fetch(`${cold.url}/api/exit-preview`, { redirect: "manual" });
      expect(exit.status).toBe(302);
      expect(exit.headers.get("Set-Cookie")).toMatch(/^__preview=;/);
      expect((await fetch(`${cold.url}/api/now-playing`)).status).toBe(200);
      // What needs content fails, and the failure is kept by no cache.
      for (const path of ["/robots.txt", "/sitemap.xml", "/legal"]) {
        const failed = await fetch(cold.url + path);
        expect(failed.status, path).toBe(503);
        expect(failed.headers.get("Cache-Control"), path).toBe("private, no-store");
      }
    } finally {
      await cold.stop();
      down.recover();
      await down.close();
    }
  });

  test("keeps serving cached pages while Sanity is down", async () => {
    await waitUntilReady(server.url, "/culture");
    fake.failNext(50, 500);
    try {
      // As above: every answer is a 200, and once past the cache TTL the server has asked
      // Sanity, met its failures, and served the last good result.
      const staleBefore = staleLines(server);
      const statuses: number[] = [];
      await expect
        .poll(
          async () => {
            const response = await fetch(`${server.url}/culture`, {
              headers: { "Cache-Control": "no-cache" },
            });
            await response.arrayBuffer();
            statuses.push(response.status);
            return staleLines(server) > staleBefore;
          },
          { message: "past the cache TTL, the server falls back to its last good result" },
        )
        .toBe(true);
      expect(
        statuses.every((status) => status === 200),
        `statuses: ${statuses}`,
      ).toBe(true);
    } finally {
      fake.failNext(0, 500);
    }
  });
});

test.describe("preview on Sanity with a read token (a local fake of its API)", () => {
  let fake: FakeSanity;
  let server: RunningServer;
  let browser: Browser;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    fake = await startFakeSanity(BUNDLED_DATASET);
    server = await startServer({
      ...fake.siteEnv,
      SANITY_READ_TOKEN: "sk-fake-viewer-token",
      SANITY_PREVIEW_SECRET: PREVIEW_SECRET,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("reads drafts with the token while previewing, and published content after", async () => {
    const { previewed } = await loadDataset(BUNDLED_DATASET);
    const draft = previewed.find((doc) => doc._originalId && doc._type === "project") as
      { title: string; slug: { current: string } } | undefined;
    expect(draft, "the dataset holds a project draft").toBeDefined();
    const path = `/work/${draft!.slug.current}`;

    const page = await browser.newPage();
    await page.goto(`${server.url}/api/preview?secret=${PREVIEW_SECRET}&slug=${path}`);
    await expect(page.title()).resolves.toContain(draft!.title);
    expect(fake.requests.some((request) => request.perspective === "drafts")).toBe(true);
    await page.getByRole("link", { name: "Exit preview" }).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.title()).resolves.not.toContain(draft!.title);
    await page.close();
  });
});
