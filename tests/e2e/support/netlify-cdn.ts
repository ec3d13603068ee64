import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

type Kept = { status: number; headers: Headers; body: Buffer };

function forwardHeaders(headers: IncomingHttpHeaders) {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || ["host", "connection", "accept-encoding"].includes(name)) continue;
    out.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  out.set("accept-encoding", "identity");
  return out;
}

/**
 * Netlify's CDN in front of the production server, for browser tests: a GET
 * the app marks cacheable for the CDN (`Netlify-CDN-Cache-Control: public`)
 * is rendered once by the origin (with `Cache-Control: no-cache`, as the
 * function renders it), kept, and every later visit gets that copy byte for
 * byte, headers included, as the CDN replays it. Everything else passes
 * straight through.
 */
export async function startNetlifyLikeCdn(origin: string) {
  const kept = new Map<string, Kept>();
  const fetchOrigin = async (path: string, headers: Headers) => {
    const response = await fetch(origin + path, { headers, redirect: "manual" });
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const server = createServer(async (req, res) => {
    try {
      const path = req.url ?? "/";
      const headers = forwardHeaders(req.headers);
      let answer = req.method === "GET" ? kept.get(path) : undefined;
      const replayed = Boolean(answer);
      if (!answer) {
        if (req.method === "GET") headers.set("cache-control", "no-cache");
        answer = await fetchOrigin(path, headers);
        const cacheable = /public/.test(answer.headers.get("netlify-cdn-cache-control") ?? "");
        if (req.method === "GET" && cacheable) kept.set(path, answer);
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (
          !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)
        ) {
          out[name] = value;
        }
      });
      out["x-cdn"] = replayed ? "kept" : "pass";
      res.writeHead(answer.status, out);
      res.end(answer.status === 204 || answer.status === 304 ? undefined : answer.body);
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
