#!/usr/bin/env node
// `npm run bench:hydration`: what the main thread does after the first paint on
// a cold load (no HTTP or code cache: a new browser per load), in Chromium,
// unthrottled, from a trace. Prints per build and route the medians of: the
// main thread's busy time after the first paint, the longest task, V8
// compiling on the main thread, and Lantern's view of it (each task × 4 counted
// above 50 ms, as Total Blocking Time would be on the same machine). Builds are
// measured in turns, so a machine getting busier affects them alike.
//
//   npm run bench:hydration -- --routes=/legal,/ --runs=5
//   BUILDS=.cache/build-before,build npm run bench:hydration
//   env: CHROMIUM_PATH (default /usr/bin/chromium)
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { startProductionServer } from "./production-server.mjs";

const option = (name) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const builds = (process.env.BUILDS ?? process.env.BUILD_DIR ?? "build").split(",");
const routes = (option("routes") ?? "/,/legal,/work/myrkur-festival").split(",");
const runs = Math.max(1, Number(option("runs") ?? 5));
const CATEGORIES =
  "devtools.timeline,blink.user_timing,loading,toplevel,rail,blink,v8,v8.execute,disabled-by-default-v8.compile";
const LANTERN_CPU_MULTIPLIER = 4;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One cold load of `url`, traced: the main thread's tasks after the first contentful paint. */
async function coldLoad(url) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto("about:blank");
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (message) => events.push(...message.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load" });
    // Hydration waits for the hero, then for the modules: three seconds covers it here.
    await page.waitForTimeout(3_000);
    await cdp.send("Tracing.end");
    await complete;
    const start = events.find(
      (event) =>
        event.name === "navigationStart" && event.args?.data?.documentLoaderURL?.startsWith("http"),
    );
    const paint = events.find(
      (event) => event.name === "firstContentfulPaint" && event.pid === start?.pid,
    );
    if (!start || !paint) return null;
    const main = events.filter(
      (event) => event.pid === start.pid && event.tid === start.tid && event.ph === "X",
    );
    const tasks = main
      .filter((event) => event.name === "ThreadControllerImpl::RunTask" && event.ts >= paint.ts)
      .map((event) => event.dur / 1000);
    const compile = main
      .filter((event) => /^V8\.Compile(Code|Ignition|IgnitionFinalization)$/.test(event.name))
      .reduce((sum, event) => sum + event.dur / 1000, 0);
    return {
      busy: tasks.reduce((sum, ms) => sum + ms, 0),
      longest: Math.max(0, ...tasks),
      compile,
      blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms * LANTERN_CPU_MULTIPLIER - 50), 0),
    };
  } finally {
    await browser.close();
  }
}

const servers = await Promise.all(
  builds.map((buildDir, index) => startProductionServer({ buildDir, port: 3610 + index })),
);
try {
  console.log(
    `Cold loads in Chromium, unthrottled, ${runs} per build and route; medians after the first paint`,
  );
  for (const route of routes) {
    const samples = builds.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (let index = 0; index < builds.length; index++) {
        const sample = await coldLoad(`http://127.0.0.1:${3610 + index}${route}`);
        if (sample) samples[index].push(sample);
      }
    }
    console.log(`\n${route}`);
    builds.forEach((buildDir, index) => {
      const of = (key) => Math.round(median(samples[index].map((sample) => sample[key])));
      console.log(
        `  ${buildDir.padEnd(24)} busy ${of("busy")} ms, longest task ${of("longest")} ms, ` +
          `V8 compiling on the main thread ${of("compile")} ms, ` +
          `blocking as Lantern counts it ${of("blocking")} ms ` +
          `(${samples[index].length} loads)`,
      );
    });
  }
} finally {
  for (const server of servers) server.kill();
}
