#!/usr/bin/env node
// `npm run bench:size`: the JavaScript each route loads on first visit, from
// the production build's React Router manifest, in gzip bytes as the server sends it.
// Budget: 120 KB gzip per route (exits 1 above it): React and React Router alone, with no code
// of the site's, plus room for the site (docs/performance.md, "JavaScript budget"). Also proves the
// video code (the playback module and hls.js) is in no route's initial JavaScript: it loads
// on demand. Then the inline script each page ships (route map and loader data, JSON-LD apart),
// from the production server on the bundled dataset (inline-script-bytes.ts).
//
//   BUILD_DIR=.cache/build-x npm run bench:size    (default: build/)
//   --json   prints the figures as JSON as well
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { inlineScriptBytes } from "./inline-script-bytes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const assetsDir = path.join(buildDir, "client/assets");
const BUDGET = 120 * 1024;
const BUDGET_LABEL = `${BUDGET / 1024} KB`;
/** Chunks that only a page with a video may load: the playback module and hls.js. */
const VIDEO_CHUNK = /^(playback|hls(\.light)?)-[\w-]+\.js$/;

if (!existsSync(assetsDir)) {
  console.error(
    `No production build in ${path.relative(root, buildDir) || "."}: run the build first`,
  );
  console.error("  (e.g. BUILD_DIR=build npx react-router build)");
  process.exit(1);
}

const files = readdirSync(assetsDir).filter((name) => name.endsWith(".js"));
const manifestFile = files.find((name) => /^manifest-[0-9a-f]+\.js$/.test(name));
if (!manifestFile) {
  console.error(`No React Router manifest (assets/manifest-*.js) in ${assetsDir}`);
  process.exit(1);
}
const manifestSource = readFileSync(path.join(assetsDir, manifestFile), "utf8");
type Route = { id: string; path?: string; index?: boolean; module: string; imports?: string[] };
const manifest: { entry: { module: string; imports: string[] }; routes: Record<string, Route> } =
  JSON.parse(manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));

const source = new Map<string, Buffer>();
const read = (name: string): Buffer => {
  if (!source.has(name)) source.set(name, readFileSync(path.join(assetsDir, name)));
  return source.get(name)!;
};
// The .gz copy the build writes beside each script (level 9) is what the Node
// server sends; a script without one is compressed here the same way.
const gzipped = new Map<string, number>();
const gzipBytes = (name: string): number => {
  if (!gzipped.has(name)) {
    const copy = path.join(assetsDir, `${name}.gz`);
    const bytes = existsSync(copy)
      ? statSync(copy).size
      : gzipSync(read(name), { level: 9 }).byteLength;
    gzipped.set(name, bytes);
  }
  return gzipped.get(name)!;
};

// Imports between chunks, read from the minified code itself.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g;
// Oxc writes a dynamic import's path as a template literal: import(`./x.js`).
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;
const edges = (name: string, pattern: RegExp) =>
  [...read(name).toString("utf8").matchAll(pattern)].map((match) => match[1]!);

/** A chunk and everything it imports statically: what loading it costs. */
function closure(names: string[]) {
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name) || !files.includes(name)) continue;
    seen.add(name);
    queue.push(...edges(name, STATIC_IMPORT));
  }
  return seen;
}

const asset = (url: string) => path.basename(url);
const routeChunks = (route: Route) => [route.module, ...(route.imports ?? [])].map(asset);

