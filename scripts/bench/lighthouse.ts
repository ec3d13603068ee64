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
import { pinnedTool } from "../pinned-tool.mjs";
import { startProductionServer } from "../production-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const buildDir = process.env.BUILD_DIR ?? "build";
const port = Number(option("port") ?? 3502);
const runs = Math.max(1, Number(option("runs") ?? 3));
const explain = process.argv.includes("--explain");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const WATCHED = ["uses-responsive-images", "layout-shifts", "cumulative-layout-shift"];

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

/** The parts of Lighthouse's report (its LH.Result) read here. */
type Item = {
  node?: { selector?: string };
  url?: string;
  source?: { url?: string };
  totalBytes?: number;
  wastedBytes?: number;
  resourceType?: string;
  transferSize?: number;
  duration?: number;
  startTime?: number;
  items?: Item[];
  observedFirstContentfulPaint?: number;
  observedLargestContentfulPaint?: number;
  observedSpeedIndex?: number;
  observedLoad?: number;
};
type Audit = {
  score: number | null;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Item[] };
};
type Report = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit | undefined>;
  environment?: { benchmarkIndex?: number };
  runWarnings?: string[];
};
type LanternRequest = { url: string; priority: string; bytes: number; end: number };

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
 * What Lantern counted before the first and the largest paint in the run just
 * made: the network requests of its pessimistic FCP and LCP graphs, with their
 * priority, bytes and simulated end, and the CPU time it charged.
 */
function lanternGraphs() {
  const graphs: Record<string, { ms: number; cpuMs: number; requests: LanternRequest[] }> = {};
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    const match = /^(optimistic|pessimistic)(FirstContentfulPaint|LargestContentfulPaint)$/.exec(
      label,
    );
    if (!match) continue;
    let cpu = 0;
    let end = 0;
    const requests: LanternRequest[] = [];
    for (const [node, timing] of timings) {
      end = Math.max(end, timing.endTime);
      if (node.type === "cpu") cpu += timing.endTime - timing.startTime;
      else if (!node.request.url.startsWith("data:")) {
        requests.push({
          url: node.request.url.replace(/^https?:\/\/[^/]+/, ""),
          priority: node.request.priority,
          bytes: node.request.transferSize,
          end: Math.round(timing.endTime),
        });
      }
    }
    requests.sort((a, b) => a.end - b.end || a.url.localeCompare(b.url));
    graphs[`${match[1]} ${match[2] === "FirstContentfulPaint" ? "FCP" : "LCP"}`] = {
      ms: Math.round(end),
      cpuMs: Math.round(cpu),
      requests,
    };
  }
  return graphs;
}

/**
 * One Lighthouse run. A run Lighthouse itself could not complete (a
 * `runtimeError`, e.g. NO_NAVSTART when the trace lost the navigation) scores
 * 0 everywhere; it measured nothing, so it is said and run again.
 */
async function runLighthouse(url: string, chromePort: number, attempt = 1): Promise<Report> {
  const { lhr }: { lhr: Report } = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
  });
  if (!lhr.runtimeError || attempt === 3) return lhr;
  console.log(`${"".padEnd(34)} (run failed: ${lhr.runtimeError.code}; running again)`);
  return runLighthouse(url, chromePort, attempt + 1);
}

