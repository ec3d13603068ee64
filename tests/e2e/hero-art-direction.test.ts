import { expect, test } from "./support/test";
import type { Browser, Page } from "./support/test";
import { ask, BUNDLED_DATASET } from "../support/dataset";
import { copyDataset } from "../support/temp-dataset";
import { watchConsole } from "./support/browser";
import { waitUntilReady } from "./support/ready";
import { startServer, type RunningServer } from "./support/server";

// The home hero's art direction (docs/decisions/050-image-url-builder.md): on a portrait phone the box is 4:5,
// and the browser must pick a file cut to 4:5, large enough for the box's device pixels, the
// one the page preloaded, downloaded once.

const PHONE = { width: 390, height: 844 };
const DPR = 2;

type Hero = {
  /** Files other images of the page offer too (a card of the same 4:3 photo, uncut). */
  elsewhere: string[];
  box: { width: number; height: number };
  currentSrc: string;
  natural: { width: number; height: number };
  inPicture: boolean;
  /** The `<source>` whose media matches, if any: its srcset and sizes. */
  source: { srcset: string; sizes: string } | null;
  /** Every file the hero could show: its sources' and its own candidates. */
  candidates: string[];
  /** The image preloads whose media matches this screen. */
  preloads: { srcset: string | null; sizes: string | null; href: string | null }[];
};

async function openHome(browser: Browser, baseUrl: string, viewport = PHONE) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: DPR, isMobile: true });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const images: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(request.url());
  });
  await page.goto(baseUrl + "/", { waitUntil: "load" });
  // Bounded below the tests' timeouts, so a hero that never shows fails by name.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const img = document.querySelector<HTMLImageElement>(".page--home .hero img");
          return Boolean(img?.complete && img.naturalWidth > 0);
        }),
      { message: "the home hero's image has loaded", timeout: 30_000 },
    )
    .toBe(true);
  return { context, page, images, errors };
}

function readHero(page: Page): Promise<Hero> {
  return page.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>(".page--home .hero img")!;
    const picture = img.closest("picture");
    const source = picture
      ? Array.from(picture.querySelectorAll("source")).find(
          (element) => window.matchMedia(element.media).matches,
        )
      : undefined;
    const box = img.getBoundingClientRect();
    const urls = (srcset: string | null) =>
      (srcset ?? "")
        .split(", ")
        .filter(Boolean)
        .map((entry) => new URL(entry.split(" ")[0]!, location.href).href);
    // naturalWidth of a srcset image is in CSS pixels (divided by the candidate's density):
    // the file's own size comes from decoding it alone (from the memory cache).
    const file = new Image();
    file.src = img.currentSrc;
    await file.decode();
    const others = Array.from(document.querySelectorAll("img, source")).filter(
      (element) => element !== img && !picture?.contains(element),
    );
    return {
      elsewhere: others.flatMap((element) => urls(element.getAttribute("srcset"))),
      candidates: [
        img.src,
        ...urls(img.getAttribute("srcset")),
        ...Array.from(picture?.querySelectorAll("source") ?? []).flatMap((element) =>
          urls(element.getAttribute("srcset")),
        ),
      ],
      box: { width: box.width, height: box.height },
      currentSrc: img.currentSrc,
      natural: { width: file.naturalWidth, height: file.naturalHeight },
      inPicture: Boolean(picture),
      source: source
        ? { srcset: source.getAttribute("srcset") ?? "", sizes: source.getAttribute("sizes") ?? "" }
        : null,
      preloads: Array.from(document.querySelectorAll('link[rel="preload"][as="image"]'))
        .filter((link) => {
          const media = link.getAttribute("media");
          return !media || window.matchMedia(media).matches;
        })
        .map((link) => ({
          srcset: link.getAttribute("imagesrcset"),
          sizes: link.getAttribute("imagesizes"),
          href: link.getAttribute("href"),
        })),
    };
  });
}

/** The requests for any of the hero's files: there must be one, the file shown. */
/** The hero's files the page asked for: not those another image asked for (the same file). */
const heroRequests = (images: string[], hero: Hero) =>
  images.filter(
    (url) =>
      hero.candidates.includes(url) && (url === hero.currentSrc || !hero.elsewhere.includes(url)),
  );

function expectCutToTheBox(hero: Hero, label: string) {
  const boxRatio = hero.box.width / hero.box.height;
  expect(hero.inPicture, label).toBe(true);
  expect(hero.source, `${label}: a <source> applies on a portrait phone`).not.toBeNull();
  // The box is 4:5 here, and so is the file the browser chose.
  expect(boxRatio, label).toBeCloseTo(0.8, 2);
  expect(hero.natural.width / hero.natural.height, label).toBeCloseTo(boxRatio, 2);
  // The file it chose is one of the source's candidates, not the default <img>'s.
  const candidates = hero.source!.srcset.split(", ").map((entry) => entry.split(" ")[0]!);
  expect(
    candidates.map((url) => new URL(url, hero.currentSrc).href),
    label,
  ).toContain(hero.currentSrc);
  // Exactly one preload applies to this screen, and it is the source the picture uses.
  expect(hero.preloads, label).toHaveLength(1);
  expect(hero.preloads[0]!.srcset, label).toBe(hero.source!.srcset);
  expect(hero.preloads[0]!.sizes, label).toBe(hero.source!.sizes);
}

