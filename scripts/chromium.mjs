// Debian's Chromium and the flags this closed-network machine needs (no sandbox as
// root, no GPU, nothing that calls home). One place for the e2e tests, the
// screenshots, Lighthouse and the test runner's pre-flight check.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
