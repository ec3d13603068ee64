// Request bodies on the Node server (docs/security.md, "Bad clients"). A body
// over the largest one any route accepts is refused before the app sees it.
// A body the app refused without reading it all (413, 401, 503) must not
// break the connection: a small rest is read and thrown away, so the next
// request on a kept-alive connection is answered; a large or endless one gets
// `Connection: close`, and the socket swallows what is still in flight for a
// moment before closing, so the client reads the answer instead of a reset.
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { NO_STORE } from "~/lib/cache/headers.server";

/** What is still read and discarded to keep a connection alive. */
const DRAIN_BYTES = 1024 * 1024;
/** How long a closing connection swallows a body still arriving. */
const LINGER_MS = 2_000;

const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Once a `Connection: close` answer is out, Node's own 'finish' handler (registered
 * before any of ours) calls `socket.destroySoon()`: it sends FIN and destroys the
 * socket as soon as that is done (the socket's 'finish'). Bytes the client is still
 * sending would then meet a closed socket and reset the connection, often before the
 * client has read the answer. So right after Node's handler, the destroy it scheduled
 * is taken off the socket's 'finish' (a public `removeListener`, nothing of Node's is
 * replaced), the rest of the body is read into the void, and the socket is destroyed
 * after LINGER_MS, or sooner when the client closes its side too (the socket then
 * ends itself). tests/e2e/bad-clients.test.ts sees a reset if this stops working.
 */
function lingerAfterAnswer(req: IncomingMessage, res: NodeJS.EventEmitter) {
  const socket = req.socket;
  res.once("finish", () => {
    // Still writable: Node kept the connection open after all, and nothing is to be done.
    if (socket.writable || socket.destroyed) return;
    socket.removeListener("finish", socket.destroy);
    req.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once("close", () => clearTimeout(timer));
  });
}

export function bodyGuard({
  maxBytes,
  drainBytes = DRAIN_BYTES,
}: {
  maxBytes: number;
  drainBytes?: number;
}): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const declared = Number(req.headers["content-length"] ?? NaN);
    // The moment the status is decided, whoever answers (as `compression` does too).
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      // Unknown (chunked) or large rests are not worth reading.
      if (!req.complete && !(declared <= drainBytes)) {
        res.setHeader("Connection", "close");
        lingerAfterAnswer(req, res);
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    if (declared > maxBytes) {
      res.status(413);
      res.set("Cache-Control", NO_STORE);
      return res.json({ error: `Body over ${maxBytes} bytes.` });
    }
    next();
  };
}
