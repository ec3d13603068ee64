import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, watchConsole } from "./support/browser";
import { mediaRoutes, scrollThrough, watchLayoutShifts, type MediaRoute } from "./support/media";

// Images on every route of the bundled dataset, in Chromium at a phone's size.
describe("images in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  let baseUrl: string;
  let routes: MediaRoute[];

  beforeAll(async () => {
    baseUrl = inject("baseUrl");
    routes = await mediaRoutes();
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("gives every image a srcset, sizes, a reserved box and alt text, and picks a fitting file", async () => {
    const page = await context.newPage();
    let checked = 0;
    for (const route of routes) {
      await page.goto(baseUrl + route.path);
      await scrollThrough(page);
      await page.waitForLoadState("networkidle");
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
          expect(new URL(url!, baseUrl).searchParams.get("w"), where).toBe(
            descriptor!.slice(0, -1),
          );
        }
        expect(image.sizes, where).not.toBe("");
        expect(image.width, where).toBeGreaterThan(0);
        expect(image.height, where).toBeGreaterThan(0);
        expect(image.alt, where).not.toBeNull();
        if (!image.complete || image.rendered === 0) continue;
        // The browser picked a file at least as wide as the box at this density, and not
        // much wider: sizes describes the layout (Lighthouse's "properly size images").
        const needed = image.rendered * 2;
        const widest = Number(candidates.at(-1)![1]!.slice(0, -1));
        expect(image.chosen, where).toBeGreaterThanOrEqual(Math.min(needed, widest) - 1);
        expect(image.chosen, where).toBeLessThanOrEqual(Math.max(needed * 1.6, 320));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    await page.close();
  });

  it("fetches the largest image above the fold first, and preloads it", async () => {
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(baseUrl + route.path);
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
      if (!largest) continue;
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
    await page.close();
  });

  it("leaves images below the fold lazy, and does not fetch the far ones on load", async () => {
    let farAway = 0;
    for (const route of routes) {
      // A fresh context each time: Chromium shows a lazy image at once when an
      // earlier page left its file in the memory cache.
      const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await fresh.newPage();
      await page.goto(baseUrl + route.path);
      await page.waitForLoadState("networkidle");
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
    }
    expect(farAway, "some route has an image far below the fold").toBeGreaterThan(0);
  });

  it("shifts no layout on any route, while loading and while scrolling (CLS 0)", async () => {
    for (const width of [390, 1440]) {
      const wide = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await wide.newPage();
      const layoutShifts = await watchLayoutShifts(page);
      for (const route of routes) {
        await page.goto(baseUrl + route.path);
        await page.waitForLoadState("networkidle");
        await scrollThrough(page);
        await page.waitForLoadState("networkidle");
        const { cls, shifts } = await layoutShifts();
        expect(cls, `${route.path} at ${width}px: ${shifts.join(", ")}`).toBe(0);
      }
      await wide.close();
    }
  });

  it("logs no console error on any route", async () => {
    const page = await context.newPage();
    const errors = watchConsole(page);
    for (const route of routes) {
      await page.goto(baseUrl + route.path);
      await scrollThrough(page);
      await page.waitForLoadState("networkidle");
      expect(errors, route.path).toEqual([]);
    }
    await page.close();
  });
});
