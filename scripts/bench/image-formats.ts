/**
 * npm run bench:image-formats — WebP against AVIF on the local image route's
 * pipeline (app/lib/media/transform.server.ts, sharp): every image of the
 * bundled dataset cut the way a phone asks for it (a 4:3 card at 700 px, a
 * full-width image at 760 px, the 4:5 home hero at 760 px), the bytes and the
 * encoding time of each format, and what the bytes saved are worth on
 * Lighthouse's phone network. Prints figures; asserts nothing. What they
 * decided: docs/performance.md, "Image formats".
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import { loadDataset } from "../../app/lib/content/dataset.server";
import { parseImageParams, transformImage } from "../../app/lib/media/transform.server";
import { BUNDLED_DATASET } from "../../tests/support/dataset";

const CUTS = [
  { label: "card 700 (4:3)", query: "w=700&h=525&fit=crop" },
  { label: "full 760", query: "w=760" },
  { label: "hero 760 (4:5)", query: "w=760&h=950&fit=crop" },
];
const FORMATS = ["webp", "avif"] as const;
/** Lighthouse's simulated phone network: 1.6 Mbit/s. */
const BYTES_PER_MS = (1.6 * 1024 * 1024) / 8 / 1000;

const { images } = await loadDataset(BUNDLED_DATASET);
const files = [...new Set([...images.values()].map((image) => image.file))].filter(
  (file) => !file.endsWith(".svg"),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (value: string | number, width: number) => String(value).padStart(width);

console.log(
  `Image formats on the local image route: ${files.length} images, ${CUTS.length} cuts each (load ${os.loadavg()[0]!.toFixed(1)})`,
);
console.log(
  `${"cut".padEnd(18)}${pad("WebP", 11)}${pad("AVIF", 11)}${pad("saved", 8)}${pad("WebP ms", 10)}${pad("AVIF ms", 10)}${pad("saved on 3G ms", 16)}`,
);
let totals = { webp: 0, avif: 0, webpMs: 0, avifMs: 0 };
for (const cut of CUTS) {
  const sums = { webp: 0, avif: 0, webpMs: 0, avifMs: 0 };
  const params = parseImageParams(new URLSearchParams(cut.query));
  for (const file of files) {
    const input = await readFile(file);
    for (const format of FORMATS) {
      const started = performance.now();
      const output = await transformImage(input, params, format);
      sums[format] += output.byteLength;
      sums[`${format}Ms`] += performance.now() - started;
    }
  }
  const perImage = (value: number) => value / files.length;
  console.log(
    `${cut.label.padEnd(18)}${pad(kb(perImage(sums.webp)), 11)}${pad(kb(perImage(sums.avif)), 11)}` +
      `${pad(`${Math.round((1 - sums.avif / sums.webp) * 100)} %`, 8)}` +
      `${pad(perImage(sums.webpMs).toFixed(0), 10)}${pad(perImage(sums.avifMs).toFixed(0), 10)}` +
      `${pad(((perImage(sums.webp) - perImage(sums.avif)) / BYTES_PER_MS).toFixed(0), 16)}`,
  );
  totals = {
    webp: totals.webp + sums.webp,
    avif: totals.avif + sums.avif,
    webpMs: totals.webpMs + sums.webpMs,
    avifMs: totals.avifMs + sums.avifMs,
  };
}
console.log(
  `\nAll cuts: WebP ${kb(totals.webp)}, AVIF ${kb(totals.avif)} (${Math.round((1 - totals.avif / totals.webp) * 100)} % less); ` +
    `encoding ${(totals.webpMs / 1000).toFixed(1)} s against ${(totals.avifMs / 1000).toFixed(1)} s (${(totals.avifMs / totals.webpMs).toFixed(1)}x).`,
);
console.log("Per image: bytes and milliseconds are averages over the dataset's images.");
