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
 * Two production builds. `npm run build` (any mode but "netlify") is the Node
 * server's, in build/. `--mode netlify` is Netlify's: netlify.toml's build
 * command asks for it, so Netlify's servers, `netlify build` and
 * `netlify deploy --build` all get it without guessing from environment
 * variables (Netlify's CLI does not set NETLIFY). The adapter turns its server
 * build into the function .netlify/functions-internal/remix-server.mjs; it
 * lives in .netlify/build so that neither build overwrites the other.
 * See docs/deploy.md.
 */
export default defineConfig(({ mode }) => {
  const forNetlify = mode === "netlify";
  return {
    server: { port: Number(process.env.PORT ?? 3000) },
    plugins: [
      remix({
        // Several builds can live side by side (parallel test runs): BUILD_DIR picks one.
        buildDirectory: process.env.BUILD_DIR ?? (forNetlify ? ".netlify/build" : "build"),
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
      ...(forNetlify ? [netlifyPlugin()] : [precompressedAssets()]),
      tsconfigPaths(),
    ],
  };
});
