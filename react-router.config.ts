import type { Config } from "@react-router/dev/config";

/**
 * Two production builds side by side (docs/deploy.md): the Node server's in
 * build/, Netlify's in .netlify/build (`npm run build:netlify` sets BUILD_DIR),
 * so that neither overwrites the other; parallel test runs pick their own.
 */
export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
