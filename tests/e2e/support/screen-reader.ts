import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "./test";

// @guidepup/virtual-screen-reader runs inside the page: its browser bundle is served on the
// page's own origin by a route of the test's (nothing reaches the network) and imported there.
const BUNDLE_PATH = "/__virtual-screen-reader.js";
const bundle = readFileSync(
  createRequire(import.meta.url).resolve("@guidepup/virtual-screen-reader/browser.js"),
  "utf8",
);

type Virtual = {
  start(options: { container: Element }): Promise<void>;
  lastSpokenPhrase(): Promise<string>;
  spokenPhraseLog(): Promise<string[]>;
};

/**
 * Starts the virtual screen reader on the page's body; it follows focus, as a screen reader
 * does, and logs what it would say. The page's context needs `bypassCSP` (the site's CSP does
 * not let a test's script in, rightly).
 */
export async function startScreenReader(page: Page) {
  await page.route(`**${BUNDLE_PATH}`, (route) =>
    route.fulfill({ body: bundle, contentType: "text/javascript" }),
  );
  await page.evaluate(async (path) => {
    const { virtual } = (await import(path)) as { virtual: Virtual };
    (window as unknown as { __virtual: Virtual }).__virtual = virtual;
    await virtual.start({ container: document.body });
  }, BUNDLE_PATH);
}

/** What the virtual screen reader has said since it started. */
export function spokenPhrases(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __virtual: Virtual }).__virtual.spokenPhraseLog(),
  );
}
