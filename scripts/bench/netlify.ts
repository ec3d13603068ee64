#!/usr/bin/env node
// `npm run bench:netlify`: the server function Netlify uploads
// (.netlify/functions/react-router-server.zip, made by `netlify build`), against
// Netlify's documented limits for a function: its zipped and unpacked size,
// and its cold start, the first request a new instance answers (import of
// Netlify's entry point, then GET /), over fresh processes. See docs/deploy.md.
//
//   npm run bench:netlify                 uses the zip the last `netlify build` left
//   npm run bench:netlify -- --build      runs `netlify build --offline` first
//   npm run bench:netlify -- --runs 9     cold starts to take (default 5)
import { existsSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { netlifyBuild } from "../netlify-build.mjs";
import { functionZip, startLocalDeploy, unpackFunction } from "../netlify-deploy.mjs";

const MB = 1024 * 1024;
// Netlify's functions run on AWS Lambda: 50 MB zipped (Netlify's deploy refuses a
// larger function), 250 MB unpacked; 1024 MB of memory and 60 s for a synchronous
// request by default (docs.netlify.com/build/functions/configuration/).
const LIMITS = { zipped: 50 * MB, unpacked: 250 * MB, memory: 1024 * MB, requestMs: 60_000 };

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;

if (args.includes("--build")) {
  console.log("netlify build --offline …");
  const result = await netlifyBuild();
  if (result.status !== 0) {
    console.error(result.output);
    process.exit(1);
  }
}
if (!existsSync(functionZip)) {
  console.error(
    "No .netlify/functions/react-router-server.zip: run `npm run bench:netlify -- --build`.",
  );
  process.exit(1);
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const share = (value: number, limit: number) =>
  `${((value / limit) * 100).toFixed(0)}% of ${mb(limit)}`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const fn = await unpackFunction();
// The unpacked copy goes however the run ends.
process.once("exit", () => fn.remove());
console.log(`\nNetlify function react-router-server (load average ${loadavg()[0]!.toFixed(1)})`);
console.log(`  zipped    ${mb(fn.zipBytes).padStart(9)}  ${share(fn.zipBytes, LIMITS.zipped)}`);
console.log(
  `  unpacked  ${mb(fn.bytes).padStart(9)}  ${share(fn.bytes, LIMITS.unpacked)}, ${fn.files.length} files`,
);

// What takes the room: the largest top-level folders of the zip.
const sizes = new Map<string, number>();
for (const file of fn.files) {
  const parts = file.split(path.sep);
  const key =
    parts[0] === "node_modules"
      ? parts.slice(0, parts[1]?.startsWith("@") ? 3 : 2).join("/")
      : parts.length > 1
        ? parts[0]
        : "(entry files)";
  const { size } = statSync(path.join(fn.dir, file));
  sizes.set(key, (sizes.get(key) ?? 0) + size);
}
const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 6);
for (const [name, size] of largest) console.log(`    ${mb(size).padStart(9)}  ${name}`);

/** Peak resident memory of a process so far (Linux), or undefined. */
function peakRss(pid: number) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Number(line[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

type Sample = { importMs: number; firstMs: number; warmMs: number; rss?: number; status: number };
const samples: Sample[] = [];
for (let run = 0; run < runs; run += 1) {
  // The function alone: no publish directory, no header rules.
  const deploy = await startLocalDeploy({
    functionDir: fn.dir,
    publishDir: undefined,
    headerRules: undefined,
  });
  const started = performance.now();
  const first = await fetch(`${deploy.url}/`);
  await first.arrayBuffer();
  const firstMs = performance.now() - started;
  const warmStarted = performance.now();
  await (await fetch(`${deploy.url}/work`)).arrayBuffer();
  const warmMs = performance.now() - warmStarted;
  const rss = peakRss(deploy.pid!);
  await deploy.stop();
  if (first.status !== 200) {
    console.log(
      `  run ${run + 1}: GET / answered ${first.status}\n    ${deploy.logs.join("\n    ")}`,
    );
  }
  samples.push({ importMs: deploy.importMs, firstMs, warmMs, rss, status: first.status });
}

const pick = (key: "importMs" | "firstMs" | "warmMs") => samples.map((sample) => sample[key]);
const line = (label: string, values: number[], limit?: string) => {
  const text = `median ${ms(median(values))}, min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))}`;
  console.log(`  ${label.padEnd(28)}${text}${limit ? `  (limit ${limit})` : ""}`);
};
console.log(`\nCold start over ${runs} fresh processes`);
line("import of the entry point", pick("importMs"));
line("first request (GET /)", pick("firstMs"), `${LIMITS.requestMs / 1000} s`);
line(
  "cold start (import + GET /)",
  samples.map((s) => s.importMs + s.firstMs),
);
line("next request (GET /work)", pick("warmMs"));
const failedRuns = samples.filter((sample) => sample.status !== 200).length;
if (failedRuns) console.log(`  ${failedRuns} of ${runs} first requests did not answer 200 (above)`);
const rss = samples.flatMap((sample) => sample.rss ?? []);
if (rss.length) {
  console.log(
    `  peak memory after 2 requests  median ${mb(median(rss))}  (${share(median(rss), LIMITS.memory)})`,
  );
}
