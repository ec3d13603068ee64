import { expect, test } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { startServer, type RunningServer } from "./support/server";
import { waitUntilReady } from "./support/ready";

/**
 * The security headers on every kind of answer the production server gives
 * (docs/security.md), over plain HTTP and as HTTPS behind a trusted proxy.
 */

const FRAME_ANCESTORS = "frame-ancestors 'self' https://*.sanity.studio https://www.sanity.io";

type Transport = "plain HTTP" | "HTTPS behind a proxy";
const TRANSPORTS: Transport[] = ["plain HTTP", "HTTPS behind a proxy"];
const viaProxy = (transport: Transport): Record<string, string> =>
  transport === "plain HTTP"
    ? {}
    : { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" };

let bundled: RunningServer;
let sanity: FakeSanity;
let failing: RunningServer;
let asset: string;
let image: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Proxies on this machine may say how a request arrived.
  bundled = await startServer({ TRUST_PROXY: "loopback" });
  // A content back end answering the project query with what the loader cannot use: a 500.
  sanity = await startFakeSanity(BUNDLED_DATASET);
  sanity.answerWith('"siblings"', { project: { _id: "p", title: "P", slug: "p" }, siblings: 42 });
  failing = await startServer({
    TRUST_PROXY: "loopback",
    SANITY_PROJECT_ID: "fake",
    SANITY_DATASET: "production",
    SANITY_API_HOST: sanity.url,
    SANITY_USE_CDN: "false",
  });
  await waitUntilReady(bundled.url, "/work");
  await waitUntilReady(failing.url, "/legal");
  const html = await (await fetch(`${bundled.url}/work`)).text();
  asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)![1]!;
  image = /(\/media\/images\/[^"\s,]+)/.exec(html)![1]!.replaceAll("&amp;", "&");
});

test.afterAll(async () => {
  await bundled?.stop();
  await failing?.stop();
  await sanity?.close();
});

function expectBaseHeaders(response: Response, transport: Transport) {
  const headers = response.headers;
  expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\)/);
  expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  expect(headers.get("Content-Security-Policy")).toContain(FRAME_ANCESTORS);
  if (transport === "plain HTTP") expect(headers.get("Strict-Transport-Security")).toBeNull();
  else {
    const hsts = headers.get("Strict-Transport-Security") ?? "";
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain("includeSubDomains");
  }
  expect(headers.get("X-Robots-Tag")).toBeNull();
}

function expectPagePolicy(response: Response) {
  const policy = response.headers.get("Content-Security-Policy")!;
  expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9_-]{22}'( 'sha256-[^']+')* 'strict-dynamic'/);
  for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
    expect(policy).toContain(directive);
  }
  return /'nonce-([^']+)'/.exec(policy)![1]!;
}

const expectResourcePolicy = (response: Response) =>
  expect(response.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);

for (const transport of TRANSPORTS) {
  test.describe(`security headers over ${transport}`, () => headersOver(transport));
}

function headersOver(transport: Transport) {
  const get = (base: () => string, path: string, headers: Record<string, string> = {}) =>
    fetch(base() + path, { headers: { ...viaProxy(transport), ...headers } });
  const main = () => bundled.url;

  test("on a page rendered for this request, its nonce on every script", async () => {
    const response = await get(main, "/work", { "Cache-Control": "no-cache" });
    expect(response.status).toBe(200);
    expectBaseHeaders(response, transport);
    const nonce = expectPagePolicy(response);
    const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !attributes.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test("on a page from the page cache, with a nonce of its own", async () => {
    await get(main, "/culture");
    const first = await get(main, "/culture");
    const second = await get(main, "/culture");
    expect([first.headers.get("X-Cache"), second.headers.get("X-Cache")]).toEqual(["HIT", "HIT"]);
    expectBaseHeaders(second, transport);
    const nonces = [expectPagePolicy(first), expectPagePolicy(second)];
    expect(nonces[0]).not.toBe(nonces[1]);
    const html = await second.text();
    expect(html).toContain(`nonce="${nonces[1]}"`);
    expect(html).not.toContain(nonces[0]);
  });

  test("on a data request", async () => {
    const response = await get(main, "/work.data");
    expect(response.status).toBe(200);
    expectBaseHeaders(response, transport);
    expectResourcePolicy(response);
  });

  test("on a resource route (/api/now-playing)", async () => {
    const response = await get(main, "/api/now-playing");
    expect(response.status).toBe(200);
    expectBaseHeaders(response, transport);
    expectResourcePolicy(response);
  });

  test("on a media file", async () => {
    const response = await get(main, image);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^image\//);
    expectBaseHeaders(response, transport);
    expectResourcePolicy(response);
  });

  test("on a static asset", async () => {
    const response = await get(main, asset);
    expect(response.status).toBe(200);
    expectBaseHeaders(response, transport);
    expectResourcePolicy(response);
  });

  test("on a 404", async () => {
    const response = await get(main, "/no-such-page-anywhere");
    expect(response.status).toBe(404);
    expectBaseHeaders(response, transport);
    expectPagePolicy(response);
  });

  test("on a 500", async () => {
    const response = await get(() => failing.url, "/work/p", { "Cache-Control": "no-cache" });
    expect(response.status).toBe(500);
    expectBaseHeaders(response, transport);
    expectPagePolicy(response);
  });
}

test.describe("a proxy the server does not trust", () => {
  test.beforeAll(async ({ baseUrl }) => {
    test.setTimeout(120_000);
    await waitUntilReady(baseUrl, "/legal");
  });
  test("cannot claim HTTPS: no HSTS from a spoofed X-Forwarded-Proto", async ({ baseUrl }) => {
    const response = await fetch(`${baseUrl}/legal`, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });
});
