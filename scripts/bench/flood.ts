/**
 * npm run bench:flood — what a flood of requests that each cost a fresh render or transform does
 * to everyone else (docs/security.md, "Bad clients"; figures: docs/performance.md). On loopback
 * only: the production server on the bundled dataset, one flood after another, BENCH_FLOOD_S
 * seconds each (30), 64 connections:
 *   - random query strings on a project page, random unknown paths, random project slugs and
 *     percent-encoded spellings of the pages (each asks for a render, or a 308 before one),
 *   - random rects and sizes on the images' static names and random poster ratios (files that
 *     are not there: plain 404s, no render),
 *   - `Cache-Control: no-cache` on the home page (a client's reload never skips a cache),
 *   - invented preview cookies on the home page (only a valid one skips a cache),
 *   - random query strings on answers that do not read the query (robots.txt, sitemap.xml,
 *     the music widget's API, the editors' redirect sources).
 * BENCH_FLOODS picks some by name: queries, paths, slugs, encoded, images, posters, nocache,
 * cookies, resources (all by default). Each flood request comes from another address (the server
 * trusts loopback as its proxy), so the limit per client does not hide what the flood costs.
 * Meanwhile a normal visitor asks for the home page every 2 s. Prints per flood the requests a
 * second, statuses, timeouts, the visitor's p50 and max, and the server's memory before, at the
 * peak and 30 s after. Asserts nothing.
 */
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { ask, BUNDLED_DATASET } from "../../tests/support/dataset";
import { freePort } from "../../tests/e2e/support/server";
import { percentile, requireBuild, rssMb, startProductionServer } from "./util";

const DURATION_S = Number(process.env.BENCH_FLOOD_S ?? 30);
const CONNECTIONS = 64;
const random = () => Math.random().toString(36).slice(2, 10);
const floodAddress = () => `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
/** The visitor's own address, apart from the flood's. */
const VISITOR_ADDRESS = "192.0.2.1";

type Result = {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};

function flood(
  url: string,
  path: () => string,
  headers: () => Record<string, string> = () => ({}),
): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        timeout: 10,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => ({
              ...request,
              path: path(),
              // Each request from another address: a flood from many clients, which the limit per
              // client (server/rate-limit.ts) does not stop; the server trusts loopback's proxy.
              headers: { ...request.headers, "X-Forwarded-For": floodAddress(), ...headers() },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result as unknown as Result)),
    );
  });
}

/**
 * A visitor asking for `url` every 2 s until stopped: each answer's time in ms. It runs on a
 * thread of its own: on this process's event loop, busy reading the flood's answers, its
 * requests waited for the benchmark rather than for the server.
 */
function visitor(url: string) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require("node:worker_threads");
    const times = [];
    let failures = 0;
    let running = true;
    parentPort.once("message", () => (running = false));
    (async () => {
      while (running) {
        const started = performance.now();
        try {
          const response = await fetch(workerData.url, {
            signal: AbortSignal.timeout(15_000),
            headers: { "X-Forwarded-For": workerData.address },
          });
          await response.arrayBuffer();
          if (response.ok) times.push(performance.now() - started);
          else failures += 1;
        } catch {
          failures += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      parentPort.postMessage({ times, failures });
    })();
    `,
    { eval: true, workerData: { url, address: VISITOR_ADDRESS } },
  );
  return {
    stop: () =>
      new Promise<{ times: number[]; failures: number }>((resolve) => {
        worker.once("message", (result: { times: number[]; failures: number }) => {
          void worker.terminate();
          resolve(result);
        });
        worker.postMessage("stop");
      }),
  };
}

