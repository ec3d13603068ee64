import { defineConfig } from "vitest/config";

// Browser tests: a built production server, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    environment: "node",
    reporters: ["default", "./tests/e2e/support/slowest-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
