import { expect, test } from "./support/test";
import { rawRequest } from "./support/raw-connection";

/**
 * What outside scanners sent (issue 22, docs/security.md "Bad clients"): each
 * malformed request gets a short 4xx, refused methods say which are allowed,
 * and a forged Host never reaches a page.
 */
/** A raw HTTP request: fetch refuses TRACE and will not send a Host of the caller's choosing. */
const raw = (baseUrl: string, method: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(baseUrl, path, { method, headers });

test("answers a path whose percent-encoding does not decode with 400", async ({ baseUrl }) => {
  for (const path of ["/%", "/%zz", "/%C0%AF", "/media/images/%", "/work/%E0%A4%A"]) {
    const answer = await raw(baseUrl, "GET", path);
    expect(answer.status, path).toBe(400);
    expect(answer.body, path).toBe("Malformed percent-encoding in the path.\n");
    expect(answer.headers["cache-control"], path).toBe("private, no-store");
  }
});

test("answers a Host that is not a host name with 400", async ({ baseUrl }) => {
  for (const host of ["evil.example:4310@x", "a b", "x/y", "localhost:99999", "[1.2.3.4]"]) {
    const answer = await raw(baseUrl, "GET", "/work", { Host: host });
    expect(answer.status, host).toBe(400);
    expect(answer.body).toBe("Bad Host header.\n");
  }
});

test("builds a page's absolute addresses from the site's URL, whatever the Host says", async ({
  baseUrl,
}) => {
  const answer = await raw(baseUrl, "GET", "/legal", {
    Host: "evil.example",
    "Cache-Control": "no-cache",
  });
  expect(answer.status).toBe(200);
  expect(answer.body).not.toContain("evil.example");
  expect(answer.body).toMatch(/<meta property="og:image" content="https:\/\/lintur\.studio\//);
  expect(answer.body).toMatch(/<meta property="og:image:alt" content="[^"]+"/);
});

test("refuses TRACE and other methods with 405 and Allow, and a short body", async ({
  baseUrl,
}) => {
  for (const [method, path] of [
    ["TRACE", "/"],
    ["DELETE", "/api/now-playing"],
    ["PUT", "/work"],
    ["POST", "/work"],
    ["POST", "/media/images/local/bundled/x.jpg"],
  ] as const) {
    const answer = await raw(baseUrl, method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD, OPTIONS");
    // A failure: kept by no cache, the page's 405 screen too.
    expect(answer.headers["cache-control"], `${method} ${path}`).toBe("private, no-store");
    // A page shows its 405 screen (shell-error.test.ts); anything else a short line.
    if (method === "POST" && path === "/work") expect(answer.body).toContain("405");
    else expect(answer.body).toBe(`${method} is not allowed here.\n`);
  }
  const webhook = await raw(baseUrl, "GET", "/api/revalidate");
  expect(webhook.status).toBe(405);
  expect(webhook.headers.allow).toBe("POST, OPTIONS");
});

test("answers OPTIONS with Allow and no body", async ({ baseUrl }) => {
  for (const [path, allow] of [
    ["/media/videos/Lq4mV02xTz8KpR7bW9nYc3hJd6sFe1Ga.mp4", "GET, HEAD, OPTIONS"],
    ["/api/now-playing", "GET, HEAD, OPTIONS"],
    ["/api/revalidate", "POST, OPTIONS"],
  ] as const) {
    const answer = await raw(baseUrl, "OPTIONS", path);
    expect(answer.status, path).toBe(204);
    expect(answer.headers.allow, path).toBe(allow);
    expect(answer.body, path).toBe("");
  }
});

test("serves a static file at its own spelling only: any other is redirected or not found", async ({
  baseUrl,
}) => {
  const page = await raw(baseUrl, "GET", "/legal");
  const script = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
  expect(script, "the page loads a script").toBeTruthy();
  const own = await raw(baseUrl, "GET", script!);
  expect(own.status).toBe(200);
  expect(own.headers["cache-control"]).toContain("immutable");
  const file = script!.slice("/assets/".length);
  for (const path of [
    "/%66avicon.ico",
    `/assets/%${file.charCodeAt(0).toString(16)}${file.slice(1)}`,
    "/assets/..%2Ffavicon.ico",
    `/assets//${file}`,
    "//favicon.ico",
    "/assets/.%2F.%2F..%2Ffavicon.ico",
    `/ASSETS/${file}`,
    `/Assets/${file}`,
    "/assets",
    "/assets/",
  ]) {
    const answer = await raw(baseUrl, "GET", path);
    expect([308, 404], `${path}: ${answer.status}`).toContain(answer.status);
    // One hop, kept by no shared cache, to the file's own name or to no file: never back.
    if (answer.status === 308) {
      expect(answer.headers["cache-control"], path).toMatch(/^private\b/);
      const next = await raw(baseUrl, "GET", answer.headers.location!);
      expect(next.status, `${path} → ${answer.headers.location}`).not.toBe(308);
    }
  }
});
