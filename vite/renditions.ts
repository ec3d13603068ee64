import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { runnerImport, type Plugin } from "vite";
import { bundledDatasetDir } from "./bundled-dataset.ts";

type Modules = typeof import("../app/lib/media/build-renditions.server.ts");
let modules: Promise<Modules> | undefined;

/**
 * The app's own code, loaded as the app is (its imports, its `~/` paths), not bundled into the
 * config: one set of functions for the pages and their renditions.
 */
function app(): Promise<Modules> {
  modules ??= runnerImport<Modules>("/app/lib/media/build-renditions.server.ts", {
    configFile: false,
    logLevel: "silent",
    resolve: { tsconfigPaths: true },
  }).then(({ module }) => module);
  return modules;
}

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

type RenditionSet = ReturnType<Modules["renditionSet"]>;
let devSetCache: { mtimeMs: number; set: Promise<RenditionSet> } | undefined;

/**
 * The set for the dev server, computed again only when the dataset's file changes: reading the
 * dataset hashes every image, too much for each image a page asks for.
 */
async function devSet(dir: string): Promise<RenditionSet> {
  const { mtimeMs } = await stat(path.join(dir, "data.ndjson"));
  if (devSetCache?.mtimeMs !== mtimeMs) {
    const set = app().then(async ({ loadDataset, renditionSet }) =>
      renditionSet(await loadDataset(dir)),
    );
    devSetCache = { mtimeMs, set };
    set.catch(() => {
      if (devSetCache?.set === set) devSetCache = undefined;
    });
  }
  return devSetCache.set;
}

/**
 * The bundled dataset's image renditions and posters as static files
 * (docs/decisions/054-image-renditions.md): written into the browser build's folder at build
 * time, where the Node server's express.static and Netlify's CDN serve them; made on demand by
 * the dev server, the same members only, through the same cache.
 */
export function staticRenditions(): Plugin {
  return {
    name: "static-renditions",
    applyToEnvironment: (environment) => environment.name === "client",
    configureServer(server) {
      const dir = bundledDatasetDir();
      if (!dir) return;
      server.middlewares.use(async (req, res, next) => {
        const url = (req.url ?? "").split("?")[0]!;
        if (!url.startsWith("/media/images/") && !/^\/media\/videos\/[^/]+\//.test(url)) {
          return next();
        }
        try {
          const { makeRenditions, DEFAULT_CACHE_DIR } = await app();
          const member = (await devSet(dir)).get(url);
          if (!member) return next();
          const out = path.join(DEFAULT_CACHE_DIR, "dev");
          await makeRenditions(new Map([[url, member]]), out);
          res.setHeader("Content-Type", TYPES[path.extname(url)] ?? "application/octet-stream");
          res.setHeader("Cache-Control", "no-cache");
          createReadStream(path.join(out, url)).pipe(res);
        } catch (error) {
          next(error);
        }
      });
    },
    async writeBundle(options) {
      const dir = bundledDatasetDir();
      if (!dir || !options.dir) return;
      const { loadDataset, renditionSet, makeRenditions, describeReport } = await app();
      const report = await makeRenditions(renditionSet(await loadDataset(dir)), options.dir);
      // A page would name a file that is not there: the build fails rather than ship it.
      if (report.failed.length) this.error(`renditions: ${describeReport(report)}`);
      this.info(`renditions: ${describeReport(report)}`);
    },
  };
}
