import { defineConfig } from "vitest/config";

// Unit tests run without the React Router plugin: they import modules directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.{ts,js}",
      "scripts/**/*.test.{ts,mjs}",
      "netlify/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "studio/src/**/*.test.ts",
    ],
    environment: "node",
    // Each test file in a fresh VM context of a reused process, for less CPU than a process per
    // file (docs/performance.md, "The test suite"). Tell errors apart by name, not instanceof: a
    // context's Error is not Node's.
    pool: "vmForks",
    // Each file's changes to process.env end with it (tests/support/own-environment.ts).
    setupFiles: ["tests/support/own-environment.ts"],
    testTimeout: 20_000,
  },
});
