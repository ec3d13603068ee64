/**
 * `npm run dataset:facts -- [dir …]` (default: the bundled and the fixture dataset): writes
 * `image-facts.json` into each dataset folder, the dimensions and LQIP of every image it
 * names, so the server's first request does not wait for a sharp pass per image
 * (app/lib/content/image-facts.server.ts). Run it after adding or changing images; a unit
 * test fails while a file's facts are missing or out of date.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  deriveImageFacts,
  IMAGE_FACTS_FILE,
  serialiseImageFacts,
} from "../../app/lib/content/image-facts.server";
import { ALT_DATASET, BUNDLED_DATASET } from "../../tests/support/dataset";

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [BUNDLED_DATASET, ALT_DATASET];
for (const dir of dirs) {
  const facts = await deriveImageFacts(dir);
  await writeFile(path.join(dir, IMAGE_FACTS_FILE), serialiseImageFacts(facts));
  console.log(`${path.join(dir, IMAGE_FACTS_FILE)}: ${Object.keys(facts).length} images`);
}
