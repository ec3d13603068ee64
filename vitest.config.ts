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
    ],
    environment: "node",
    testTimeout: 20_000,
  },
});
