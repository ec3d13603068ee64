import { sharedServerUrl } from "./support/test";
import { warmImageCache } from "./support/warm";

/**
 * Runs once, after the shared server (the config's webServer) answers its home page: renders
 * every image file the browser tests will ask for, so tests that are not about a first hit find
 * the image cache warm, as visitors find the CDN.
 */
export default async function globalSetup() {
  // E2E_WARM=0 skips it, for a run of a few files by hand.
  if (process.env.E2E_WARM === "0") return;
  const started = Date.now();
  const warmed = await warmImageCache(sharedServerUrl());
  console.log(`Warmed the image cache: ${warmed} files in ${Date.now() - started} ms`);
}
