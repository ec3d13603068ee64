import { createHash } from "node:crypto";
import { expect, test } from "./support/test";
import { BUNDLED_DATASET } from "../support/dataset";
import { startFakeSanity, type FakeSanity } from "../support/fake-sanity";
import { startServer, type RunningServer } from "./support/server";
import { waitUntilReady } from "./support/ready";

/**
 * The security headers on every kind of answer the production server gives
 * (docs/security.md), over plain HTTP and as HTTPS behind a trusted proxy.
 */

/** The project's own Studio on Sanity's hosting, configured on one of the servers below. */
const HOSTED_STUDIO = "https://agency-site-studio.sanity.studio";
/** Who may frame an answer: the site's own /studio, and Studios the project configured (issue 35). */
const frameAncestors = (...studios: string[]) =>
  new RegExp(
    `(^|; )frame-ancestors ${["'self'", ...studios].join(" ")}(;|$)`.replaceAll(".", "\\."),
  );

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
  // The route asks the list of slugs first: "p" must be a project for its query to run.
  sanity.answerWith("defined(slug.current)].slug.current", ["p"]);
  failing = await startServer({
    TRUST_PROXY: "loopback",
    SANITY_PROJECT_ID: "fake",
    SANITY_DATASET: "production",
    SANITY_API_HOST: sanity.url,
    SANITY_USE_CDN: "false",
    SANITY_STUDIO_URL: `${HOSTED_STUDIO}/studio`,
  });
  await waitUntilReady(bundled.url, "/work");
  await waitUntilReady(failing.url, "/legal");
  const html = await (await fetch(`${bundled.url}/work`)).text();
  asset = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)![1]!;
  image = /(\/media\/images\/[^"\s]+?\.(?:webp|png))/.exec(html)![1]!;
});

test.afterAll(async () => {
  await bundled?.stop();
  await failing?.stop();
  await sanity?.close();
});

function expectBaseHeaders(response: Response, transport: Transport, studios: string[] = []) {
  const headers = response.headers;
  expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\)/);
  expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  expect(headers.get("Content-Security-Policy")).toMatch(frameAncestors(...studios));
  if (transport === "plain HTTP") expect(headers.get("Strict-Transport-Security")).toBeNull();
  else {
    const hsts = headers.get("Strict-Transport-Security") ?? "";
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain("includeSubDomains");
  }
  expect(headers.get("X-Robots-Tag")).toBeNull();
}

/** The hash sources a page's policy allows its inline scripts by. */
function expectPagePolicy(response: Response) {
  const policy = response.headers.get("Content-Security-Policy")!;
  const scriptSrc = /script-src [^;]*/.exec(policy)?.[0] ?? "";
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/);
  for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
    expect(policy).toContain(directive);
  }
  return [...scriptSrc.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]!);
}

/** The sha256 of each inline script a browser would run, as a CSP hash source names it. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|application\/ld\+json/.test(attributes!))
    .map(([, , text]) => `sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}`);

const expectResourcePolicy = (response: Response) =>
  expect(response.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none'/);

for (const transport of TRANSPORTS) {
  test.describe(`security headers over ${transport}`, () => headersOver(transport));
}

function headersOver(transport: Transport) {
  const get = (base: () => string, path: string, headers: Record<string, string> = {}) =>
    fetch(base() + path, { headers: { ...viaProxy(transport), ...headers } });
  const main = () => bundled.url;

  test("on a page rendered for this request, the hash of each inline script in its policy", async () => {
    const response = await get(main, "/work");
    expect(response.status).toBe(200);
    expectBaseHeaders(response, transport);
    const allowed = expectPagePolicy(response);
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    const inline = inlineScriptHashes(html);
    expect(inline.length, "React Router's context, data and entry scripts").toBeGreaterThan(1);
    expect(new Set(allowed)).toEqual(new Set(inline));
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
    const response = await get(() => failing.url, "/work/p");
    expect(response.status).toBe(500);
    expectBaseHeaders(response, transport, [HOSTED_STUDIO]);
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
