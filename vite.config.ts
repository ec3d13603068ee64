import { vitePlugin as remix } from "@remix-run/dev";
import { netlifyPlugin } from "@netlify/remix-adapter/plugin";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The Netlify adapter rewrites the server build into a Netlify Function; only
// a Netlify build (NETLIFY=true, set by Netlify's build image) wants that.
const forNetlify = process.env.NETLIFY === "true";

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
    ...(forNetlify ? [netlifyPlugin()] : []),
    tsconfigPaths(),
  ],
});
