import { expect, test } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { startServer, type RunningServer } from "./support/server";
import { rawConnection } from "./support/raw-connection";
import { waitUntilReady } from "./support/ready";

/**
 * The production server against clients that misbehave (docs/security.md,
 * "Bad clients"): refused bodies, slow headers, and a loader that throws.
 * Raw sockets, so keep-alive is what is tested.
 */

const SECRETS = {
  SANITY_WEBHOOK_SECRET: "bad-clients-webhook-secret-0123",
  SANITY_PREVIEW_SECRET: "bad-clients-preview-secret-0123",
  SANITY_READ_TOKEN: "sk-bad-clients-read-token-0123",
};

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ SANITY_WEBHOOK_SECRET: SECRETS.SANITY_WEBHOOK_SECRET });
  await waitUntilReady(server.url, "/robots.txt");
});
test.afterAll(async () => {
  await server?.stop();
});

const post = (length: number, headers = "") =>
  `POST /api/revalidate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${headers}\r\n`;
const robots = "GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n";
const SIGNED = "sanity-webhook-signature: t=1700000000000,v1=bm90LWEtcmVhbC1zaWduYXR1cmU\r\n";

test.describe("a refused request body", () => {
  test("413 for 200 KB, then a second request on the same socket is answered", async () => {
    const connection = rawConnection(server.url);
    const body = "x".repeat(200 * 1024);
    await connection.write(post(body.length, SIGNED) + body);
    const refused = await connection.answer();
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("keep-alive");
    await connection.write(robots);
    const next = await connection.answer();
    expect(next.status).toBe(200);
    expect(next.body).toMatch(/^Sitemap: /m);
    connection.destroy();
  });

  test("401 before reading an unsigned body, then a second request on the same socket", async () => {
    const connection = rawConnection(server.url);
    await connection.write(post(40_000));
    expect((await connection.answer()).status).toBe(401);
    await connection.write("x".repeat(40_000));
    await connection.write(robots);
    expect((await connection.answer()).status).toBe(200);
    connection.destroy();
  });

  test("503 when the webhook is not configured, then a second request on the same socket", async () => {
    test.setTimeout(120_000);
    const unconfigured = await startServer();
    try {
      await waitUntilReady(unconfigured.url, "/robots.txt");
      const connection = rawConnection(unconfigured.url);
      await connection.write(post(10_000, SIGNED) + "y".repeat(10_000));
      expect((await connection.answer()).status).toBe(503);
      await connection.write(robots);
      expect((await connection.answer()).status).toBe(200);
      connection.destroy();
    } finally {
      await unconfigured.stop();
    }
  });

  test("a body too large to read: 413 with Connection: close, then a clean close, no reset", async () => {
    const connection = rawConnection(server.url);
    await connection.write(post(50 * 1024 * 1024, SIGNED));
    // The client keeps sending while the answer comes back.
    const sending = (async () => {
      for (let chunk = 0; chunk < 8; chunk++) await connection.write("z".repeat(256 * 1024));
    })();
    const refused = await connection.answer();
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    await sending;
    expect(await connection.closed()).toBe("closed");
  });

  test("a chunked body over the limit: 413 with Connection: close, then a clean close", async () => {
    const connection = rawConnection(server.url);
    await connection.write(
      `POST /api/revalidate HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n${SIGNED}\r\n`,
    );
    const chunk = "c".repeat(32 * 1024);
    for (let index = 0; index < 3; index++) {
      await connection.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }
    const refused = await connection.answer();
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    expect(await connection.closed()).toBe("closed");
  });
});

test.describe("slow", () => {
  test("drops a client that never finishes its headers", async () => {
    test.setTimeout(60_000);
    const connection = rawConnection(server.url);
    await connection.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    // The server's header timeout ends it; nothing else would.
    expect(await connection.closed()).toMatch(/closed|ECONNRESET/);
  });
});

test.describe("a loader that throws in production", () => {
  let sanity: FakeSanity;
  let failing: RunningServer;
  let slug: string;

  test.beforeAll(async () => {
    sanity = await startFakeSanity(BUNDLED_DATASET);
    // A back end whose answer the project loader cannot use (siblings is not a list).
    slug = "a-project";
    sanity.answerWith('"siblings"', {
      project: { _id: "project-x", title: "X", slug },
      siblings: 42,
    });
    // The project is in the slug list, so its loader runs (an unknown slug is a 404 before it).
    sanity.answerWith("defined(slug.current)].slug.current", [slug]);
    failing = await startServer({
      ...SECRETS,
      SANITY_PROJECT_ID: "fake",
      SANITY_DATASET: "production",
      SANITY_API_HOST: sanity.url,
      SANITY_USE_CDN: "false",
    });
  });
  test.afterAll(async () => {
    await failing?.stop();
    await sanity?.close();
  });

  const leaks = (text: string) => [
    ...Object.values(SECRETS).filter((secret) => text.includes(secret)),
    ...[/\bat .*\(.*:\d+:\d+\)/, /node_modules/, /\/build\/server\//, /findIndex/, /TypeError/]
      .filter((pattern) => pattern.test(text))
      .map(String),
  ];

  test("shows the error page without a stack trace, a file path or a secret", async () => {
    const response = await fetch(`${failing.url}/work/${slug}`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(leaks(html)).toEqual([]);
    // The details are in the server's log, where they belong.
    await expect.poll(() => failing.logs.join("\n")).toMatch(/findIndex/);
  });

  test("answers the page's data request the same way", async () => {
    const response = await fetch(`${failing.url}/work/${slug}.data`);
    expect(response.status).toBe(500);
    expect(leaks(await response.text())).toEqual([]);
  });
});
