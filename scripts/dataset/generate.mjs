// Regenerates the bundled sample dataset in ./dataset (run from the repo root):
//   node scripts/dataset/generate.mjs            # images, videos, data.ndjson
//   node scripts/dataset/generate.mjs --no-media # only data.ndjson (fast; media must exist)
// Deterministic: all randomness is seeded. Needs ffmpeg and the fonts listed in dataset/README.md.
// After new or changed images, `npm run dataset:facts` rewrites image-facts.json.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderImages } from './render-images.mjs';
import { renderVideos } from './videos.mjs';
import { buildDocuments } from './content.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'dataset');
const noMedia = process.argv.includes('--no-media');

await fs.mkdir(out, { recursive: true });
const t0 = Date.now();
if (!noMedia) {
  await fs.rm(path.join(out, 'images'), { recursive: true, force: true });
  await fs.rm(path.join(out, 'videos'), { recursive: true, force: true });
  const imgs = await renderImages(out);
  console.log(`images: ${imgs.length} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  const vids = await renderVideos(out);
  console.log(`videos: ${vids.length} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
}
const docs = buildDocuments();
await fs.writeFile(path.join(out, 'data.ndjson'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
console.log(`documents: ${docs.length} -> ${path.relative(root, path.join(out, 'data.ndjson'))}`);
