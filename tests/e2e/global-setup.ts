import { sharedServerUrl } from "./support/test";
import { warmImageCache } from "./support/warm";

/**
 * Runs once, after the shared server (the config's webServer) answers its home page: starts
 * rendering every image file the browser tests will ask for, so tests that are not about a first
 * hit find the image cache warm, as visitors find the CDN. The workers do not wait for it: a file
 * asked for while it is being made waits for that one transform (serve-image.server.ts), and
 * the first files run meanwhile are Netlify's build and pages (docs/testing.md).
 */
export default async function globalSetup() {
  // E2E_WARM=0 skips it, for a run of a few files by hand.
  if (process.env.E2E_WARM === "0") return;
  const started = Date.now();
  const stop = new AbortController();
  const warming = warmImageCache(sharedServerUrl(), stop.signal).then((warmed) =>
    console.log(`Warmed the image cache: ${warmed} files in ${Date.now() - started} ms`),
  );
  // Its error, if any, is reported at the end, by the teardown below.
  warming.catch(() => {});
  // Once the tests are done, what is left of it serves nothing: stopped, not waited for.
  return async () => {
    stop.abort();
    await warming.catch((error) => {
      if (!stop.signal.aborted || !isAbort(error)) throw error;
    });
  };
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === "AbortError";