// With lazy route discovery the page inlines the routes it needs in its HTML
// and never loads the manifest file; without it, the manifest is a script too.
const serverDir = path.join(buildDir, "server");
const serverFiles = [
  path.join(serverDir, "index.js"),
  ...(existsSync(path.join(serverDir, "assets"))
    ? readdirSync(path.join(serverDir, "assets")).map((name) =>
        path.join(serverDir, "assets", name),
      )
    : []),
].filter((file) => file.endsWith(".js") && existsSync(file));
const lazyDiscovery = serverFiles.some((file) =>
  /routeDiscovery = \{\s*"mode": "lazy"/.test(readFileSync(file, "utf8")),
);
const base = [
  ...(lazyDiscovery ? [] : [manifestFile]),
  asset(manifest.entry.module),
  ...manifest.entry.imports.map(asset),
];
const rootRoute = manifest.routes.root!;

// Page routes only: resource routes (API, media, sitemap) build to empty modules.
const pages = Object.values(manifest.routes).filter(
  (route) => route.id !== "root" && read(asset(route.module)).byteLength > 20,
);

const videoChunks = files.filter((name) => VIDEO_CHUNK.test(name));
const dynamicTargets = new Set(files.flatMap((name) => edges(name, DYNAMIC_IMPORT)));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const results = pages.map((route) => {
  const initial = closure([...base, ...routeChunks(rootRoute), ...routeChunks(route)]);
  const gzip = [...initial].reduce((sum, name) => sum + gzipBytes(name), 0);
  const raw = [...initial].reduce((sum, name) => sum + read(name).byteLength, 0);
  const video = [...initial].filter((name) => videoChunks.includes(name));
  return {
    route: route.index ? `/${route.path ?? ""}` : `/${route.path}`,
    id: route.id,
    files: initial.size,
    raw,
    gzip,
    withinBudget: gzip <= BUDGET,
    videoCode: video,
  };
});

const pad = (value: string | number, width: number) => String(value).padEnd(width);
console.log(`Initial JavaScript per route (${path.relative(root, buildDir)}; gzip as served)`);
console.log(
  `${pad("route", 22)}${pad("files", 7)}${pad("raw", 11)}${pad("gzip", 11)}${pad(`budget ${BUDGET_LABEL}`, 16)}video code`,
);
for (const result of results) {
  console.log(
    `${pad(result.route, 22)}${pad(result.files, 7)}${pad(kb(result.raw), 11)}${pad(kb(result.gzip), 11)}` +
      `${pad(result.withinBudget ? "ok" : "OVER", 16)}${result.videoCode.length ? result.videoCode.join(", ") : "none"}`,
  );
}

console.log(
  lazyDiscovery
    ? "(lazy route discovery: the route manifest is inlined in the HTML, not a script)"
    : `(the route manifest ${manifestFile} is loaded by every page and counted)`,
);
const shared = closure(base);
const framework = [...shared].reduce((sum, name) => sum + gzipBytes(name), 0);
console.log(
  `\nLoaded by every route (the entry and what it imports: React, React Router and, when the build` +
    ` merges them, the site's shell): ${kb(framework)} gzip`,
);
console.log("Video code, loaded on demand by the video component only:");
for (const name of videoChunks) {
  const lazy = dynamicTargets.has(name) ? "dynamic import()" : "NOT a dynamic import";
  console.log(`  ${pad(name, 36)}${pad(kb(gzipBytes(name)), 11)}${lazy}`);
}

const inline = await inlineScriptBytes(root, buildDir);
console.log("Inline script per page (React Router's route map and loader data; gzip as served):");
console.log(`  ${pad("page", 36)}${pad("raw", 11)}${pad("gzip", 11)}JSON-LD gzip`);
for (const page of inline) {
  console.log(
    `  ${pad(page.path, 36)}${pad(kb(page.raw), 11)}${pad(kb(page.gzip), 11)}${kb(page.jsonLdGzip)}`,
  );
}

const problems: string[] = [];
if (!videoChunks.length) problems.push("no video chunk found: the video code is not split out");
for (const name of videoChunks) {
  if (!dynamicTargets.has(name)) problems.push(`${name} is not loaded by a dynamic import`);
}
for (const result of results) {
  if (!result.withinBudget) {
    problems.push(
      `${result.route}: ${kb(result.gzip)} (${result.gzip} B) > ${BUDGET_LABEL} (${BUDGET} B)`,
    );
  }
  if (result.videoCode.length) problems.push(`${result.route} loads video code up front`);
}
if (process.argv.includes("--json"))
  console.log(JSON.stringify({ results, videoChunks, inline }, null, 2));
if (problems.length) {
  console.log(`\nFAIL\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  "\nOK: every route within budget; no route carries video code in its initial JavaScript.",
);
