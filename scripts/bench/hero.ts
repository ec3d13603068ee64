#!/usr/bin/env node
// `npm run bench:hero`: the home page's hero on a phone (390 × 844 CSS px) at
// the device pixel ratios of Lighthouse's phone (1.75) and of a current iPhone
// (3): which file the browser picks, its pixels against the box's device
// pixels (below 1.0 the hero is soft), its bytes on the wire, and whether the
// preload fetched the same file (no double download). Prints figures; asserts
// nothing (the e2e test tests/e2e/hero-art-direction.test.ts does).
//
//   BUILD_DIR=.cache/build-x npm run bench:hero      (default: build/)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.mjs";
import { startProductionServer } from "./util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = process.env.BUILD_DIR ?? "build";
const port = 3503;
const origin = `http://127.0.0.1:${port}`;

async function measure(browser: Browser, deviceScaleFactor: number) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const images: { url: string; bytes: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    const body = await response.body().catch(() => null);
    images.push({ url: response.url(), bytes: body?.byteLength ?? 0 });
  });
  await page.goto(`${origin}/`, { waitUntil: "networkidle" });
  const hero = await page.evaluate(() => {
    const element = document.querySelector("main img, main video");
    if (!element) return null;
    const box = element.getBoundingClientRect();
    const file =
      element instanceof HTMLImageElement ? element.currentSrc : element.getAttribute("poster");
    return { tag: element.tagName, file, box: { width: box.width, height: box.height } };
  });
  await context.close();
  if (!hero?.file) return { deviceScaleFactor, hero: null };
  const fileUrl = new URL(hero.file, origin).href;
  const fetched = images.filter((image) => image.url === fileUrl);
  // The file's own pixels (an <img>'s naturalWidth is scaled by its srcset's density).
  const probe = await browser.newPage();
  await probe.goto(fileUrl);
  const natural = await probe.evaluate(() => {
    const image = document.querySelector("img")!;
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
  await probe.close();
  return {
    deviceScaleFactor,
    tag: hero.tag,
    file: new URL(fileUrl).pathname + new URL(fileUrl).search,
    box: `${Math.round(hero.box.width)} × ${Math.round(hero.box.height)} CSS px`,
    natural: `${natural.width} × ${natural.height}`,
    sharpness: Math.min(
      natural.width / (hero.box.width * deviceScaleFactor),
      natural.height / (hero.box.height * deviceScaleFactor),
    ),
    bytes: fetched[0]?.bytes ?? 0,
    downloads: fetched.length,
    imageBytes: images.reduce((sum, image) => sum + image.bytes, 0),
  };
}

const server = await startProductionServer({ PORT: String(port), BUILD_DIR: buildDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  // A first visit fills the caches; the figures are those of a warm server.
  await measure(browser, 1.75);
  console.log(`Home hero at 390 × 844 (${path.relative(root, path.resolve(root, buildDir))})`);
  for (const dpr of [1.75, 3]) {
    const result = await measure(browser, dpr);
    if (!result.tag) {
      console.log(`DPR ${dpr}: no hero`);
      continue;
    }
    console.log(
      `DPR ${dpr}: ${result.tag} ${result.file}\n` +
        `  box ${result.box}, file ${result.natural} px: ${result.sharpness.toFixed(2)} of the device pixels it needs\n` +
        `  ${(result.bytes / 1024).toFixed(1)} KB, fetched ${result.downloads} time(s); all images on load ${(result.imageBytes / 1024).toFixed(1)} KB`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
