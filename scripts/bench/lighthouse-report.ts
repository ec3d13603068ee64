// What `bench:lighthouse` (scripts/bench/lighthouse.ts) reads from one Lighthouse report, and how
// it prints a route's result.

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const WATCHED = ["uses-responsive-images", "layout-shifts", "cumulative-layout-shift"];

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
export type Report = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit | undefined>;
  environment?: { benchmarkIndex?: number };
  runWarnings?: string[];
};
type LanternRequest = { url: string; priority: string; bytes: number; end: number };

/** The part of Lighthouse's Lantern module read here: the last simulation's node timings. */
export type LanternModule = {
  Simulation: {
    Simulator: {
      allNodeTimings: Map<
        string,
        Map<
          | { type: "cpu" }
          | { type: "network"; request: { url: string; priority: string; transferSize: number } },
          { startTime: number; endTime: number }
        >
      >;
    };
  };
};

export function summarize(lhr: Report) {
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
 * What Lantern counted before the first and the largest paint in the run just
 * made: the network requests of its pessimistic FCP and LCP graphs, with their
 * priority, bytes and simulated end, and the CPU time it charged.
 */
export function lanternGraphs(Lantern: LanternModule) {
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

export type RouteResult = { route: string } & ReturnType<typeof summarize> & {
    lantern?: ReturnType<typeof lanternGraphs>;
    medians: Record<"fcp" | "lcp" | "tbt" | "si", number>;
    performanceRuns: number[];
  };

const ms = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : "?");
const kib = (value: number | undefined) =>
  Number.isFinite(value) ? `${(value! / 1024).toFixed(1)} KiB` : "?";

/** A route's lines: scores, medians, what costs points, and with `explain` what Lantern counted. */
export function printResult(result: RouteResult, explain: boolean) {
  const { route } = result;
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
        (tasks.map((task) => `${task.ms} ms at ${task.start} ms ${task.url}`).join("; ") || "none"),
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

/** The targets: Performance 100 (median), the other three 100, no image or layout-shift finding. */
export function meetsTargets(r: RouteResult) {
  return (
    r.scores.performance! >= 100 &&
    r.scores.accessibility === 100 &&
    r.scores["best-practices"] === 100 &&
    r.scores.seo === 100 &&
    r.watched["uses-responsive-images"]!.score === 1 &&
    (r.watched["layout-shifts"]!.score ?? 1) === 1
  );
}
