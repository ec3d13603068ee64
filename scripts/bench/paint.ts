#!/usr/bin/env node
// `npm run bench:paint`: what a visitor on a slow phone meets, measured in
// Chromium with real throttling rather than simulated: Lighthouse's phone
// (412 × 823 CSS px at 1.75×, CPU four times slower) on its "slow 4G" as
// DevTools applies it (562.5 ms request latency, 1.44 Mbit/s down, 675 kbit/s
// up). Per route, the medians of cold loads: first paint, largest paint, when
// the page's priority images (the hero) finished, when its first script was
// asked for, when the scripts hydration needs were in, what else downloaded
// beside them (the throttle shares the line evenly between downloads, whatever
// their priority), and when it was hydrated (answers clicks). Beside them, the same
// page with every script removed (served through a local proxy that strips
// them, so it meets the same throttling): the largest paint a page could have
// with no JavaScript at all, and issue 21's targets against it (largest paint
// within 5 % of it; hydrated within 600 ms of the first paint). Prints figures;
// asserts nothing.
//
//   BUILD_DIR=.cache/build-x npm run bench:paint      (default: build/)
//   options: --routes=/,/work   --runs=3   --port=3505
import { existsSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";
import { startProductionServer } from "./util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const buildDir = process.env.BUILD_DIR ?? "build";
const port = Number(option("port") ?? 3505);
const runs = Math.max(1, Number(option("runs") ?? 3));
const routes = (option("routes") ?? "/,/work,/culture,/legal,/work/myrkur-festival").split(",");
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

if (!existsSync(path.resolve(root, buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}: run the build first`);
  process.exit(1);
}

/** What observe() leaves on the page (the functions below run in it, so each casts for itself). */
type Observed = Window & { __paint: { lcp: number; hydrated: number } };

/** Set before the page's own scripts: paints and the moment the root marks itself hydrated. */
function observe() {
  const window = globalThis as unknown as Observed;
  window.__paint = { lcp: 0, hydrated: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__paint.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new MutationObserver(() => {
    if (!window.__paint.hydrated && document.documentElement.dataset.hydrated === "true") {
      window.__paint.hydrated = performance.now();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
}

function collect() {
  const window = globalThis as unknown as Observed;
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const heroes = Array.from(
    document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
    (image) => image.currentSrc,
  );
  const scripts = entries.filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
  return {
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    lcp: window.__paint.lcp,
    hero: heroes.length
      ? Math.max(
          ...entries
            .filter((entry) => heroes.includes(entry.name))
            .map((entry) => entry.responseEnd),
        )
      : NaN,
    firstScript: scripts.length ? Math.min(...scripts.map((entry) => entry.startTime)) : NaN,
    hydrated: window.__paint.hydrated,
    // What hydration waited for: its scripts, and the other downloads sharing the line with them.
    scriptsIn: Math.max(
      ...scripts
        .filter((entry) => entry.startTime < window.__paint.hydrated)
        .map((entry) => entry.responseEnd),
    ),
    sharedBytes: entries
      .filter((entry) => !scripts.includes(entry) && entry.startTime < window.__paint.hydrated)
      .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    page:
      (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
        ?.encodedBodySize ?? NaN,
  };
}

/** Every script and module preload out of a page; JSON-LD (data, not code) stays. */
const withoutScripts = (html: string) =>
  html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link rel="modulepreload"[^>]*>/gi, "");

/**
 * A proxy to the server that strips the scripts out of every page it passes on. Everything else
 * goes through byte for byte, compressed as the server sent it, and a page leaves Brotli-compressed
 * at the best quality, as a CDN keeps it: the baseline must not pay for bytes the real page
 * never sends (docs/performance.md, "Paint on a throttled phone").
 */
function startScriptlessProxy(origin: string, proxyPort: number): Promise<Server> {
  const proxy = createServer((req, res) => {
    const upstream = request(
      origin + req.url,
      {
        headers: {
          accept: req.headers.accept ?? "*/*",
          "accept-encoding": req.headers["accept-encoding"] ?? "identity",
        },
      },
      async (answer) => {
        if (!/text\/html/.test(answer.headers["content-type"] ?? "")) {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk);
        const encoded = Buffer.concat(chunks);
        const encoding = answer.headers["content-encoding"];
        const html = (
          encoding === "br"
            ? brotliDecompressSync(encoded)
            : encoding === "gzip"
              ? gunzipSync(encoded)
              : encoded
        ).toString();
        const body = brotliCompressSync(withoutScripts(html), {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        const headers = { ...answer.headers, "content-encoding": "br" };
        delete headers["content-length"];
        delete headers["transfer-encoding"];
        res.writeHead(answer.statusCode!, headers).end(body);
      },
    );
    upstream.on("error", (error) => res.destroy(error));
    upstream.end();
  });
  return new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", () => resolve(proxy)));
}

async function measure(browser: Browser, url: string, { scripts = true } = {}) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(observe);
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  if (scripts) {
    await page.waitForFunction(
      () => (globalThis as unknown as Observed).__paint.hydrated > 0,
      null,
      {
        timeout: 120_000,
      },
    );
  } else {
    // Nothing will hydrate: the largest paint is in once the page has loaded and painted.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))),
    );
  }
  const result = await page.evaluate(collect);
  await context.close();
  return result;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};
const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : "?");
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "none");

const server = await startProductionServer({ PORT: String(port), BUILD_DIR: buildDir });
const proxy = await startScriptlessProxy(`http://127.0.0.1:${port}`, port + 1);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const origin = `http://127.0.0.1:${port}`;
  console.log(
    `Throttled phone (slow 4G, CPU ×4), ${runs} cold load(s) per route, medians; ` +
      `${path.relative(root, path.resolve(root, buildDir))}; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(", ")}`,
  );
  for (const route of routes) {
    // A first visit fills the server's caches: measure a warm server, as a CDN would be.
    await measure(browser, origin + route);
    const results: Awaited<ReturnType<typeof measure>>[] = [];
    for (let run = 0; run < runs; run++) results.push(await measure(browser, origin + route));
    const bare = `http://127.0.0.1:${port + 1}${route}`;
    await measure(browser, bare, { scripts: false });
    const baseline: typeof results = [];
    for (let run = 0; run < runs; run++) {
      baseline.push(await measure(browser, bare, { scripts: false }));
    }
    const of = (key: keyof (typeof results)[number]) =>
      median(results.map((result) => result[key]));
    const bareLcp = median(baseline.map((result) => result.lcp));
    const lcpOk = of("lcp") <= bareLcp * 1.05;
    const hydratedAfter = of("hydrated") - of("fcp");
    const pad = "".padEnd(26);
    console.log(
      `${route.padEnd(26)} first paint ${ms(of("fcp"))}, largest paint ${ms(of("lcp"))}, ` +
        `hero loaded ${ms(of("hero"))}, first script asked for ${ms(of("firstScript"))}, ` +
        `hydrated ${ms(of("hydrated"))}, page ${kb(of("page"))}\n` +
        `${pad} scripts in at ${ms(of("scriptsIn"))}, then ${ms(of("hydrated") - of("scriptsIn"))} ` +
        `to hydrate; ${kb(of("sharedBytes"))} of images, fonts and CSS downloaded beside them\n` +
        `${pad} without scripts (page ${kb(median(baseline.map((result) => result.page)))}): ` +
        `largest paint ${ms(bareLcp)}; largest paint ${(of("lcp") / bareLcp).toFixed(2)}× that ` +
        `(target ≤ 1.05: ${lcpOk ? "met" : "missed"}), hydrated ${ms(hydratedAfter)} after the ` +
        `first paint (target ≤ 600 ms: ${hydratedAfter <= 600 ? "met" : "missed"})`,
    );
  }
} finally {
  await browser.close();
  proxy.close();
  await server.stop();
}
