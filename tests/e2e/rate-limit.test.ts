import { expect, test } from "./support/test";
import { RATE_LIMIT } from "../../server/rate-limit-policy.ts";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";

/**
 * One client's flood of what costs a render or a query meets a limit (docs/security.md,
 * "Floods", issue 46): express-rate-limit, keyed by the client's address as TRUST_PROXY says.
 * Behind a proxy on loopback, X-Forwarded-For names the client: one over the limit is turned
 * away, another is still answered, and static files are never counted.
 */
test.describe("the limit per client", () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ TRUST_PROXY: "loopback" });
    await waitUntilReady(server.url);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const from = (client: string, path = "/robots.txt") =>
    fetch(server.url + path, { headers: { "X-Forwarded-For": client } });

  test("turns one client away past the limit with a 429, and answers everyone else", async () => {
    test.setTimeout(120_000);
    const flooder = "203.0.113.7";
    // The limit's worth of requests, eight at a time (the line of renders' width): all answered.
    const statuses: number[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < RATE_LIMIT) {
          sent += 1;
          const answer = await from(flooder);
          await answer.arrayBuffer();
          statuses.push(answer.status);
        }
      }),
    );
    expect(
      statuses.filter((status) => status !== 200),
      "within the limit",
    ).toEqual([]);

    const over = await from(flooder, "/work");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(over.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(over.headers.get("Cache-Control")).toBe("private, no-store");
    expect(over.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(over.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
    expect(await over.text()).toMatch(/Too many requests/);

    // Another client behind the same proxy, and the proxy's own address: answered.
    const other = await from("198.51.100.9", "/work");
    expect(other.status, "another client").toBe(200);
    expect(other.headers.get("RateLimit")).toBeNull();
    const direct = await fetch(`${server.url}/work`);
    expect(direct.status, "the proxy's own address").toBe(200);

    // What static files serve is never limited.
    const html = await other.text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    expect((await from(flooder, script)).status, "a static file").toBe(200);
  });
});