test.describe("the home hero on a phone", () => {
  let browser: Browser;
  test.beforeAll(async ({ browser: shared, baseUrl }) => {
    test.setTimeout(180_000);
    browser = shared;
    await waitUntilReady(baseUrl);
  });

  test("on the bundled dataset: a poster cut to 4:5, preloaded and fetched once", async ({
    baseUrl,
  }) => {
    const [hero] = await ask<{ _type: string; playbackId?: string }[]>(
      BUNDLED_DATASET,
      `*[_id == "homepage"][0].hero[]{ _type, "playbackId": video.asset->playbackId }`,
    );
    expect(hero, "the sample home page has a hero").toBeDefined();
    const { context, page, images, errors } = await openHome(browser, baseUrl);
    const requested = [...images];
    const shown = await readHero(page);
    expectCutToTheBox(shown, "bundled hero");
    // One download of the hero (the preload's), none of the uncut default.
    expect(heroRequests(requested, shown)).toEqual([shown.currentSrc]);
    if (hero!._type === "mainVideo") {
      // A poster can be no larger than the video's frame: as many device pixels as the box
      // needs, or the whole height of the frame.
      const frame = await page.evaluate(async (url) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        return { width: img.naturalWidth, height: img.naturalHeight };
      }, `/media/videos/${hero!.playbackId}.jpg`);
      const needed = Math.ceil(shown.box.height * DPR);
      expect(shown.natural.height).toBeGreaterThanOrEqual(Math.min(needed, frame.height) - 1);
    } else {
      expect(shown.natural.width).toBeGreaterThanOrEqual(Math.floor(shown.box.width * DPR));
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test.describe("with an image hero (a copy of the dataset)", () => {
    let server: RunningServer;
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      // The largest landscape image of the dataset, read from it, as the home hero.
      const [asset] = await ask<{ originalFilename: string }[]>(
        BUNDLED_DATASET,
        `*[_type == "sanity.imageAsset" && metadata.dimensions.aspectRatio > 1.2]
          | order(metadata.dimensions.height desc)[0...1]{ originalFilename }`,
      );
      expect(asset, "the dataset has a landscape image").toBeDefined();
      const dataset = await copyDataset(BUNDLED_DATASET);
      await dataset.edit("homepage", (doc) => ({
        ...doc,
        hero: [
          {
            _key: "hero",
            _type: "mainImage",
            image: {
              _type: "image",
              _sanityAsset: `image@file://./images/${asset!.originalFilename}`,
              alt: "Hero",
              hotspot: { _type: "sanity.imageHotspot", x: 0.6, y: 0.5, width: 0.2, height: 0.2 },
            },
          },
        ],
      }));
      server = await startServer({ CONTENT_DIR: dataset.dir });
      await waitUntilReady(server.url);
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("picks a file cut to 4:5 round the hotspot, of at least the box's device pixels", async () => {
      // A cold server cuts every image of the page with sharp first: allow it the time.
      test.setTimeout(180_000);
      const { context, page, images, errors } = await openHome(browser, server.url);
      const requested = [...images];
      const shown = await readHero(page);
      expectCutToTheBox(shown, "image hero");
      expect(shown.natural.width).toBeGreaterThanOrEqual(Math.floor(shown.box.width * DPR));
      expect(shown.natural.height).toBeGreaterThanOrEqual(Math.floor(shown.box.height * DPR));
      // Cut round the hotspot: the rect is centred on x = 0.6 of the image's width.
      // `/media/images/<sha1>-<W>x<H>/<rect>/<w>x<h>.webp` (app/lib/media/renditions.ts).
      const [, sourceWidth, cut] = /-(\d+)x\d+\/([\d,]+)\/\d+x\d+\.webp$/.exec(
        new URL(shown.currentSrc).pathname,
      )!;
      const rect = cut!.split(",").map(Number);
      const width = Number(sourceWidth);
      expect(Math.abs(rect[0]! + rect[2]! / 2 - width * 0.6)).toBeLessThanOrEqual(2);
      expect(heroRequests(requested, shown)).toEqual([shown.currentSrc]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("on a landscape screen keeps the whole image, with the other preload", async () => {
      const { context, page, errors } = await openHome(browser, server.url, {
        width: 1440,
        height: 900,
      });
      const shown = await readHero(page);
      expect(shown.source).toBeNull();
      // The whole image: no cut in its path.
      expect(new URL(shown.currentSrc).pathname).toMatch(/\/full\/\d+x\d+\.webp$/);
      expect(shown.preloads).toHaveLength(1);
      const srcset = await page.locator(".page--home .hero img").getAttribute("srcset");
      expect(shown.preloads[0]!.srcset).toBe(srcset);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
