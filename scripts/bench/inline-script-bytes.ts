// The inline script each page ships (React Router's route map and loader data, and the page's
// JSON-LD), in gzip bytes: what a page sends to hydrate beside its JavaScript files
// (docs/performance.md, "Inline script"). Starts the production server of BUILD_DIR on a free
// port, on the bundled dataset, and asks for one page of each route. Used by size.ts.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startProductionServer } from "./util";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A visible project's slug from the bundled dataset, for the project route. */
function firstProjectSlug(root: string): string | undefined {
  const docs = readFileSync(path.join(root, "dataset/data.ndjson"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          _type: string;
          _id: string;
          hidden?: boolean;
          slug?: { current?: string };
        },
    );
  const project = docs.find(
    (doc) =>
      doc._type === "project" && !doc._id.startsWith("drafts.") && !doc.hidden && doc.slug?.current,
  );
  return project?.slug?.current;
}

const SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** Inline script bytes (raw and gzip) of each page route, JSON-LD counted apart. */
export type InlineBytes = { path: string; raw: number; gzip: number; jsonLdGzip: number };

export async function inlineScriptBytes(root: string, buildDir: string): Promise<InlineBytes[]> {
  const port = await freePort();
  // The bundled dataset, whatever the shell's environment names.
  const server = await startProductionServer({
    BUILD_DIR: buildDir,
    PORT: String(port),
    SANITY_PROJECT_ID: "",
    SANITY_DATASET: "",
  });
  try {
    const slug = firstProjectSlug(root);
    const paths = ["/", "/work", ...(slug ? [`/work/${slug}`] : []), "/culture", "/legal"];
    const results: InlineBytes[] = [];
    for (const pagePath of paths) {
      const html = await (await fetch(`http://127.0.0.1:${port}${pagePath}`)).text();
      let router = "";
      let jsonLd = "";
      for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
        if (attributes.includes("application/ld+json")) jsonLd += body;
        else router += body;
      }
      results.push({
        path: pagePath,
        raw: router.length,
        gzip: gzipSync(router, { level: 9 }).byteLength,
        jsonLdGzip: jsonLd ? gzipSync(jsonLd, { level: 9 }).byteLength : 0,
      });
    }
    return results;
  } finally {
    await server.stop();
  }
}
