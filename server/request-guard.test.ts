import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestGuard } from "./request-guard.ts";

/** The guard in front of an app that builds the request's URL as React Router's adapter does. */
function appTrusting(trustProxy: string | false) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(requestGuard());
  app.use((req, res) => {
    res.send(new URL(`${req.protocol}://${req.get("host")}${req.originalUrl}`).href);
  });
  return app;
}

/** A GET with headers of the caller's choosing (fetch sets its own Host). */
function get(port: number, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ port, path: "/work", headers, setHost: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("requestGuard: the headers a request's URL is built from", () => {
  const servers: { port: number; close: () => void }[] = [];
  beforeAll(async () => {
    for (const trust of [false, "loopback"] as const) {
      const server = appTrusting(trust).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      servers.push({ port: (server.address() as AddressInfo).port, close: () => server.close() });
    }
  });
  afterAll(() => servers.forEach((server) => server.close()));

  it("refuses a Host no URL can hold with 400, not an error later", async () => {
    for (const host of ["localhost:99999", "[1.2.3.4]", "[:::::]", "a b", "x/y", "u@evil.test"]) {
      for (const { port } of servers) {
        const answer = await get(port, { Host: host });
        expect(answer, host).toEqual({ status: 400, body: "Bad Host header.\n" });
      }
    }
  });

  it("behind a trusted proxy, refuses a forwarded host or scheme no URL can hold", async () => {
    const trusted = servers[1]!.port;
    for (const host of ["a:99999", "a b", "ok.test, [::x]"]) {
      const answer = await get(trusted, { Host: "localhost", "X-Forwarded-Host": host });
      expect(answer, host).toEqual({ status: 400, body: "Bad X-Forwarded-Host header.\n" });
    }
    for (const proto of ["a b", "javascript", "ftp"]) {
      const answer = await get(trusted, { Host: "localhost", "X-Forwarded-Proto": proto });
      expect(answer, proto).toEqual({ status: 400, body: "Bad X-Forwarded-Proto header.\n" });
    }
  });

  it("lets well-formed hosts through, and ignores forwarded headers nobody trusts", async () => {
    const [plain, trusted] = servers.map((server) => server.port) as [number, number];
    for (const host of ["localhost:3000", "[::1]:8080", "127.0.0.1", "lintur.studio"]) {
      expect((await get(plain, { Host: host })).status, host).toBe(200);
    }
    const forwarded = { "X-Forwarded-Host": "a:99999", "X-Forwarded-Proto": "a b" };
    expect((await get(plain, { Host: "localhost", ...forwarded })).status).toBe(200);
    const proxied = {
      "X-Forwarded-Host": "lintur.studio, cdn.test:8443",
      "X-Forwarded-Proto": "https",
    };
    expect(await get(trusted, { Host: "localhost", ...proxied })).toEqual({
      status: 200,
      body: "https://localhost/work",
    });
  });
});
