import { request, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";

/** How long an answer may take on a ready server before the test says which one never came. */
const ANSWER_MS = 15_000;
/**
 * How long the server may take to close a connection: the header timeout (10 s) is checked
 * every 2 s (server/app.ts), so a silent client is dropped within 12 s.
 */
const CLOSE_MS = 20_000;

/** One keep-alive connection: send raw bytes, read whole answers, see how it ends. */
export function rawConnection(url: string) {
  const { port, hostname } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  const connected = new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  connected.catch(() => {}); // Only a test that awaits it cares; `ended` records the error.
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
    /** Resolves once the connection is open; rejects if it could not be opened. */
    connected,
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

export type RawAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
};

/**
 * One request with what fetch will not send: a Host of the caller's choosing, a TRACE, a target
 * in absolute form.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
