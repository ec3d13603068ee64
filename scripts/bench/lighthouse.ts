#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated
// throttling) on every route of the production build, with Debian's Chromium.
// Three runs per route by default; prints per route the median Performance
// (and each run's), the medians of FCP, LCP, TBT and Speed Index, the LCP
// element, the document's and the scripts' bytes on the wire, whether "Properly
// size images" or a layout-shift audit fails, and any audit that costs
// Accessibility, Best Practices or SEO points. Targets: Performance 100
// (median), the other three 100. Lantern (the simulation) multiplies the CPU
// time it observes by 4, so a machine busy with other work lowers the scores:
// the load average is printed with the figures (docs/performance.md).
//
//   BUILD_DIR=.cache/build-x npm run bench:lighthouse
//   options: --routes=/,/work   --runs=3   --port=3502   --json
//            --explain   also prints, per route, the requests Lantern counted
//                        before the first and the largest paint (median run)
//   env: CHROMIUM_PATH (default /usr/bin/chromium)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";
import { startProductionServer } from "./util";
import { pinnedTool } from "../pinned-tool.mjs";
import {
  CATEGORIES,
  lanternGraphs,
  meetsTargets,
  printResult,
  summarize,
  type Report,
  type RouteResult,
} from "./lighthouse-report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const buildDir = process.env.BUILD_DIR ?? "build";
const port = Number(option("port") ?? 3502);
const runs = Math.max(1, Number(option("runs") ?? 3));
const explain = process.argv.includes("--explain");

if (!existsSync(path.resolve(root, buildDir, "server/index.js"))) {
  console.error(
    `No production build in ${buildDir}: run the build first (BUILD_DIR=${buildDir} npx react-router build)`,
  );
  process.exit(1);
}

// Lighthouse is pinned in a folder of its own and installed there on first use.
const lighthouseTool = pinnedTool(
  path.join(root, "scripts/bench/lighthouse"),
  "node_modules/lighthouse/package.json",
  { name: "Lighthouse" },
);
if (!lighthouseTool.isInstalled()) {
  console.log("Installing Lighthouse, pinned in scripts/bench/lighthouse (once)…");
  await lighthouseTool.ensure({ onOutput: (chunk: string) => process.stdout.write(chunk) });
}
const { chromeLauncher, lighthouse, Lantern } = await import("./lighthouse/index.mjs");
const { version: lighthouseVersion } = JSON.parse(
  readFileSync(path.join(lighthouseTool.dir, "node_modules/lighthouse/package.json"), "utf8"),
);

/** Every page: the four fixed routes and whatever the sitemap lists (the projects). */
async function discoverRoutes(origin: string) {
  const fixed = ["/", "/work", "/culture", "/legal"];
  const response = await fetch(`${origin}/sitemap.xml`);
  const xml = response.ok ? await response.text() : "";
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  return [...new Set([...fixed, ...listed])];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/**
 * One Lighthouse run. A run Lighthouse itself could not complete (a
 * `runtimeError`, e.g. NO_NAVSTART when the trace lost the navigation) scores
 * 0 everywhere; it measured nothing, so it is said and run again.
 */
async function runLighthouse(url: string, chromePort: number, attempt = 1): Promise<Report> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
  });
  // Lighthouse's own types exist only once it is installed; Report names the parts read here.
  const lhr = result?.lhr as unknown as Report | undefined;
  if (!lhr) throw new Error(`Lighthouse returned no report for ${url}`);
  if (!lhr.runtimeError || attempt === 3) return lhr;
  console.log(`${"".padEnd(34)} (run failed: ${lhr.runtimeError.code}; running again)`);
  return runLighthouse(url, chromePort, attempt + 1);
}

async function audit(url: string, chromePort: number) {
  const lhr = await runLighthouse(url, chromePort);
  return { ...summarize(lhr), lantern: explain ? lanternGraphs(Lantern) : undefined };
}

/**
 * Visits every route once, at Lighthouse's phone size and pixel ratio, and
 * scrolls to the end, so the server has made the image files those visits
 * ask for. In production all of it comes from a warm CDN (Sanity's or
 * Netlify's); a cold server would measure sharp, not the page.
 */
async function warmUp(origin: string, routes: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    for (const route of routes) {
      // A cold server first reads the dataset and cuts every image: on a busy machine, minutes.
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await fetch(origin + route).catch(() => null);
        await response?.arrayBuffer();
        if (response?.ok) break;
      }
      await page.goto(origin + route, { waitUntil: "networkidle", timeout: 300_000 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForLoadState("networkidle", { timeout: 300_000 });
      await (await fetch(origin + route)).arrayBuffer();
    }
  } finally {
    await browser.close();
  }
}

const server = await startProductionServer({ PORT: String(port), BUILD_DIR: buildDir });
const origin = `http://127.0.0.1:${port}`;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const results: RouteResult[] = [];
try {
  const routes = option("routes")?.split(",") ?? (await discoverRoutes(origin));
  await warmUp(origin, routes);
  const cores = availableParallelism();
  console.log(
    `Lighthouse ${lighthouseVersion} (mobile, simulated throttling) on ${routes.length} routes of ${buildDir}, ` +
      `${runs} run(s) each, medians shown (server caches warmed by one visit per route)`,
  );
  console.log(`load average at start: ${load()} (${cores} cores)`);
  if (loadavg()[0]! > cores) {
    console.log(
      "WARNING: the machine is busy; Lantern multiplies the CPU time it sees by 4, so these " +
        "figures are lower than a quiet machine's",
    );
  }
  console.log("");
  for (const route of routes) {
    const attempts: Awaited<ReturnType<typeof audit>>[] = [];
    for (let i = 0; i < runs; i++) attempts.push(await audit(origin + route, chrome.port));
    const performance = median(attempts.map((attempt) => attempt.scores.performance!));
    const chosen = attempts.find((attempt) => attempt.scores.performance === performance)!;
    const metric = (name: keyof (typeof chosen)["metrics"]) =>
      median(attempts.map((attempt) => attempt.metrics[name]));
    const result = {
      route,
      ...chosen,
      medians: { fcp: metric("fcp"), lcp: metric("lcp"), tbt: metric("tbt"), si: metric("si") },
      performanceRuns: attempts.map((a) => a.scores.performance!),
      benchmarkIndex: median(attempts.map((attempt) => attempt.benchmarkIndex)),
    };
    results.push(result);
    printResult(result, explain);
  }
  console.log(`\nload average at end: ${load()}`);
} finally {
  await chrome.kill();
  await server.stop();
}

const ok = results.every(meetsTargets);
mkdirSync(path.join(root, ".cache"), { recursive: true });
writeFileSync(path.join(root, ".cache/lighthouse-summary.json"), JSON.stringify(results, null, 2));
if (process.argv.includes("--json")) console.log(JSON.stringify(results, null, 2));
console.log(
  `\n${ok ? "OK" : "BELOW TARGET"}: targets are Performance 100 (median), Accessibility, Best Practices and SEO 100, ` +
    "no properly-size-images or layout-shift finding. Summary in .cache/lighthouse-summary.json",
);
process.exitCode = ok ? 0 : 1;
