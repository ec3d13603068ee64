import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { evaluate, parse } from "groq-js";
import { loadDataset, type LoadedDataset } from "./dataset.server";
import type { ContentBackend, QueryParams, Tagged } from "./types";

/**
 * A bundled query's one sync tag: the query and its parameters, since groq-js cannot say
 * which documents an answer read. In development an edit of the file sends the tags of
 * the queries whose answers changed (`changedTags`, read by app/lib/content/source.server.ts).
 */
export function bundledSyncTag(query: string, params: QueryParams): string {
  const hash = createHash("sha1").update(`${query}\u0000${JSON.stringify(params)}`);
  return `b:${hash.digest("base64url").slice(0, 10)}`;
}

/**
 * The bundled dataset, held in memory and queried with groq-js: the same GROQ
 * the Sanity back end sends, evaluated in process. In development an edit of
 * data.ndjson is picked up on the next query; elsewhere `reload()` (called by
 * the revalidation webhook) re-reads the folder.
 */
export function createBundledBackend(dir: string, options: { watch: boolean }) {
  let loading: Promise<LoadedDataset> | undefined;
  let loadedMtime = 0;
  let prepare: ((data: LoadedDataset) => Promise<void>) | undefined;
  // Development only: the published answers given so far, by sync tag, to tell what an edit changed.
  const answered = new Map<string, { query: string; params: QueryParams; json: string }>();

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
      const attempt = loadDataset(dir).then(async (data) => {
        await prepare?.(data);
        return data;
      });
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

  async function run(query: string, params: QueryParams, preview = false) {
    const data = await current();
    const tree = parse(query, { params });
    const result = await evaluate(tree, {
      dataset: preview ? data.previewed : data.published,
      params,
    });
    return (await result.get()) as unknown;
  }

  const backend: ContentBackend & {
    dataset: () => Promise<LoadedDataset>;
    reload: () => Promise<void>;
    prepareWith: (task: (data: LoadedDataset) => Promise<void>) => void;
    changedTags: () => Promise<string[]>;
  } = {
    kind: "bundled",
    description: `bundled dataset at ${dir}`,
    async fetch<T>(query: string, params: QueryParams, opts: { preview?: boolean } = {}) {
      const result = await run(query, params, opts.preview);
      const tag = bundledSyncTag(query, params);
      if (options.watch && !opts.preview) {
        answered.set(tag, { query, params, json: JSON.stringify(result) });
      }
      return { result: result as T, syncTags: [tag] } satisfies Tagged<T>;
    },
    /** The tags of the queries answered so far whose answers differ now (after a file edit). */
    async changedTags() {
      const changed: string[] = [];
      for (const [tag, asked] of answered) {
        const json = JSON.stringify(await run(asked.query, asked.params).catch(() => null));
        if (json === asked.json) continue;
        asked.json = json;
        changed.push(tag);
      }
      return changed;
    },
    dataset: current,
    // In dev a file edit must show without a restart, so the cache in front
    // asks for the file's mtime; elsewhere only the webhook (reload) changes it.
    revision: options.watch ? async () => String(await dataMtime()) : undefined,
    async reload() {
      loading = undefined;
      await current();
    },
    /**
     * What must be ready for a loaded dataset before any query sees it: the Node server's
     * renditions (server/app.ts). A reload completes after it too.
     */
    prepareWith(task) {
      prepare = task;
      loading = undefined;
    },
  };
  return backend;
}

export type BundledBackend = ReturnType<typeof createBundledBackend>;
