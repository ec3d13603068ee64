import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  deferScripts,
  deferScriptsStream,
  MAX_WAIT_MS,
  PRELOADS_MARKER,
} from "./defer-scripts.server";

// What Remix 2's <Scripts> renders for a project page (lazy route discovery on), shortened.
const REMIX_SCRIPTS =
  `<link rel="modulepreload" href="/assets/entry.client-A.js"/>` +
  `<link rel="modulepreload" href="/assets/shell-B.js"/>` +
  `<link rel="modulepreload" href="/assets/root-C.js"/>` +
  `<link rel="modulepreload" href="/assets/work._project-D.js"/>` +
  `<script nonce="n0nce">window.__remixContext = {"url":"/work/x"};</script>` +
  `<script nonce="n0nce" type="module" async="">;\n` +
  `import * as route0 from "/assets/root-C.js";\n` +
  `import * as route1 from "/assets/work._project-D.js";\n` +
  `window.__remixManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n` +
  `window.__remixRouteModules = {"root":route0,"routes/work.$project":route1};\n\n` +
  `import("/assets/entry.client-A.js");</script>`;
const PAGE =
  `<!DOCTYPE html><html lang="en"><head><title>Ünïcode</title></head><body>` +
  `<main><img fetchpriority="high" src="/hero.webp"/></main>${REMIX_SCRIPTS}` +
  `<!--$--><script nonce="n0nce">window.__remixContext.streamController.close();</script><!--/$-->` +
  `</body></html>`;

function moduleCode(html: string) {
  return /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
}

describe("deferScripts", () => {
  const html = deferScripts(PAGE)!;

  it("takes the module preloads out, leaving a marker where the first one was", () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      `<main><img fetchpriority="high" src="/hero.webp"/></main><!--${PRELOADS_MARKER}--><script nonce="n0nce">window.__remixContext`,
    );
    expect(html.split(`<!--${PRELOADS_MARKER}-->`)).toHaveLength(2);
  });

  it("keeps the module script's tag and leaves no static import in it", () => {
    expect(html).toContain('<script nonce="n0nce" type="module" async="">(async () => {');
    expect(moduleCode(html)).not.toMatch(/^import /m);
  });

  it("imports the route modules in Remix's order, after the wait, then hands over to the entry", () => {
    const code = moduleCode(html);
    const order = [
      "await (function whenPagePainted(",
      '"/assets/entry.client-A.js","/assets/shell-B.js","/assets/root-C.js","/assets/work._project-D.js"]',
      "(function openSessionStorage(",
      'const route0 = await import("/assets/root-C.js");',
      'const route1 = await import("/assets/work._project-D.js");',
      "window.__remixManifest =",
      'window.__remixRouteModules = {"root":route0,"routes/work.$project":route1};',
      'import("/assets/entry.client-A.js");',
    ].map((part) => code.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(code).toContain(`})(window, ${MAX_WAIT_MS});`);
  });

  it("writes ASCII only (the stream splices it into the page byte for byte)", () => {
    expect(moduleCode(html)).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it("writes code a browser can parse", () => {
    // Parsing only: the code runs in the browser (tests/e2e/hydration.test.ts).
    expect(() => new Function(moduleCode(html))).not.toThrow();
  });

  it("leaves everything around Remix's scripts as it was", () => {
    const strip = (text: string) =>
      text
        .replace(/<link rel="modulepreload"[^>]*>/g, "")
        .replace(`<!--${PRELOADS_MARKER}-->`, "")
        .replace(/(type="module" async="">)[\s\S]*?<\/script>/, "$1</script>");
    expect(strip(html)).toBe(strip(PAGE));
  });

  it("sends a page without Remix's module script as it is", () => {
    expect(deferScripts("<!DOCTYPE html><html><body><p>Hi</p></body></html>")).toBeNull();
    expect(deferScripts(PAGE.replace(/<link rel="modulepreload"[^>]*>/g, ""))).toBeNull();
  });
});

async function streamed(page: string, size: number) {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    chunks.push(bytes.subarray(offset, offset + size));
  }
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(deferScriptsStream())) {
    out.push(chunk as Buffer);
  }
  return Buffer.concat(out).toString();
}

describe("deferScriptsStream", () => {
  it.each([1, 7, 64, 100_000])(
    "rewrites a page however it is cut (%i-byte chunks)",
    async (size) => {
      expect(await streamed(PAGE, size)).toBe(deferScripts(PAGE));
    },
  );

  it("passes a page without Remix's scripts through unchanged", async () => {
    const page = "<!DOCTYPE html><html><body><p>Ünïcode</p></body></html>";
    expect(await streamed(page, 5)).toBe(page);
  });
});
