import type { Config } from "@react-router/dev/config";

/**
 * Two production builds side by side (docs/deploy.md): the Node server's in
 * build/, Netlify's in .netlify/build (`npm run build:netlify` sets BUILD_DIR),
 * so that neither overwrites the other; parallel test runs pick their own.
 */
export default {
  ssr: true,
  future: {
    // The dev server finds the browser's packages from the routes up, before the first page,
    // instead of meeting them on it and reloading the page (docs/decisions/024-dev-dependency-scan.md).
    unstable_optimizeDeps: true,
  },
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
