import path from "node:path";
import type { Plugin } from "vite";
import { DEV_CHANGES_EVENT, DEV_CHANGES_KEY, type DevChanges } from "../app/lib/live/config.ts";
import { bundledDatasetDir } from "./bundled-dataset.ts";

// An editor's save may arrive as several writes: wait for them to settle.
const SETTLE_MS = 100;

/**
 * The bundled dataset is live in development (docs/caching.md, "Live"): when data.ndjson
 * changes, the content source (registered under DEV_CHANGES_KEY) says which answers changed,
 * and their sync tags go to every open tab over Vite's HMR channel, where the same code as
 * Sanity's live stream revalidates the pages they touch (app/components/LiveContent.tsx).
 */
export function liveDataset(): Plugin {
  return {
    name: "live-dataset",
    apply: "serve",
    configureServer(server) {
      const dir = bundledDatasetDir();
      if (!dir) return;
      const file = path.join(dir, "data.ndjson");
      server.watcher.add(file);
      let timer: ReturnType<typeof setTimeout> | undefined;
      server.watcher.on("change", (changed) => {
        if (path.resolve(changed) !== file) return;
        clearTimeout(timer);
        timer = setTimeout(async () => {
          const changes = (globalThis as Record<symbol, DevChanges | undefined>)[DEV_CHANGES_KEY];
          const tags = await changes?.().catch(() => []);
          if (tags?.length)
            server.ws.send({ type: "custom", event: DEV_CHANGES_EVENT, data: { tags } });
        }, SETTLE_MS);
      });
    },
  };
}
