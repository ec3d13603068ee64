// React Router on Express through @react-router/express, behind one bounded line of renders.
import type { RequestHandler } from "express";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { boundedQueue } from "~/lib/bounded-queue.server";
import { allowFor, refuse, WEBHOOK } from "./request-guard.ts";

// Renders at a time, and waiting, before a 503 (docs/security.md, "Floods"): enough to keep the
// cores busy; a flood waits in the line instead of taking the event loop from everyone else.
const RENDERS_AT_ONCE = 8;
const RENDERS_WAITING = 256;

/** The app's handler: every request but the webhook's POST waits in the line of renders. */
export function createAppHandler(build: ServerBuild, mode: string | undefined) {
  const handle = createRequestHandler({
    build,
    mode,
    getLoadContext: () => new RouterContextProvider(),
  });
  const renders = boundedQueue(RENDERS_AT_ONCE, RENDERS_WAITING);
  const handleRequest: RequestHandler = async (req, res, next) => {
    // The adapter appends the app's headers: the app's own replace the base headers set before
    // it (server/app.ts), Set-Cookie aside, which may come more than once.
    const append = res.append;
    res.append = function (this: typeof res, name: string, value?: string | string[]) {
      if (name.toLowerCase() === "set-cookie") return append.call(this, name, value);
      return this.setHeader(name, value ?? "");
    };
    // A method a route does not take: say which it does (a page keeps its 405 screen).
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (res.statusCode === 405) res.setHeader("Allow", allowFor(req.path));
      return writeHead.apply(this, args);
    } as typeof writeHead;
    if (req.method !== "GET" && req.method !== "HEAD") {
      // The adapter destroys the request when a route stops reading its body (one over the
      // limit), which would reset the connection before the 413 is out: the rest is read into
      // the void instead, and body-guard closes the connection cleanly (server/body-guard.ts).
      req.destroy = function (this: typeof req) {
        this.resume();
        return this;
      };
      res.once("close", () => delete (req as Partial<typeof req>).destroy);
    }
    // The webhook's POST may be a slow upload that must not hold a render's place, and renders
    // nothing. Everything else the app answers, whatever its path or method, renders or may:
    // one line for all of it (docs/security.md, "Floods").
    if (req.method === "POST" && req.path === WEBHOOK) return handle(req, res, next);
    const gone = new AbortController();
    res.on("close", () => gone.abort());
    const turn = renders.run(() => handle(req, res, next), gone.signal);
    if (!turn) {
      return refuse(res, 503, "The server is busy. Please try again in a moment.", {
        "Retry-After": "2",
      });
    }
    // A client gone while waiting leaves the line: nothing to answer.
    await turn.catch(() => undefined);
  };
  return { handleRequest, renders };
}
