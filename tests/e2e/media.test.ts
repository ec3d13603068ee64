import { expect, test } from "./support/test";
import type { BrowserContext } from "./support/test";
import { browserSuite, watchConsole } from "./support/browser";
import { mediaRoutes, scrollThrough, watchLayoutShifts } from "./support/media";

// Images on every route of the bundled dataset, in Chromium: one test per route and case.
const routes = await mediaRoutes();
const paths = routes.map((route) => route.path);
const routeAt = (path: string) => routes.find((route) => route.path === path)!;

const suite = browserSuite();

test.describe("images at a phone's size", () => {
  let context: BrowserContext;
  let checked = 0;
  let farAway = 0;

  test.beforeAll(async () => {
    context = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
  });
  test.afterAll(async () => {
    await context?.close();
  });

  for (const path of paths) {
    test(`gives each image srcset, sizes, a box, alt and a fitting file: ${path}`, async () => {
      const page = await context.newPage();
      const route = routeAt(path);
      await page.goto(suite.baseUrl + route.path);
      await scrollThrough(page);
      await page.waitForLoadState("networkidle", { timeout: 20_000 });
      const images = await page.locator("img.media-image").evaluateAll((elements) =>
        (elements as HTMLImageElement[]).map((img) => ({
          srcset: img.getAttribute("srcset") ?? "",
          sizes: img.getAttribute("sizes") ?? "",
          width: Number(img.getAttribute("width")),
          height: Number(img.getAttribute("height")),
          alt: img.getAttribute("alt"),
          rendered: img.getBoundingClientRect().width,
          complete: img.complete && img.naturalWidth > 0,
          chosen: Number(new URL(img.currentSrc || img.src).searchParams.get("w")),
          inLightbox: Boolean(img.closest("dialog")),
        })),
      );
      for (const image of images) {
        const where = `${route.path} ${image.srcset.slice(0, 80)}`;
        const candidates = image.srcset.split(", ").map((entry) => entry.split(" "));
        expect(candidates.length, where).toBeGreaterThan(0);
        for (const [url, descriptor] of candidates) {
          expect(descriptor, where).toMatch(/^\d+w$/);
          expect(new URL(url!, suite.baseUrl).searchParams.get("w"), where).toBe(
            descriptor!.slice(0, -1),
          );
        }
        expect(image.sizes, where).not.toBe("");
        expect(image.width, where).toBeGreaterThan(0);
        expect(image.height, where).toBeGreaterThan(0);
        expect(image.alt, where).not.toBeNull();
        if (!image.complete || image.rendered === 0) continue;
        // The suite.browser picked a file at least as wide as the box at this density, and not
        // much wider: sizes describes the layout (Lighthouse's "properly size images").
        const needed = image.rendered * 2;
        const widest = Number(candidates.at(-1)![1]!.slice(0, -1));
        expect(image.chosen, where).toBeGreaterThanOrEqual(Math.min(needed, widest) - 1);
        expect(image.chosen, where).toBeLessThanOrEqual(Math.max(needed * 1.6, 320));
        checked++;
      }
      await page.close();
    });
  }

  for (const path of paths) {
    test(`preloads and fetches first the largest image in view: ${path}`, async () => {
      const page = await context.newPage();
      const route = routeAt(path);
      await page.goto(suite.baseUrl + route.path);
      // Preloads for this screen: an art-directed image has one per media query.
      const head = await page.evaluate(() =>
        Array.from(document.querySelectorAll('link[rel="preload"][as="image"]'))
          .filter(
            (link) =>
              !link.getAttribute("media") || matchMedia(link.getAttribute("media")!).matches,
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
        const source = Array.from(
          element.closest("picture")?.querySelectorAll("source") ?? [],
        ).find((candidate) => matchMedia(candidate.media).matches);
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
      if (!largest) return page.close();
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
      await page.close();
    });
  }

  for (const path of paths) {
    test(`leaves images below the fold lazy, the far ones unfetched: ${path}`, async () => {
      const route = routeAt(path);
      // A fresh context each time: Chromium shows a lazy image at once when an
      // earlier page left its file in the memory cache.
      const fresh = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await fresh.newPage();
      await page.goto(suite.baseUrl + route.path);
      // The window for "unfetched": until the network has been quiet for 0.5 s after the load.
      // Chromium picks the lazy images to fetch as it lays the page out, and asks for each at
      // once; nothing scrolls here, so nothing later brings a far image nearer.
      await page.waitForLoadState("networkidle", { timeout: 20_000 });
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
      for (const image of images) {
        if (image.priority !== "high") expect(image.loading, route.path).toBe("lazy");
        // Chromium loads lazy images up to a few thousand pixels ahead; beyond that, nothing.
        if (image.top > 844 * 5) {
          farAway++;
          expect(
            fetched.filter((url) => image.urls.includes(url)),
            route.path,
          ).toEqual([]);
        }
      }
      await fresh.close();
    });
  }

  test("checked images on some route, and one far below the fold", () => {
    expect(checked).toBeGreaterThan(0);
    expect(farAway, "some route has an image far below the fold").toBeGreaterThan(0);
  });
});

test.describe("layout and console on every route", () => {
  for (const width of [390, 1440]) {
    test.describe(`at ${width} px`, () => {
      for (const path of paths) {
        test(`loads cold and scrolls with CLS 0 and no console error: ${path}`, async () => {
          // A fresh context: a cold load, as a first visit.
          const fresh = await suite.browser.newContext({ viewport: { width, height: 900 } });
          const page = await fresh.newPage();
          const errors = watchConsole(page);
          const layoutShifts = await watchLayoutShifts(page);
          await page.goto(suite.baseUrl + path);
          await page.waitForLoadState("networkidle", { timeout: 20_000 });
          await scrollThrough(page);
          await page.waitForLoadState("networkidle", { timeout: 20_000 });
          const { cls, shifts } = await layoutShifts();
          expect(cls, shifts.join(", ")).toBe(0);
          expect(errors).toEqual([]);
          await fresh.close();
        });
      }
    });
  }
});