requireBuild();
const site = await startProductionServer({ PORT: await freePort(), TRUST_PROXY: "loopback" });
try {
  const slug = await ask<string>(
    BUNDLED_DATASET,
    `*[_type == "project" && hidden != true && defined(slug.current) && !(_id in path("drafts.**"))][0].slug.current`,
  );
  const project = `/work/${slug}`;
  // The server reads the dataset on its first query; then the visitor starts.
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if ((await fetch(site.url + project)).status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await fetch(site.url + "/");
  const pages = await Promise.all(
    ["/", "/work", project, "/culture"].map(async (page) => (await fetch(site.url + page)).text()),
  );
  const images = [
    ...new Set(pages.flatMap((html) => html.match(/\/media\/images\/[^"\s\\?]+/g) ?? [])),
  ];
  if (!images.length) throw new Error(`No image on ${project}`);
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const videos = await ask<string[]>(BUNDLED_DATASET, `*[_type == "mux.videoAsset"].playbackId`);
  const redirects = await ask<string[]>(BUNDLED_DATASET, `*[_type == "redirect"].source`);
  const resources = ["/robots.txt", "/sitemap.xml", "/api/now-playing", ...redirects];

  type Flood = [string, string, () => string, (() => Record<string, string>)?];
  const all: Flood[] = [
    [
      "queries",
      "random query strings on a project page",
      () => `${project}?utm_source=${random()}&x=${random()}`,
    ],
    ["paths", "random unknown paths", () => `/${random()}/${random()}`],
    ["slugs", "random project slugs", () => `/work/${random()}`],
    [
      "encoded",
      "percent-encoded spellings of the pages",
      () =>
        pick(["/work", "/culture", "/legal", project]).replace(/[a-z]/g, (char) =>
          Math.random() < 0.5 ? `%${char.charCodeAt(0).toString(16)}` : char,
        ),
    ],
    [
      "images",
      `random rects and sizes on ${images.length} images' static names`,
      () => {
        const n = () => 1 + Math.floor(Math.random() * 2000);
        return `${pick(images).replace(/\/[^/]+\/[^/]+$/, "")}/${n()},${n()},${n()},${n()}/${n()}x${n()}.webp`;
      },
    ],
    [
      "posters",
      `random ratios on ${videos.length} video posters`,
      () => `/media/videos/${pick(videos)}/400x${1 + Math.floor(Math.random() * 2000)}.webp`,
    ],
    ["nocache", "Cache-Control: no-cache on /", () => "/", () => ({ "Cache-Control": "no-cache" })],
    [
      "cookies",
      "invented preview cookies on /",
      () => "/",
      () => ({ Cookie: `__preview=${random()}` }),
    ],
    [
      "resources",
      "random queries on robots.txt, sitemap.xml, now-playing, redirects",
      () => `${pick(resources)}?${random()}=${random()}`,
    ],
  ];
  const chosen = process.env.BENCH_FLOODS?.split(",");
  const floods = all.filter(([name]) => !chosen || chosen.includes(name));
  console.log(
    `Flood: ${DURATION_S} s each, ${CONNECTIONS} connections, a visitor on / every 2 s\n`,
  );
  console.log(
    "| flood | requests/s | statuses | timeouts | visitor p50 | visitor max | memory before → peak → 30 s after |",
  );
  console.log("| --- | ---: | --- | ---: | ---: | ---: | --- |");
  for (const [, label, path, headers] of floods) {
    const before = rssMb(site.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(site.pid))), 500);
    const normal = visitor(site.url + "/");
    const result = await flood(site.url, path, headers);
    const { times, failures } = await normal.stop();
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const after = rssMb(site.pid);
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(", ");
    const ms = (value: number | undefined) =>
      value === undefined ? "–" : `${value.toFixed(0)} ms`;
    console.log(
      `| ${label} | ${result.requests.average.toFixed(0)} | ${statuses} | ${result.timeouts} | ${ms(times.length ? percentile(times, 50) : undefined)} | ${ms(times.length ? Math.max(...times) : undefined)}${failures ? ` (${failures} failed)` : ""} | ${before.toFixed(0)} → ${peak.toFixed(0)} → ${after.toFixed(0)} MB |`,
    );
  }
} finally {
  await site.stop();
}
