// What a scanner sends that no page could answer (docs/security.md, "Bad clients"): a
// malformed Host, a path whose percent-encoding does not decode, a method the site does
// not take. Each gets a short 4xx here, before the page cache, the static files or the
// app see it, and never a stack trace in the log.
import type { RequestHandler, Response } from "express";

// A host name or an IP literal, and a port: nothing with user info (`a@b`), spaces or slashes.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/** The methods a path answers: the publish webhook takes POST, every other URL GET and HEAD. */
export function allowFor(path: string): string {
  return path === "/api/revalidate" ? "POST, OPTIONS" : "GET, HEAD, OPTIONS";
}

/** A short plain-text answer that no cache keeps. */
export function refuse(
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.status(status).set({
    "Cache-Control": "private, no-store",
    "Content-Type": "text/plain; charset=utf-8",
    ...headers,
  });
  res.send(`${message}\n`);
}

export function requestGuard(): RequestHandler {
  return (req, res, next) => {
    if (!HOST.test(req.headers.host ?? "")) return refuse(res, 400, "Bad Host header.");
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(res, 400, "Malformed percent-encoding in the path.");
    }
    const allow = allowFor(req.path);
    if (!METHODS.has(req.method)) {
      return refuse(res, 405, `${req.method} is not allowed here.`, { Allow: allow });
    }
    if (req.method === "OPTIONS") {
      res.status(204).set({ Allow: allow, "Cache-Control": "private, no-store" });
      return res.end();
    }
    next();
  };
}
