// Debian's Firefox ESR and WebKitGTK, the engines besides Chromium the browser tests and the
// screenshots drive (tests/e2e/support/engines/; docs/testing.md, "Firefox and WebKit"). One
// place for their paths and for the test runner's pre-flight check.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Firefox ESR (package firefox-esr), driven over WebDriver BiDi by puppeteer-core. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** WebKitGTK's WebDriver and the browser it drives (package webkit2gtk-driver). */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? "/usr/bin/WebKitWebDriver";
export const MINIBROWSER =
  process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** The X server MiniBrowser runs under: it has no headless mode (package xvfb). */
export const XVFB = process.env.XVFB ?? "Xvfb";

/** The Debian packages missing for the engines, for an install line; empty when all are there. */
export function missingEnginePackages() {
  const missing = [];
  if (!existsSync(FIREFOX_PATH)) missing.push("firefox-esr");
  if (!existsSync(WEBKIT_DRIVER) || !existsSync(MINIBROWSER)) missing.push("webkit2gtk-driver");
  if (spawnSync("sh", ["-c", `command -v ${XVFB}`]).status !== 0) missing.push("xvfb");
  return missing;
}
