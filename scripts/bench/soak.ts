/**
 * npm run bench:soak — a bounded soak of the production server on loopback:
 * for BENCH_SOAK_S seconds (60) a mix of pages, forced renders
 * (Cache-Control: no-cache), images, /api/now-playing and signed webhooks,
 * while the local fake Sanity goes down (503s, then no answer at all) and
 * comes back, and the fake Spotify answers 429. Images come from a second
 * server on the bundled dataset (with Sanity, images are Sanity's CDN's).
 * Prints what was served, answers by status, socket errors, p50/p99 and the
 * servers' memory; asserts nothing (docs/performance.md, "The Node server under load").
 */
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import autocannon from "autocannon";
import { ask, BUNDLED_DATASET } from "../../tests/support/dataset";
import { startFakeSanity } from "../../tests/support/fake-sanity";
import { startFakeSpotify } from "../../tests/support/fake-spotify";
import { freePort } from "../../tests/e2e/support/server";
import { percentile, requireBuild, rssMb, startProductionServer } from "./util";

const DURATION_S = Number(process.env.BENCH_SOAK_S ?? 60);
// Traffic from many visitors, each under the limit per client (server/rate-limit.ts): the server
// trusts loopback as its proxy, and each request names another visitor. Sanity's webhook has its own.
const visitorAddress = () => `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
const SANITY_ADDRESS = "203.0.113.10";
const SECRET = "soak-webhook-secret";
const at = (fraction: number) => Math.round(DURATION_S * fraction * 1000);

type Result = {
  requests: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};
type Row = {
  label: string;
  total: number;
  statuses: Record<string, number>;
  socketErrors: number;
  p50: number;
  p99: number;
};

function load(
  url: string,
  connections: number,
  requests: { path: string; headers?: Record<string, string> }[],
  /** Requests a second for this kind, all connections together; unset: as fast as answered. */
  overallRate?: number,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: DURATION_S,
        timeout: 30,
        ...(overallRate ? { overallRate } : {}),
        requests: requests.map((request) => ({
          method: "GET",
          ...request,
          setupRequest: (sent) => ({
            ...sent,
            headers: { ...sent.headers, "X-Forwarded-For": visitorAddress() },
          }),
        })),
      },
      (error, result) => (error ? reject(error) : resolve(result as unknown as Result)),
    );
  });
}

const row = (label: string, result: Result): Row => ({
  label,
  total: result.requests.total,
  statuses: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  ),
  socketErrors: result.errors + result.timeouts,
  p50: result.latency.p50,
  p99: result.latency.p99,
});

requireBuild();
const sanity = await startFakeSanity(BUNDLED_DATASET);
const spotify = await startFakeSpotify();
const site = await startProductionServer({
  PORT: await freePort(),
  SANITY_PROJECT_ID: "soak",
  SANITY_DATASET: "production",
  SANITY_API_HOST: sanity.url,
  SANITY_USE_CDN: "false",
  SANITY_WEBHOOK_SECRET: SECRET,
  TRUST_PROXY: "loopback",
  // Short trust in a result and a short deadline, so the outages reach the server.
  CONTENT_CACHE_TTL_MS: "2000",
  CONTENT_TIMEOUT_MS: "3000",
  SPOTIFY_CACHE_SECONDS: "1",
  ...spotify.env,
});
const media = await startProductionServer({ PORT: await freePort() });

try {
  const { projects, ids } = await ask<{ projects: string[]; ids: string[] }>(
    BUNDLED_DATASET,
    `{
      "projects": *[_type == "project" && hidden != true && defined(slug.current) && !(_id in path("drafts.**"))].slug.current,
      "ids": *[_type == "project" && !(_id in path("drafts.**"))]._id
    }`,
  );
  const pages = ["/", "/work", "/culture", "/legal", ...projects.map((slug) => `/work/${slug}`)];
  // Warm both servers: every page rendered once, the image list read from them.
  const images = new Set<string>();
  for (const path of pages) {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      if ((await fetch(site.url + path)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const html = await (await fetch(media.url + path)).text();
    // src and srcset URLs (a crop's rect=… has commas; a srcset entry ends at a space). The
    // streamed loader data holds the same URLs JSON-escaped (\u0026): a backslash ends a match.
    for (const match of html.matchAll(/\/media\/(?:images|videos)\/[^"\s\\]+/g)) {
      images.add(match[0].replace(/,$/, "").replaceAll("&amp;", "&"));
    }
  }
  const memoryStart = { site: rssMb(site.pid), media: rssMb(media.pid) };
  const samples: { site: number; media: number }[] = [];
  const sampler = setInterval(
    () => samples.push({ site: rssMb(site.pid), media: rssMb(media.pid) }),
    2000,
  );

  // The faults, on a timeline.
  const timeline: string[] = [];
  const t0 = performance.now() / 1000;
  const note = (text: string) =>
    timeline.push(`${(performance.now() / 1000 - t0).toFixed(1)} s ${text}`);
  const timers = [
    setTimeout(() => (sanity.failNext(1_000_000, 503), note("Sanity answers 503")), at(0.15)),
    setTimeout(() => (sanity.failNext(0, 503), note("Sanity back")), at(0.35)),
    setTimeout(
      () => (spotify.setAnswer({ status: 429, retryAfter: "3" }), note("Spotify answers 429")),
      at(0.25),
    ),
    setTimeout(() => (sanity.hang(), note("Sanity stops answering")), at(0.5)),
    setTimeout(() => (sanity.recover(), note("Sanity back")), at(0.7)),
    setTimeout(() => (spotify.setAnswer("track"), note("Spotify back")), at(0.75)),
  ];

  // Signed webhooks every 5 s, as Sanity sends them on publish: a project (which
  // purges every page listing projects) and the legal page in turn.
  const hooks = {
    total: 0,
    statuses: {} as Record<string, number>,
    socketErrors: 0,
    times: [] as number[],
  };
  const hookLoop = (async () => {
    const end = performance.now() + DURATION_S * 1000;
    for (let index = 0; performance.now() < end; index += 1) {
      const body = JSON.stringify(
        index % 2
          ? { _id: "legalPage", _type: "legalPage" }
          : { _id: ids[(index / 2) % ids.length], _type: "project" },
      );
      const started = performance.now();
      try {
        const response = await fetch(`${site.url}/api/revalidate`, {
          method: "POST",
          headers: {
            [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), SECRET),
            "X-Forwarded-For": SANITY_ADDRESS,
          },
          body,
        });
        await response.arrayBuffer();
        hooks.statuses[response.status] = (hooks.statuses[response.status] ?? 0) + 1;
      } catch {
        hooks.socketErrors += 1;
      }
      hooks.total += 1;
      hooks.times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  })();

  console.log(
    `Soak: ${DURATION_S} s, ${pages.length} pages, ${images.size} image and poster URLs, a webhook every 5 s\n`,
  );
  const [kept, forced, art, nowPlaying] = await Promise.all([
    load(
      site.url,
      8,
      pages.map((path) => ({ path })),
    ),
    // A reload asking for a fresh copy now and then; the widget polling from many open pages.
    load(
      site.url,
      2,
      pages.map((path) => ({ path, headers: { "Cache-Control": "no-cache" } })),
      2,
    ),
    load(
      media.url,
      4,
      [...images].map((path) => ({ path })),
    ),
    load(site.url, 2, [{ path: "/api/now-playing" }], 20),
  ]);
  await hookLoop;
  timers.forEach(clearTimeout);
  clearInterval(sampler);
  const memoryEnd = { site: rssMb(site.pid), media: rssMb(media.pid) };

  const rows: Row[] = [
    row("pages", kept),
    row("forced renders (no-cache)", forced),
    row("images (bundled server)", art),
    row("/api/now-playing", nowPlaying),
    {
      label: "signed webhooks",
      total: hooks.total,
      statuses: hooks.statuses,
      socketErrors: hooks.socketErrors,
      p50: Math.round(percentile(hooks.times, 50)),
      p99: Math.round(percentile(hooks.times, 99)),
    },
  ];
  console.log("Faults:\n  " + timeline.join("\n  ") + "\n");
  for (const r of rows) {
    const statuses = Object.entries(r.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    console.log(
      `${r.label.padEnd(27)} ${String(r.total).padStart(7)} served   p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   socket errors ${r.socketErrors}   [${statuses}]`,
    );
  }
  const total = rows.reduce((sum, r) => sum + r.total, 0);
  const socketErrors = rows.reduce((sum, r) => sum + r.socketErrors, 0);
  const keptFailures = Object.entries(rows[0]!.statuses)
    .filter(([status]) => status.startsWith("5"))
    .reduce((sum, [, count]) => sum + count, 0);
  const peak = (key: "site" | "media") => Math.max(...samples.map((sample) => sample[key]));
  const series = (key: "site" | "media") =>
    samples
      .filter((_, index) => index % 5 === 4)
      .map((sample) => sample[key].toFixed(0))
      .join(" ");
  console.log(
    `\nrequests served: ${total}   socket errors: ${socketErrors}   5xx on pages: ${keptFailures}`,
  );
  console.log(
    `server memory (RSS): site ${memoryStart.site.toFixed(0)} MB → ${memoryEnd.site.toFixed(0)} MB (peak ${peak("site").toFixed(0)}), images ${memoryStart.media.toFixed(0)} MB → ${memoryEnd.media.toFixed(0)} MB (peak ${peak("media").toFixed(0)})`,
  );
  console.log(`  every 10 s, MB: site ${series("site")}; images ${series("media")}`);
} finally {
  await site.stop();
  await media.stop();
  await sanity.close();
  await spotify.close();
}
