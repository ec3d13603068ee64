import { stat } from "node:fs/promises";
import path from "node:path";
import { evaluate, parse } from "groq-js";
import { loadDataset, type LoadedDataset } from "./dataset.server";
import type { ContentBackend, QueryParams } from "./types";

/**
 * The bundled dataset, held in memory and queried with groq-js: the same GROQ
 * the Sanity back end sends, evaluated in process. In development an edit of
 * data.ndjson is picked up on the next query; elsewhere `reload()` (called by
 * the revalidation webhook) re-reads the folder.
 */
export function createBundledBackend(dir: string, options: { watch: boolean }) {
  let loading: Promise<LoadedDataset> | undefined;
  let loadedMtime = 0;

  async function dataMtime() {
    return (await stat(path.join(dir, "data.ndjson")).catch(() => undefined))?.mtimeMs ?? 0;
  }

  async function current(): Promise<LoadedDataset> {
    if (options.watch && loading) {
      const mtime = await dataMtime();
      if (mtime !== loadedMtime) loading = undefined;
    }
    if (!loading) {
      const mtime = await dataMtime();
      const attempt = loadDataset(dir);
      loading = attempt;
      // A failed load must not stick: the next query tries again.
      attempt.then(
        () => (loadedMtime = mtime),
        () => {
          if (loading === attempt) loading = undefined;
        },
      );
    }
    return loading;
  }

  const backend: ContentBackend & {
    dataset: () => Promise<LoadedDataset>;
    reload: () => Promise<void>;
  } = {
    kind: "bundled",
    description: `bundled dataset at ${dir}`,
    async fetch<T>(query: string, params: QueryParams, opts: { preview?: boolean } = {}) {
      const data = await current();
      const tree = parse(query, { params });
      const result = await evaluate(tree, {
        dataset: opts.preview ? data.previewed : data.published,
        params,
      });
      return (await result.get()) as T;
    },
    dataset: current,
    // In dev a file edit must show without a restart, so the cache in front
    // asks for the file's mtime; elsewhere only the webhook (reload) changes it.
    revision: options.watch ? async () => String(await dataMtime()) : undefined,
    async reload() {
      loading = undefined;
      await current();
    },
  };
  return backend;
}

export type BundledBackend = ReturnType<typeof createBundledBackend>;
