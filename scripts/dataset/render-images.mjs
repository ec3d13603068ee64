// Renders the image catalogue into <outDir>/images. Usage: node render-images.mjs [outDir] [filter]
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGES } from './images.mjs';
import { renderSvg } from './lib.mjs';

export async function renderImages(outDir, filter = '') {
  const dir = path.join(outDir, 'images');
  await fs.mkdir(dir, { recursive: true });
  const list = IMAGES.filter((i) => i.name.includes(filter));
  const queue = [...list];
  const workers = Array.from({ length: 4 }, async () => {
    while (queue.length) {
      const im = queue.shift();
      const svg = im.art(im.w, im.h);
      await renderSvg(svg, path.join(dir, im.name), { format: im.format, grainAmount: im.grain ?? 0.09 });
    }
  });
  await Promise.all(workers);
  return list;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = Date.now();
  const list = await renderImages(process.argv[2] || 'dataset', process.argv[3] || '');
  console.log(`rendered ${list.length} images in ${((Date.now() - t) / 1000).toFixed(1)}s`);
}
