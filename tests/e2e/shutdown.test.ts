import { expect, test } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity } from "../support/fake-sanity";
import { startServer } from "./support/server";
import { rawConnection } from "./support/raw-connection";
import { waitUntilReady } from "./support/ready";

/**
 * The production server on SIGTERM, a deploy or a scale-down (docs/security.md, "Shutdown"): it
 * finishes what it was asked, closes what carries no request, and exits 0. Exit 1 means it
 * gave up waiting after its grace period (server/app.ts).
 */

test.describe("a restart", () => {
  test("finishes the request in flight, refuses new ones, then exits 0", async () => {
    const sanity = await startFakeSanity(BUNDLED_DATASET);
    const draining = await startServer({
      SANITY_PROJECT_ID: "fake",
      SANITY_DATASET: "production",
      SANITY_API_HOST: sanity.url,
      SANITY_USE_CDN: "false",
    });
    try {
      sanity.hang();
      const inFlight = fetch(`${draining.url}/legal`);
      await expect.poll(() => sanity.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const exited = new Promise<number | null>((resolve) => draining.child.once("exit", resolve));
      draining.child.kill("SIGTERM");
      const attempt = () =>
        fetch(`${draining.url}/legal`, { signal: AbortSignal.timeout(500) }).then(
          () => "answered",
          (error) => error.cause?.code ?? error.name,
        );
      await expect.poll(attempt, { timeout: 20_000 }).toBe("ECONNREFUSED");
      sanity.recover();
      const response = await inFlight;
      expect([200, 503]).toContain(response.status);
      await response.text();
      expect(await exited).toBe(0);
    } finally {
      await draining.stop();
      await sanity.close();
    }
  });

  test("closes a connection that has sent nothing yet (a browser's preconnect), then exits 0", async () => {
    const server = await startServer();
    try {
      await waitUntilReady(server.url, "/robots.txt");
      // Opened and left as a browser leaves a spare one.
      const silent = rawConnection(server.url);
      await silent.connected;
      // A kept-alive connection that has had its answer. The server accepts connections in the
      // order they came, so once this one is answered, the silent one is the server's too.
      const keptAlive = rawConnection(server.url);
      await keptAlive.write("GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n");
      expect((await keptAlive.answer()).status).toBe(200);

      const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      // Exit 1 would be the grace period running out on a connection nobody was using.
      const code = await exited;
      expect(code, server.logs.join("\n")).toBe(0);
      expect(await silent.closed()).toMatch(/^(closed|ECONNRESET)$/);
      expect(await keptAlive.closed()).toMatch(/^(closed|ECONNRESET)$/);
    } finally {
      await server.stop();
    }
  });
});
