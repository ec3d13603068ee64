import { connect, type Socket } from "node:net";
import { expect, test } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { startServer, type RunningServer } from "./support/server";
import { waitUntilReady } from "./support/ready";

/**
 * The production server against clients that misbehave (docs/security.md,
 * "Bad clients"): refused bodies, slow headers, and a loader that throws. Raw sockets, so keep-alive is what is tested.
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

/** How long an answer may take on a ready server before the test says which one never came. */
const ANSWER_MS = 15_000;
/**
 * How long the server may take to close a connection: the header timeout (10 s) is checked
 * every 2 s (server/app.ts), so a silent client is dropped within 12 s.
 */
const CLOSE_MS = 20_000;

/** One keep-alive connection: send raw bytes, read whole answers, see how it ends. */
function rawConnection(url: string) {
  const { port, hostname } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let received = Buffer.alloc(0);
  let ended: string | null = null;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((wakeUp) => wakeUp());
  socket.on("data", (chunk) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    ended = error.code ?? error.message;
    wake();
  });
  socket.on("close", () => {
    ended ??= "closed";
    wake();
  });
  /** Waits for more bytes until `ready`; fails at once if the connection ends, or after a deadline. */
  const until = async (ready: () => boolean, what: string) => {
    const deadline = Date.now() + ANSWER_MS;
    while (!ready()) {
      if (ended) throw new Error(`connection ended (${ended}) before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${ANSWER_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  /** The next whole answer: headers, then a Content-Length or chunked body. */
  async function answer() {
    await until(() => received.includes("\r\n\r\n"), "answer's headers");
    const headEnd = received.indexOf("\r\n\r\n");
    const head = received.subarray(0, headEnd).toString("latin1");
    let offset = headEnd + 4;
    let body = "";
    if (/^transfer-encoding: chunked/im.test(head)) {
      for (;;) {
        await until(() => received.indexOf("\r\n", offset) !== -1, "chunk size line");
        const lineEnd = received.indexOf("\r\n", offset);
        const size = parseInt(received.subarray(offset, lineEnd).toString(), 16);
        await until(() => received.length >= lineEnd + 2 + size + 2, `${size}-byte chunk`);
        body += received.subarray(lineEnd + 2, lineEnd + 2 + size).toString();
        offset = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
    } else {
      const length = Number(/^content-length: (\d+)/im.exec(head)?.[1] ?? 0);
      await until(() => received.length >= offset + length, `${length}-byte body`);
      body = received.subarray(offset, offset + length).toString();
      offset += length;
    }
    received = received.subarray(offset);
    return {
      status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
      connection: /^connection: (.*)$/im.exec(head)?.[1]?.trim().toLowerCase(),
      body,
    };
  }
  return {
    write: (data: string | Buffer) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) return resolve();
        socket.write(data, () => resolve());
      }),
    answer,
    /**
     * Resolves with how the connection ended: "closed", or an error code such as ECONNRESET;
     * rejects if the server keeps it open past CLOSE_MS.
     */
    closed: () =>
      new Promise<string>((resolve, reject) => {
        if (ended) return resolve(ended);
        const timer = setTimeout(
          () => reject(new Error(`the server kept the connection open for ${CLOSE_MS} ms`)),
          CLOSE_MS,
        );
        socket.once("close", () => {
          clearTimeout(timer);
          resolve(ended ?? "closed");
        });
      }),
    destroy: () => socket.destroy(),
  };
}

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
