import { expect, type Page } from "./test";
import type { MediaRoute } from "./media";

// What media.test.ts checks on each cold load of a route, in the order a visit meets it.

/** The preload for this screen leads to the largest media in view, and only it. */
export async function expectPreloadOfLargest(page: Page, route: MediaRoute) {
  // Preloads for this screen: an art-directed image has one per media query.
  const head = await page.evaluate(() =>
    Array.from(document.querySelectorAll('link[rel="preload"][as="image"]'))
      .filter(
        (link) => !link.getAttribute("media") || matchMedia(link.getAttribute("media")!).matches,
      )
      .map((link) => ({
        href: link.getAttribute("href"),
        srcset: link.getAttribute("imagesrcset"),
        sizes: link.getAttribute("imagesizes"),
        priority: link.getAttribute("fetchpriority"),
      })),
  );
  // A page whose content leads with media preloads exactly one image.
  if (route.hasHero || route.type === "workPage") expect(head, route.path).toHaveLength(1);
  expect(head.length, route.path).toBeLessThanOrEqual(1);

  const largest = await page.evaluate(() => {
    const candidates = Array.from(document.querySelectorAll("img, video")).filter(
      (element) => !element.closest("dialog"),
    ) as (HTMLImageElement | HTMLVideoElement)[];
    let best: { area: number; element: HTMLImageElement | HTMLVideoElement } | undefined;
    for (const element of candidates) {
      const box = element.getBoundingClientRect();
      const visibleHeight = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
      const visibleWidth = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
      const area = Math.max(0, visibleHeight) * Math.max(0, visibleWidth);
      if (area > (best?.area ?? 0)) best = { area, element };
    }
    if (!best) return null;
    const element = best.element;
    // In a <picture>, the file comes from the first <source> whose media applies.
    const source = Array.from(element.closest("picture")?.querySelectorAll("source") ?? []).find(
      (candidate) => matchMedia(candidate.media).matches,
    );
    return {
      tag: element.tagName,
      loading: element.getAttribute("loading"),
      priority: element.getAttribute("fetchpriority"),
      srcset: (source ?? element).getAttribute("srcset"),
      sizes: (source ?? element).getAttribute("sizes"),
      src: element.getAttribute("src"),
      poster: element.getAttribute("poster"),
    };
  });
  if (!largest) return;
  const [preload] = head;
  expect(preload, `${route.path}: the largest media is preloaded`).toBeDefined();
  expect(preload!.priority).toBe("high");
  if (largest.tag === "IMG") {
    expect(largest.priority, route.path).toBe("high");
    expect(largest.loading, route.path).not.toBe("lazy");
    // The same srcset and sizes, so the preloaded file is the one the image uses.
    if (largest.srcset) {
      expect(preload!.srcset, route.path).toBe(largest.srcset);
      expect(preload!.sizes, route.path).toBe(largest.sizes);
    } else {
      expect(preload!.href, route.path).toBe(largest.src);
    }
  } else {
    expect(preload!.href, route.path).toBe(largest.poster);
  }
}

/**
 * Images below the fold are lazy, and those far below it unfetched. Read before anything
 * scrolls, once the network has been quiet for 0.5 s after the load: Chromium picks the lazy
 * images to fetch as it lays the page out, and asks for each at once.
 */
export async function expectFarImagesUnfetched(page: Page, route: MediaRoute) {
  let farAway = 0;
  const height = page.viewportSize()!.height;
  const images = await page.locator("img.media-image").evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((img) => ({
      top: img.getBoundingClientRect().top + window.scrollY,
      loading: img.getAttribute("loading"),
      priority: img.getAttribute("fetchpriority"),
      urls: (img.getAttribute("srcset") ?? "")
        .split(", ")
        .map((entry) => new URL(entry.split(" ")[0]!, location.href).href),
    })),
  );
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => entry.name),
  );
  const faults: string[] = [];
  for (const image of images) {
    if (image.priority !== "high" && image.loading !== "lazy")
      faults.push(`${image.urls[0]}: loading="${image.loading}", not lazy`);
    // Chromium loads lazy images up to a few thousand pixels ahead; beyond that, nothing.
    if (image.top > height * 5) {
      farAway++;
      const early = fetched.filter((url) => image.urls.includes(url));
      if (early.length) faults.push(`${early.join(", ")}: fetched ${image.top} px down`);
    }
  }
  expect(faults, `${route.path}: images below the fold are lazy, far ones unfetched`).toEqual([]);
  return farAway;
}