async function audit(url: string, chromePort: number) {
  const lhr = await runLighthouse(url, chromePort);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const watched = Object.fromEntries(
    WATCHED.map((id) => {
      const item = lhr.audits[id];
      return [id, { score: item?.score ?? null, value: item?.displayValue ?? "" }];
    }),
  );
  // Everything that costs points outside Performance, named, so it can be fixed.
  const failing: string[] = [];
  const where = (item: Audit) =>
    (item.details?.items ?? [])
      .slice(0, 4)
      .map((entry) => entry.node?.selector ?? entry.url ?? entry.source?.url ?? "")
      .filter(Boolean)
      .join(" | ");
  for (const id of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
        failing.push(`${id}: ${ref.id} ${where(item)}`.trim());
      }
    }
  }
  // Which images "Properly size images" means, and by how much.
  for (const entry of lhr.audits["uses-responsive-images"]?.details?.items ?? []) {
    failing.push(
      `uses-responsive-images: ${entry.url} ${Math.round(entry.totalBytes! / 1024)} KiB, ` +
        `${Math.round(entry.wastedBytes! / 1024)} KiB too many`,
    );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const metrics = {
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    si: numeric("speed-index"),
  };
  const lcpElement =
    lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node
      ?.selector ?? "?";
  // Bytes on the wire, as Lighthouse saw them: the document and every script.
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const documentBytes = requests.find(
    (request) => request.resourceType === "Document",
  )?.transferSize;
  const scriptBytes = requests
    .filter((request) => request.resourceType === "Script")
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    scores,
    watched,
    failing,
    metrics,
    lcpElement,
    documentBytes,
    scriptBytes,
    lantern: explain ? lanternGraphs() : undefined,
    // What the unthrottled load itself showed, from which Lantern simulates.
    observed: lhr.audits.metrics?.details?.items?.[0],
    // Lighthouse's own measure of this machine's CPU speed: figures from
    // machines (or hours) whose index differs much are not comparable.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    longTasks: longTasks(lhr),
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * The main-thread tasks Total Blocking Time is made of, longest first, with
 * the script Lighthouse blames for each (its simulated duration, as TBT
 * counts it).
 */
function longTasks(lhr: Report) {
  return (lhr.audits["long-tasks"]?.details?.items ?? [])
    .map((task) => ({
      ms: Math.round(task.duration!),
      start: Math.round(task.startTime!),
      url: String(task.url ?? "").replace(/^https?:\/\/[^/]+/, ""),
    }))
    .sort((a, b) => b.ms - a.ms);
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

const server = await startProductionServer({ buildDir, port });
const origin = `http://127.0.0.1:${port}`;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const results: ({ route: string } & Awaited<ReturnType<typeof audit>> & {
    medians: Record<"fcp" | "lcp" | "tbt" | "si", number>;
    performanceRuns: number[];
  })[] = [];
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
  const ms = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : "?");
  const kib = (value: number | undefined) =>
    Number.isFinite(value) ? `${(value! / 1024).toFixed(1)} KiB` : "?";
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
    const { scores, watched, medians } = result;
    const fails = (id: string) => {
      const score = watched[id]!.score;
      return score !== null && score < 1 ? "FAIL" : "pass";
    };
    console.log(
      `${route.padEnd(34)} perf ${String(scores.performance).padStart(3)}  a11y ${String(scores.accessibility).padStart(3)}  ` +
        `best ${String(scores["best-practices"]).padStart(3)}  seo ${String(scores.seo).padStart(3)}   ` +
        `properly-size-images ${fails("uses-responsive-images")}  layout-shifts ${fails("layout-shifts")} ` +
        `(CLS ${watched["cumulative-layout-shift"]!.value || "0"})`,
    );
    console.log(
      `${"".padEnd(34)} FCP ${ms(medians.fcp)}, LCP ${ms(medians.lcp)}, TBT ${Math.round(medians.tbt)} ms, ` +
        `SI ${ms(medians.si)}; perf runs ${result.performanceRuns.join("/")}; ` +
        `CPU benchmark index ${Math.round(result.benchmarkIndex)}`,
    );
    console.log(
      `${"".padEnd(34)} LCP element ${result.lcpElement}; document ${kib(result.documentBytes)}, ` +
        `scripts ${kib(result.scriptBytes)} on the wire`,
    );
    for (const failing of result.failing) console.log(`${"".padEnd(34)} costs points: ${failing}`);
    for (const warning of result.warnings) console.log(`${"".padEnd(34)} warning: ${warning}`);
    if (explain && result.observed) {
      const seen = result.observed;
      console.log(
        `${"".padEnd(34)} observed unthrottled: FCP ${seen.observedFirstContentfulPaint} ms, ` +
          `LCP ${seen.observedLargestContentfulPaint} ms, Speed Index ${seen.observedSpeedIndex} ms, ` +
          `load ${seen.observedLoad} ms (Lantern's Speed Index is 1.4 × the observed one + 0.4 × its own)`,
      );
    }
    if (explain) {
      const tasks = result.longTasks.slice(0, 5);
      console.log(
        `${"".padEnd(34)} long tasks (simulated): ` +
          (tasks.map((task) => `${task.ms} ms at ${task.start} ms ${task.url}`).join("; ") ||
            "none"),
      );
    }
    for (const [name, graph] of Object.entries(result.lantern ?? {})) {
      if (!name.startsWith("pessimistic")) continue;
      console.log(
        `${"".padEnd(34)} Lantern ${name.replace("pessimistic ", "")} graph: ${graph.ms} ms, ` +
          `CPU ${graph.cpuMs} ms, ${graph.requests.length} requests:`,
      );
      for (const request of graph.requests) {
        console.log(
          `${"".padEnd(36)} ${request.priority.padEnd(9)}${kib(request.bytes).padStart(10)}  ` +
            `ends ${String(request.end).padStart(5)} ms  ${request.url.slice(0, 110)}`,
        );
      }
    }
  }
  console.log(`\nload average at end: ${load()}`);
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
}

const ok = results.every(
  (r) =>
    r.scores.performance! >= 100 &&
    r.scores.accessibility === 100 &&
    r.scores["best-practices"] === 100 &&
    r.scores.seo === 100 &&
    r.watched["uses-responsive-images"]!.score === 1 &&
    (r.watched["layout-shifts"]!.score ?? 1) === 1,
);
mkdirSync(path.join(root, ".cache"), { recursive: true });
writeFileSync(path.join(root, ".cache/lighthouse-summary.json"), JSON.stringify(results, null, 2));
if (process.argv.includes("--json")) console.log(JSON.stringify(results, null, 2));
console.log(
  `\n${ok ? "OK" : "BELOW TARGET"}: targets are Performance 100 (median), Accessibility, Best Practices and SEO 100, ` +
    "no properly-size-images or layout-shift finding. Summary in .cache/lighthouse-summary.json",
);
process.exitCode = ok ? 0 : 1;
