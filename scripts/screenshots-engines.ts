// Run by scripts/screenshots.mjs (vite-node): each route in Firefox and WebKit at 390 and 1440 px,
// light, as viewport PNGs in screenshots/<engine>/ (WebDriver classic shoots the viewport only).
// Reads SCREENSHOTS_BASE_URL, SCREENSHOTS_DIR and SCREENSHOTS_ROUTES ([[name, path], ...]).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ENGINES, launchEngine } from "../tests/e2e/support/engines/index";

const baseUrl = process.env.SCREENSHOTS_BASE_URL!;
const outDir = process.env.SCREENSHOTS_DIR!;
const routes = JSON.parse(process.env.SCREENSHOTS_ROUTES!) as [string, string][];
const SIZES = [
  [390, 844],
  [1440, 900],
] as const;

const saved: string[] = [];
for (const name of ENGINES) {
  const engine = await launchEngine(name);
  const dir = path.join(outDir, name);
  mkdirSync(dir, { recursive: true });
  try {
    for (const [width, height] of SIZES) {
      const page = await engine.open(width, height);
      for (const [label, route] of routes) {
        await page.goto(baseUrl + route);
        // Hydrated, fonts in, and the images in view decoded: what a visitor sees once it settles.
        await page.waitFor(
          () =>
            document.documentElement.dataset.hydrated === "true" &&
            document.fonts.status === "loaded" &&
            [...document.images].every(
              (image) =>
                image.complete ||
                image.getBoundingClientRect().top > innerHeight ||
                image.loading === "lazy",
            ) &&
            document.getAnimations().every((animation) => animation.playState !== "running"),
          null,
          15_000,
        );
        const file = path.join(dir, `${label}-${width}-light.png`);
        await page.screenshot(file);
        saved.push(file);
      }
      await page.close();
    }
  } finally {
    await engine.close();
  }
}
console.log(
  `${saved.length} screenshots in ${ENGINES.map((name) => path.join(outDir, name)).join(", ")}`,
);
