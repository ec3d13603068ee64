// Debian's Chromium and the flags this closed-network machine needs (no sandbox as
// root, no GPU, nothing that calls home). One place for the e2e tests, the
// screenshots, Lighthouse and the test runner's pre-flight check.
import { existsSync } from "node:fs";

/** The full browser: Lighthouse, screenshots, benchmarks and the tests of painted glyphs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell), the browser
 * Playwright itself runs headless tests in: the same Blink, without the full browser's UI
 * process work. It does the browser tests in less CPU (docs/performance.md, "The test suite").
 * Where it is not installed, the full browser stands in.
 */
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : null);

/** The browser the tests drive: the headless shell when there is one. */
export const TEST_BROWSER_PATH = HEADLESS_SHELL_PATH ?? CHROMIUM_PATH;

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
