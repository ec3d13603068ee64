import { vitePlugin as remix } from "@remix-run/dev";
import { netlifyPlugin } from "@netlify/remix-adapter/plugin";
import { constants } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The Netlify adapter rewrites the server build into a Netlify Function; only
// a Netlify build (NETLIFY=true, set by Netlify's build image) wants that.
const forNetlify = process.env.NETLIFY === "true";

/**
 * Brotli (maximum quality) and gzip copies of the browser's scripts and
 * styles, made once at build time for the Node server, which serves them as
 * they are (server/index.js); compressing on every request could only afford
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
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
  };
}

/**
 * The browser's scripts minified with Terser (two compress passes) rather than
 * esbuild: about 4 KB gzip less on every page, most of it in React Router's and
 * Remix's own code, for a few seconds more build time (docs/performance.md).
 * The server build stays unminified, as Vite leaves it.
 */
function terserForTheBrowser(): Plugin {
  return {
    name: "terser-for-the-browser",
    config: (_config, env) =>
      env.isSsrBuild
        ? undefined
        : {
            build: {
              minify: "terser",
              terserOptions: { compress: { passes: 2 }, format: { comments: false } },
            },
          },
  };
}

export default defineConfig({
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [
    remix({
      // Several builds can live side by side (parallel test runs): BUILD_DIR picks one.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      // Tests sit next to the code they test, route modules included.
      ignoredRouteFiles: ["**/*.test.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    terserForTheBrowser(),
    ...(forNetlify ? [netlifyPlugin()] : [precompressedAssets()]),
    tsconfigPaths(),
  ],
});
