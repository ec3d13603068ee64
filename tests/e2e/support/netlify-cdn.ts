import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import cspNonce from "../../../netlify/edge-functions/csp-nonce";
import { resolveNetlifyConfig } from "../../../scripts/netlify-deploy.mjs";

type Kept = { status: number; headers: Headers; body: Buffer };

/** The paths netlify.toml keeps the edge step off, as Netlify's own config resolver reads them. */
async function excludedPaths() {
  const config = await resolveNetlifyConfig();
  const declaration = (
    config.edge_functions as { function: string; excludedPath?: string[] }[] | undefined
  )?.find((entry) => entry.function === "csp-nonce");
  if (!declaration) throw new Error("netlify.toml declares no route for the csp-nonce edge step");
  return (declaration.excludedPath ?? []).map(
    (pattern) => new RegExp(`^${pattern.replace(/[.]/g, "\\.").replace(/\*/g, ".*")}$`),
  );
}

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
 * Netlify's CDN and the edge step in front of the production server, for
 * browser tests: a page is rendered once by the origin (as the Netlify
 * function renders it, a nonce on every script), kept, and every visit gets
 * that kept copy through netlify/edge-functions/csp-nonce.ts. Everything the
 * edge step excludes passes straight through.
 */
export async function startNetlifyLikeCdn(origin: string) {
  const excluded = await excludedPaths();
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
      const pathname = new URL(path, origin).pathname;
      let answer: Response;
      if (req.method !== "GET" || excluded.some((pattern) => pattern.test(pathname))) {
        const { status, headers: upstream, body } = await fetchOrigin(path, headers);
        answer = new Response(status === 204 || status === 304 ? null : new Uint8Array(body), {
          status,
          headers: upstream,
        });
      } else {
        let copy = kept.get(path);
        if (!copy) {
          // The function's own render: a fresh nonce on every script.
          headers.set("cache-control", "no-cache");
          copy = await fetchOrigin(path, headers);
          if (/public/.test(copy.headers.get("netlify-cdn-cache-control") ?? ""))
            kept.set(path, copy);
        }
        const replay = copy;
        answer = await cspNonce(new Request(origin + path, { headers }), {
          next: async () =>
            new Response(new Uint8Array(replay.body), {
              status: replay.status,
              headers: replay.headers,
            }),
        });
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (
          !["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)
        ) {
          out[name] = value;
        }
      });
      out["x-cdn"] = kept.has(path) ? "kept" : "pass";
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
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
