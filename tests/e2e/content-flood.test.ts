import { randomBytes } from "node:crypto";
import { expect, test } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";
import { sendWebhook } from "./support/webhook";

const WEBHOOK_SECRET = "e2e-flood-webhook-secret";
// More made-up slugs than any bounded cache of recent keys would hold (issue 46, finding 2).
const FLOOD = 2500;
const AT_ONCE = 8;

// An asset changed: every page may show it, so every cached result is purged ("site").
const purgeEverything = (baseUrl: string) =>
  sendWebhook(baseUrl, WEBHOOK_SECRET, { _id: "image-flood", _type: "sanity.imageAsset" });

/**
 * The keys that reach Sanity are bounded by the content (docs/caching.md): a slug no project
 * has costs no query, and however many there are, the last good result of every page the
 * site served stays for an outage.
 */
test.describe("a flood of made-up project slugs (a local fake of Sanity's API)", () => {
  let fake: FakeSanity;
  let server: RunningServer;

  test.beforeAll(async () => {
    fake = await startFakeSanity(BUNDLED_DATASET);
    server = await startServer({
      ...fake.siteEnv,
      SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      CONTENT_TIMEOUT_MS: "5000",
      // Nothing expires while the test runs, however slow the machine: every query the fake
      // sees during the flood is one the flood caused.
      CONTENT_CACHE_TTL_MS: "3600000",
      // The flood comes from many addresses, as one that would empty a cache does: the limit per
      // client (server/rate-limit.ts) would stop one address long before.
      TRUST_PROXY: "loopback",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("asks Sanity nothing for them, and the last good pages survive an outage after", async () => {
    test.setTimeout(180_000);
    const [slug] = await ask<string[]>(
      BUNDLED_DATASET,
      `*[_type == "project" && hidden != true && defined(slug.current)].slug.current`,
    );
    expect(slug, "the dataset has a visible project").toBeTruthy();
    const pages = ["/", `/work/${slug}`];
    await waitUntilReady(server.url, "/");
    for (const path of pages) {
      expect((await fetch(`${server.url}${path}`)).status, `${path} before the flood`).toBe(200);
    }

    const queriesBefore = fake.requests.length;
    const statuses = new Map<number, number>();
    let sent = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (sent < FLOOD) {
          sent += 1;
          const response = await fetch(`${server.url}/work/${randomBytes(8).toString("hex")}`, {
            headers: { "X-Forwarded-For": `198.51.100.${sent % 250}` },
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses), "every made-up slug is a 404").toEqual({ 404: FLOOD });
    expect.soft(fake.requests.length - queriesBefore, "queries the flood sent to Sanity").toBe(0);

    // A publish marks every result stale, then Sanity goes down: each page must come from
    // its last good result, which the flood must not have pushed out.
    expect((await purgeEverything(server.url)).status).toBe(200);
    fake.failNext(1_000_000, 500);
    try {
      for (const path of pages) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, `${path} with Sanity down after the flood`).toBe(200);
      }
      expect(
        server.logs.some((line) => line.includes("stale-if-error")),
        "the server says it served the last good result",
      ).toBe(true);
    } finally {
      fake.failNext(0, 500);
    }
  });
});
