import { launchBrowser } from "./browser";
import { mediaRoutes } from "./media";

// The viewports the browser tests use: phones at 1x and 2x, and a desktop.
const VIEWPORTS = [
  { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
  { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
];
// What Chromium sends for an <img>: the image route picks its format from it.
const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

/** The image and poster files Chromium asks for on every route at the tests' viewports. */
async function filesTheTestsAskFor(baseUrl: string, signal: AbortSignal) {
  const urls = new Set<string>();
  const browser = await launchBrowser();
  const routes = await mediaRoutes();
  // Every page waits for its network to fall idle (half a second at least): several at a time.
  const visits = VIEWPORTS.flatMap((viewport) => routes.map((route) => ({ viewport, route })));
  const visit = async () => {
    for (let next = visits.shift(); next; next = visits.shift()) {
      signal.throwIfAborted();
      // Without scripts (no hydration to wait for): the server's HTML names every image.
      const context = await browser.newContext({ ...next.viewport, javaScriptEnabled: false });
      // Recorded, not fetched: the server renders each file once, below.
      await context.route(/\/media\//, (route) => {
        urls.add(route.request().url());
        return route.abort();
      });
      const page = await context.newPage();
      await page.goto(baseUrl + next.route.path, { waitUntil: "domcontentloaded" });
      // Every lazy image at once, each picking its srcset candidate as it would in view.
      await page.evaluate(() =>
        document.querySelectorAll("img[loading='lazy']").forEach((img) => {
          (img as HTMLImageElement).loading = "eager";
        }),
      );
      await page.waitForLoadState("networkidle");
      await context.close();
    }
  };
  try {
    await Promise.all(Array.from({ length: 6 }, visit));
  } finally {
    await browser.close();
  }
  signal.throwIfAborted();
  return [...urls];
}

/**
 * Renders, once, every image file the browser tests will ask for, so that tests which are not
 * about a first hit find the server's image cache warm, as visitors find the CDN. Two at a time:
 * each is a sharp transform. `signal` stops it between files.
 */
export async function warmImageCache(baseUrl: string, signal = new AbortController().signal) {
  const queue = await filesTheTestsAskFor(baseUrl, signal);
  const count = queue.length;
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const response = await fetch(url, { headers: { Accept: IMAGE_ACCEPT }, signal });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`Warming ${url}: HTTP ${response.status}`);
    }
  };
  await Promise.all([worker(), worker()]);
  return count;
}
