import { expect, test } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";

/**
 * The Node server's line of renders (server/request-handler.ts, docs/security.md, "Floods"):
 * requests that need a render wait in a line of their own, eight inside and 256 waiting, and
 * are turned away past that; static files are answered before the line. Sanity (a local fake) is made to
 * hang, so every render of a page nobody asked for before stays inside for as long as the test
 * looks: no timing is involved.
 */
test.describe("the line of renders", () => {
  let fake: FakeSanity;
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    fake = await startFakeSanity(BUNDLED_DATASET);
    server = await startServer({
      ...fake.siteEnv,
      // Longer than the test: a render inside waits on the hanging fake until it recovers.
      CONTENT_TIMEOUT_MS: "300000",
    });
    await waitUntilReady(server.url);
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test("turns renders past the line away with a 503 while static files are still answered", async () => {
    test.setTimeout(120_000);
    const html = await (await fetch(`${server.url}/work`)).text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const clients = new AbortController();
    fake.hang();
    try {
      // Project pages nobody asked for: each render asks Sanity for its slug, and hangs there.
      let n = 0;
      const unknownProject = () => `${server.url}/work/not-a-project-${n++}`;
      const waiting = Array.from({ length: 8 + 256 }, () =>
        fetch(unknownProject(), { signal: clients.signal }).catch(() => null),
      );
      // A look that finds room waits in the line like the others, for as long as Sanity hangs:
      // it stays there, holding its place, and the next look asks again until the line is full.
      // (A look the poll waited for hung it whenever it reached the server before the last of the
      // requests above; one that gave up freed its place for the next look to take.)
      const look = () =>
        Promise.race([
          fetch(unknownProject(), { signal: clients.signal }).then(
            async (response) => (await response.arrayBuffer(), response.status),
            () => null,
          ),
          new Promise((resolve) => setTimeout(() => resolve("waiting in the line"), 2_000)),
        ]);
      await expect
        .poll(look, { message: "a render past a full line is turned away", timeout: 90_000 })
        .toBe(503);
      const busy = await fetch(unknownProject());
      expect(busy.headers.get("Retry-After")).toBe("2");
      expect(busy.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await busy.text()).toMatch(/busy/);

      // Whatever would render the app meets the same line, under any prefix and in any form
      // (issue 46): turned away, or answered without a render (a plain 404), never a page.
      for (const [method, path] of [
        ["GET", "/media/nope-x"],
        ["GET", "/media/videos/nope-x"],
        ["GET", "/api/nope-x"],
        ["GET", "/studio/nope-x"],
        ["GET", "/nope-x.data"],
        ["GET", "/work/not-a-project-x.data"],
        ["HEAD", "/nope-x"],
        ["POST", "/nope-x"],
        ["POST", "/work"],
      ]) {
        const answer = await fetch(server.url + path, { method });
        const body = await answer.text();
        expect(answer.status, `${method} ${path}`).not.toBe(200);
        expect(body, `${method} ${path}: no page rendered past the line`).not.toMatch(/<html/i);
        if (answer.status !== 503) expect(answer.status, `${method} ${path}`).toBe(404);
      }

      const file = await fetch(server.url + script);
      expect(file.status, "a static file, with every render place taken").toBe(200);
      await file.arrayBuffer();

      // The clients give up: their places are freed, and renders go on.
      clients.abort();
      await Promise.all(waiting);
    } finally {
      fake.recover();
    }
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.url}/work/not-a-project-after`);
          await response.arrayBuffer();
          return response.status;
        },
        { message: "the line drains and the next render is answered", timeout: 60_000 },
      )
      .toBe(404);
  });
});