/**
 * Each image has srcset, sizes, a box, alt, and a loaded file that fits its box. Returns how
 * many images were judged (those shown: a hidden one has no box to fit).
 */
export async function expectFittingFiles(page: Page, route: MediaRoute) {
  let checked = 0;
  const density = await page.evaluate(() => window.devicePixelRatio);
  const images = await page.locator("img.media-image").evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((img) => {
      // In a <picture>, the file comes from the first <source> whose media applies.
      const source = Array.from(img.closest("picture")?.querySelectorAll("source") ?? []).find(
        (candidate) => matchMedia(candidate.media).matches,
      );
      return {
        srcset: (source ?? img).getAttribute("srcset") ?? "",
        sizes: (source ?? img).getAttribute("sizes") ?? "",
        width: Number(img.getAttribute("width")),
        height: Number(img.getAttribute("height")),
        alt: img.getAttribute("alt"),
        rendered: img.getBoundingClientRect().width,
        complete: img.complete && img.naturalWidth > 0,
        // The width a file's path names (`<w>x<h>.webp`, app/lib/media/renditions.ts), or its `w`.
        chosen: Number(
          /\/(\d+)(?:x\d+)?\.\w+$/.exec(new URL(img.currentSrc || img.src).pathname)?.[1] ??
            new URL(img.currentSrc || img.src).searchParams.get("w"),
        ),
      };
    }),
  );
  // One assertion per page, listing every fault: a page has dozens of images with a dozen facts
  // each, and every assertion is a step the test runner records (docs/testing.md).
  const faults: string[] = [];
  for (const image of images) {
    const fault = (what: string) => faults.push(`${image.srcset.slice(0, 80)}: ${what}`);
    const candidates = image.srcset
      ? image.srcset.split(", ").map((entry) => entry.split(" "))
      : [];
    if (candidates.length === 0) fault("no srcset");
    for (const [url, descriptor] of candidates) {
      if (!/^\d+w$/.test(descriptor ?? "")) fault(`descriptor ${descriptor} is not a width`);
      const w = fileWidth(new URL(url!, page.url()));
      if (w !== descriptor?.slice(0, -1)) fault(`${url} is ${w} wide, not ${descriptor}`);
    }
    if (image.sizes === "") fault("no sizes");
    if (!(image.width > 0 && image.height > 0)) fault(`no box (${image.width}×${image.height})`);
    if (image.alt === null) fault("no alt attribute");
    if (!image.complete) fault("its file did not load");
    if (!image.complete || image.rendered === 0 || candidates.length === 0) continue;
    // The browser picked a file at least as wide as the box at this density, and not much
    // wider: sizes describes the layout (Lighthouse's "properly size images").
    const needed = image.rendered * density;
    const widest = Number(candidates.at(-1)![1]!.slice(0, -1));
    const box = `${Math.round(needed)} px at ${density}x`;
    if (image.chosen < Math.min(needed, widest) - 1)
      fault(`${image.chosen}w, narrower than ${box}`);
    if (image.chosen > Math.max(needed * 1.6, 320))
      fault(`${image.chosen}w, far wider than ${box}`);
    checked++;
  }
  expect(faults, `${route.path}: every image has a file that fits its box`).toEqual([]);
  return checked;
}

/** The chunks that play video (playback, hls.js): named by Vite after their modules. */
export const isVideoCode = (url: string) => /\/assets\/(playback|hls[.\w]*)-[\w-]+\.js$/.test(url);

/** The width a file's URL names: `<w>x<h>.webp` in its path (the bundled dataset's), or `w`. */
function fileWidth(url: URL) {
  return /\/(\d+)(?:x\d+)?\.\w+$/.exec(url.pathname)?.[1] ?? url.searchParams.get("w");
}

/**
 * A page without video asks for no video code, scrolled to its end and its images loaded: video
 * code is asked for as a video comes near the screen, within a frame or two of the scroll that
 * brings it, and the walk waits two frames at each step. Returns 1 for a page checked so, 0 for a
 * page with video.
 */
export async function expectNoVideoCode(page: Page, route: MediaRoute, requested: string[]) {
  if (route.anyVideo) return 0;
  expect(requested.filter(isVideoCode), `${route.path}: no video code`).toEqual([]);
  await expect(page.locator("[data-video]"), `${route.path}: no video element`).toHaveCount(0);
  return 1;
}
