import { defineCliConfig } from "sanity/cli";
import { basePath, dataset, projectId } from "./src/env";

/**
 * The CLI's settings (sanity dev, build, deploy, typegen). Project and dataset
 * come from the same SANITY_STUDIO_* variables as the Studio (README.md, "Environment").
 */
export default defineCliConfig({
  api: { projectId, dataset },
  // Served by the site at /studio: asset URLs and the router both live under it.
  project: { basePath },
  // `sanity deploy` publishes to https://<studioHost>.sanity.studio.
  studioHost: process.env.SANITY_STUDIO_HOST || undefined,
  // The Studio ships with the site: every module in its own build, none loaded
  // from Sanity's CDN at run time (the /studio CSP allows no such script).
  deployment: { autoUpdates: false },
  server: { port: 3333 },
  typegen: {
    // Every query of the site, written with defineQuery.
    path: "../app/lib/content/**/*.ts",
    schema: "schema.json",
    // `npm run typegen -- --check` generates beside it and compares (scripts/studio.mjs).
    generates: process.env.SANITY_TYPEGEN_OUT || "../app/lib/content/sanity.types.ts",
    overloadClientMethods: true,
  },
  vite: (config) => ({
    ...config,
    // The singleton ids live in ../app (one list for the site and the Studio).
    server: { ...config.server, fs: { ...config.server?.fs, allow: [".."] } },
    // Vite finds the packages to pre-bundle from the generated entry, which misses those the
    // schema and structure import (icons by path, the toast, groq): met on the first load, they
    // answered `504 (Outdated Optimize Dep)` and reloaded the page. Scanned here, they are ready.
    optimizeDeps: {
      ...config.optimizeDeps,
      entries: [
        ...[config.optimizeDeps?.entries ?? []].flat(),
        "sanity.config.ts",
        "src/**/*.{ts,tsx}",
      ],
    },
  }),
});
