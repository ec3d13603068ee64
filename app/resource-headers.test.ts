import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { baseHeaders } from "~/lib/security/policy";

/**
 * The app's resource routes as React Router serves them, without the Node server (whose own base
 * headers would hide a missing one): the root and every route of app/routes.ts, plus two that
 * throw. Every answer carries the base headers (docs/security.md).
 */

type ServerRouteManifest = ServerBuild["routes"];
type Module = NonNullable<ServerRouteManifest[string]>["module"];
type Sample = { id: string; url: string };

const THROWS_ERROR = "/api/test-throws-error";
const THROWS_RESPONSE = "/api/test-throws-response";
const MIDDLEWARE_THROWS = "/api/test-middleware-throws";
/** What a failing route must not show: it would name the server's files. */
const SECRET = "/srv/secret/file.ts";

let handle: (request: Request) => Promise<Response>;
let resources: Sample[];

beforeAll(async () => {
  // What React Router's Vite plugin sets before it reads app/routes.ts.
  Object.assign(globalThis, { __reactRouterAppDirectory: import.meta.dirname });
  const config = await (await import("~/routes")).default;
  const routes: ServerRouteManifest = {
    root: { id: "root", path: "", module: (await import("~/root")) as unknown as Module },
  };
  resources = [];
  for (const entry of config) {
    const id = entry.id ?? entry.file;
    const module = (await import(path.join(import.meta.dirname, entry.file))) as Module;
    routes[id] = { ...entry, id, parentId: "root", module };
    // React Router's own test for a route with no page (lib/server-runtime/server.ts).
    if (module.default || module.ErrorBoundary) continue;
    const url = `/${(entry.path ?? "").replace(/\*$/, "x").replace(/:\w+/g, "x")}`;
    resources.push({ id, url });
  }
  const throwing = (url: string, loader: () => unknown, middleware: unknown[] = []) => {
    const module = { loader, middleware } as unknown as Module;
    routes[url] = { id: url, parentId: "root", path: url.slice(1), module };
  };
  throwing(THROWS_ERROR, () => {
    throw new Error(`cannot read ${SECRET}`);
  });
  throwing(THROWS_RESPONSE, () => {
    throw new Response("No coffee here.", { status: 418 });
  });
  // The route's own middleware fails: the root's middleware meets the error, not React Router's 500.
  const failing = () => {
    throw new Error(`cannot read ${SECRET}`);
  };
  throwing(MIDDLEWARE_THROWS, () => new Response("never"), [failing]);
  const build: ServerBuild = {
    entry: { module: await import("~/entry.server") },
    routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  handle = (request) => handler(request, new RouterContextProvider());
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The base headers the answer lacks; a route's own value of one (the Studio's) counts. */
function missingBaseHeaders(response: Response, secure: boolean) {
  const expected = baseHeaders({ secure, noindex: false });
  return Object.keys(expected).filter((name) => !response.headers.has(name));
}

describe("the base headers on every resource route (app/routes)", () => {
  it("finds the resource routes", () => {
    expect(resources.map(({ url }) => url)).toEqual(
      expect.arrayContaining(["/api/now-playing", "/robots.txt", "/sitemap.xml"]),
    );
  });

  for (const origin of ["http://localhost", "https://localhost"]) {
    const secure = origin.startsWith("https:");
    it(`on each answer over ${secure ? "HTTPS" : "plain HTTP"}, every method, HEAD and its .data twin`, async () => {
      const faults: string[] = [];
      for (const { url } of resources) {
        // POST where a route has no action: React Router's own 405.
        for (const method of ["GET", "HEAD", "POST"]) {
          const response = await handle(new Request(origin + url, { method }));
          const missing = missingBaseHeaders(response, secure);
          if (missing.length) faults.push(`${method} ${url} (${response.status}): ${missing}`);
          if (method === "HEAD" && response.body) faults.push(`HEAD ${url}: a body`);
        }
        const twin = await handle(new Request(`${origin}${url}.data`));
        if (twin.status !== 404) faults.push(`${url}.data: ${twin.status}`);
        const missing = missingBaseHeaders(twin, secure);
        if (missing.length) faults.push(`${url}.data: ${missing}`);
      }
      expect(faults).toEqual([]);
    });
  }

  it("on a Response a resource route throws", async () => {
    const response = await handle(new Request(`http://localhost${THROWS_RESPONSE}`));
    expect(response.status).toBe(418);
    expect(await response.text()).toBe("No coffee here.");
    expect(missingBaseHeaders(response, false)).toEqual([]);
  });

  it.each([
    ["its loader", THROWS_ERROR],
    ["a middleware under the root's", MIDDLEWARE_THROWS],
  ])(
    "on a resource route where %s fails: a plain 500 naming nothing of the server, logged once",
    async (_, url) => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await handle(new Request(`https://localhost${url}`));
      expect(response.status).toBe(500);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
      expect(await response.text()).toBe("Something went wrong.");
      expect(missingBaseHeaders(response, true)).toEqual([]);
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0]?.[1])).toContain(SECRET);
    },
  );
});
