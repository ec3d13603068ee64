import netlifyReactRouter from "@netlify/vite-plugin-react-router";
import { reactRouter } from "@react-router/dev/vite";
import express from "express";
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { constants } from "node:zlib";
import { defineConfig, type BuildEnvironmentOptions, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { BUNDLED_VIDEO_FILE } from "./app/lib/media/renditions.ts";
import { bundledDatasetDir } from "./vite/bundled-dataset.ts";
import { liveDataset } from "./vite/live-dataset.ts";
import { staticRenditions } from "./vite/renditions.ts";

/**
 * Brotli (maximum quality) and gzip copies of the browser's scripts and
 * styles, made once at build time for the Node server, which serves them as
 * they are (server/app.ts); compressing on every request could only afford
 * a fast, larger Brotli. Netlify's CDN compresses by itself.
 */
function precompressedAssets(): Plugin {
  return {
    ...compression({
      include: /\.(js|css|svg|json|txt|xml)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm("brotliCompress", {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
      logLevel: "silent",
    }),
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
  };
}

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** The client entry, the root and route modules: what React Router loads for the first page. */
const ROUTE_MODULE = /\/app\/(root\.tsx|entry\.client\.tsx|routes\/[^/]+)$/;
/** What only pages with media modules, galleries or project cards need. */
const CONTENT_MODULE =
  /\/app\/(components\/(Modules|Gallery|StepButtons|Hero|Media|Video|VideoPoster|BackgroundVideo|ProjectCard)\.tsx|lib\/media\/(video|preload)\.ts|lib\/module-rows\.ts)$/;

/**
 * The browser's code in two chunks instead of the nine small ones the bundler cuts
 * by default: "shell" (React, React DOM, React Router, the root, header, footer,
 * rich text and images: what every page loads; the bundler names it after the client
 * entry, which it holds) and "content" (media, modules, galleries, cards). One
 * gzip stream compresses better than several, and fewer requests start before
 * the first paint (docs/performance.md, "JavaScript budget"). The cost: a
 * deploy that changes any of it makes returning visitors download the framework
 * again. Code behind a dynamic import() (lightbox, cursor ring, menu focus trap,
 * music widget, deploy guard, video playback) keeps its own chunks.
 */
function appChunks() {
  const initial = new Map<string, boolean>();
  const loadedUpFront = (
    id: string,
    moduleInfo: ModuleInfoOf,
    seen = new Set<string>(),
  ): boolean => {
    if (ROUTE_MODULE.test(id)) return true;
    const known = initial.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    seen.add(id);
    const result = (moduleInfo(id)?.importers ?? []).some((importer) =>
      loadedUpFront(importer, moduleInfo, seen),
    );
    initial.set(id, result);
    return result;
  };
  return (id: string, context: { getModuleInfo: ModuleInfoOf }) => {
    // Rolldown's getModuleInfo is a method: called unbound, it loses its bundle.
    const getModuleInfo: ModuleInfoOf = (moduleId) => context.getModuleInfo(moduleId);
    // The fonts' URLs (app/lib/fonts.ts) count as the app's: alone they would be a chunk of their own.
    const app = id.includes("/app/") || id.includes("/styles/fonts/");
    const library =
      /\/node_modules\/(@portabletext|clsx|react|react-dom|scheduler|react-router|@remix-run\/route-pattern|cookie-es|turbo-stream)\//.test(
        id,
      );
    if (id.includes("vite/preload-helper")) return "shell";
    if ((!app && !library) || !loadedUpFront(id, getModuleInfo)) return undefined;
    if (/\/app\/routes\//.test(id)) return undefined;
    // Code of one route only (Legal's contents list) stays in that route's chunk.
    const importers = getModuleInfo(id)?.importers ?? [];
    if (app && importers.length === 1 && /\/app\/routes\//.test(importers[0]!)) return undefined;
    return CONTENT_MODULE.test(id) ? "content" : "shell";
  };
}

/**
 * The browser's build: minified by Vite's own minifier (Oxc), which makes every page's
 * JavaScript as small as Terser's three passes did, in less build time
 * (docs/performance.md, "JavaScript budget"). The server build stays unminified, as Vite leaves it.
 */
const browserBuild = {
  rolldownOptions: {
    output: {
      codeSplitting: {
        // Each module where the function puts it, as Rollup did: not its imports with it.
        includeDependenciesRecursively: false,
        groups: [{ name: appChunks(), debugName: "app chunks" }],
      },
    },
  },
} satisfies BuildEnvironmentOptions;

/**
 * Rolldown refuses includeDependenciesRecursively: false (above) beside the "exports-only" entry
 * signatures React Router's plugin asks for, and the plugin's setting wins over the config's.
 * React Router imports a route module's exports by name, so extra exports in a route's chunk do
 * no harm.
 */
function routeEntrySignatures(): Plugin {
  return {
    name: "route-entry-signatures",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    options: (options) => ({ ...options, preserveEntrySignatures: "allow-extension" }),
  };
}

/**
 * V8 compiles a function the first time it is called, on the main thread, unless
 * the file says its functions run on load: then it compiles them while the file
 * streams in, on a background thread. Hydration calls most of React's, React Router's
 * and the site's functions, so the browser's chunks carry that hint (a comment
 * after minification; docs/performance.md, "Hydration on a slow machine").
 * Chunks under 4 KB go without: compiling them is quick, and the hint's bytes
 * count against the budget.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const HINTED_FROM_BYTES = 4096;

function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // Once the chunks are minified (Oxc drops comments) and before they are compressed
    // (vite-plugin-compression2, from the manifest's generateBundle).
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunk.code.length >= HINTED_FROM_BYTES) {
            chunk.code = COMPILE_HINT + chunk.code;
          }
        }
      },
    },
  };
}

/** Where the bundled dataset's videos are, unless a Sanity project is configured. */
function bundledVideos(): string | undefined {
  const dir = bundledDatasetDir();
  return dir && path.join(dir, "videos");
}

/**
 * The bundled videos are static files, served by the platform at /media/videos/ (docs/caching.md):
 * Vite's dev server here, Netlify's CDN from the publish folder (copied at build), the
 * Node server's express.static (server/app.ts). Ranges and validators come from there.
 */
function staticVideos(forNetlify: boolean): Plugin {
  return {
    name: "static-videos",
    configureServer(server) {
      const dir = bundledVideos();
      if (!dir) return;
      const files = express.static(dir, { index: false });
      server.middlewares.use("/media/videos", (req, res, next) =>
        BUNDLED_VIDEO_FILE.test((req.url ?? "").slice(1).split("?")[0]!)
          ? files(req as Parameters<typeof files>[0], res as Parameters<typeof files>[1], next)
          : next(),
      );
    },
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      const dir = bundledVideos();
      if (!forNetlify || !dir || !existsSync(dir) || !options.dir) return;
      const target = path.join(options.dir, "media/videos");
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(dir)) {
        if (BUNDLED_VIDEO_FILE.test(file))
          copyFileSync(path.join(dir, file), path.join(target, file));
      }
    },
  };
}

/**
 * Two production builds. `npm run build` (any mode but "netlify") is the Node
 * server's, in build/. `--mode netlify` is Netlify's: netlify.toml's build
 * command asks for it, so Netlify's servers, `netlify build` and
 * `netlify deploy` all get it without guessing from environment
 * variables (Netlify's CLI does not set NETLIFY). Netlify's plugin turns its
 * server build into the function .netlify/v1/functions/react-router-server.mjs;
 * it lives in .netlify/build (react-router.config.ts) so that neither build
 * overwrites the other. See docs/deploy.md.
 */
export default defineConfig(({ mode }) => {
  const forNetlify = mode === "netlify";
  return {
    server: { port: Number(process.env.PORT ?? 3000) },
    // The dev server finds the browser's packages by scanning the routes, and
    // does not see those the lazy chunks import (video playback, the editors'
    // preview): met mid-visit, each made Vite reload the page under the
    // developer. Named here, they are ready from the start.
    optimizeDeps: {
      include: ["hls.js/light", "@sanity/visual-editing/react-router"],
    },
    environments: {
      client: { build: browserBuild },
      // The Node server's build starts from server/app.ts, which takes the app's build in
      // (React Router's custom-server pattern); Netlify's plugin brings its own entry.
      ssr: {
        build: {
          minify: false,
          ...(forNetlify ? {} : { rolldownOptions: { input: "./server/app.ts" } }),
        },
      },
    },
    plugins: [
      reactRouter(),
      routeEntrySignatures(),
      compileHints(),
      liveDataset(),
      staticVideos(forNetlify),
      staticRenditions(),
      ...(forNetlify ? [netlifyReactRouter()] : [precompressedAssets()]),
    ],
    resolve: { tsconfigPaths: true },
  };
});
