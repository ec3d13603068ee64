import path from "node:path";
import { fileURLToPath } from "node:url";
import { evaluate, parse } from "groq-js";
import { loadDataset } from "../../app/lib/content/dataset.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const BUNDLED_DATASET = path.join(root, "dataset");
export const ALT_DATASET = path.join(root, "tests/fixtures/alt-dataset");

/**
 * Asks a dataset folder directly, so tests learn titles and slugs from the
 * content instead of hard-coding the sample's. `previewed` is what preview shows: drafts laid
 * over their published documents, each keeping its draft's id as `_originalId`.
 */
export async function ask<T>(
  dir: string,
  query: string,
  params: Record<string, unknown> = {},
  perspective: "published" | "previewed" = "published",
) {
  const dataset = (await loadDataset(dir))[perspective];
  return (await (await evaluate(parse(query, { params }), { dataset, params })).get()) as T;
}
