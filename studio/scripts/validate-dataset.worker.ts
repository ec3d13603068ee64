/**
 * The work of `npm run content:validate` (scripts/validate-dataset.mjs), in a
 * worker the Sanity CLI's own loader runs (Vite + a simulated browser, as for
 * `sanity schema extract`), so sanity.config.ts loads exactly as in the
 * Studio, plugins included. Validation is Sanity's own `validateDocument`:
 * types and fields, required values, every custom rule, slug uniqueness and
 * the redirect rules (the GROQ they ask runs locally in groq-js, over the
 * folder's drafts and published documents alike). Around it, what only a folder can get
 * wrong: JSON lines, `_sanityAsset` files, video files, references that
 * resolve, singleton ids. Posts the problems back; the caller prints them.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { getStudioWorkspaces } from "@sanity/cli-core";
import { extractSchema } from "@sanity/schema/_internal";
import path from "node:path";
import { evaluate, parse } from "groq-js";
import {
  pathToString,
  validateDocument,
  type Path,
  type SanityClient,
  type SanityDocument,
  type ValidationMarker,
  type Workspace,
} from "sanity";
import { isSingletonType, SANITY_API_VERSION, SINGLETONS } from "../src/lib/singletons";

type Problem = { id: string; path: string; message: string; level: "error" | "warning" };
type Doc = SanityDocument & Record<string, unknown>;

const ASSET = /^image@file:\/\/\.\/images\/([^/\\]+)$/;

function readDocuments(dir: string, problems: Problem[]): Doc[] {
  const file = path.join(dir, "data.ndjson");
  if (!existsSync(file)) {
    problems.push({ id: "-", path: "data.ndjson", message: `not found in ${dir}`, level: "error" });
    return [];
  }
  const docs: Doc[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (!line.trim()) return;
      const where = `data.ndjson line ${index + 1}`;
      let doc: unknown;
      try {
        doc = JSON.parse(line);
      } catch (error) {
        problems.push({
          id: "-",
          path: where,
          message: `not valid JSON (${(error as Error).message})`,
          level: "error",
        });
        return;
      }
      const candidate = doc as Partial<Doc> | null;
      if (!candidate || typeof candidate !== "object" || Array.isArray(candidate)) {
        problems.push({ id: "-", path: where, message: "not a JSON object", level: "error" });
      } else if (typeof candidate._id !== "string" || !candidate._id) {
        problems.push({ id: "-", path: where, message: "has no _id", level: "error" });
      } else if (typeof candidate._type !== "string" || !candidate._type) {
        problems.push({
          id: candidate._id,
          path: "_type",
          message: `missing (${where})`,
          level: "error",
        });
      } else {
        docs.push(candidate as Doc);
      }
    });
  const seen = new Set<string>();
  for (const doc of docs) {
    if (seen.has(doc._id)) {
      problems.push({
        id: doc._id,
        path: "_id",
        message: "used by more than one document",
        level: "error",
      });
    }
    seen.add(doc._id);
  }
  return docs;
}

/**
 * Replaces each `_sanityAsset` with the reference the importer would make
 * (`image-<sha1 of the file>-…`), reporting files that are not there. The
 * asset ids become documents that exist, as the importer's uploads would.
 */
function resolveAssets(dir: string, doc: Doc, problems: Problem[], assetIds: Set<string>): Doc {
  const walk = (value: unknown, at: Path): unknown => {
    if (Array.isArray(value)) {
      return value.map((item, index) => {
        const key =
          item && typeof item === "object" ? (item as { _key?: unknown })._key : undefined;
        return walk(item, [...at, typeof key === "string" ? { _key: key } : index]);
      });
    }
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key !== "_sanityAsset") {
        out[key] = walk(child, [...at, key]);
        continue;
      }
      const file = typeof child === "string" ? ASSET.exec(child)?.[1] : undefined;
      const where = pathToString([...at, key]);
      if (!file) {
        problems.push({
          id: doc._id,
          path: where,
          message: `"${String(child)}" is not of the form image@file://./images/<file>`,
          level: "error",
        });
        continue;
      }
      const full = path.join(dir, "images", file);
      if (!existsSync(full)) {
        problems.push({
          id: doc._id,
          path: where,
          message: `file images/${file} not found`,
          level: "error",
        });
        continue;
      }
      const sha1 = createHash("sha1").update(readFileSync(full)).digest("hex");
      // Dimensions are part of a real asset id; validation needs only a stable, existing one.
      const id = `image-${sha1}-0x0-${path.extname(file).slice(1).toLowerCase() || "bin"}`;
      assetIds.add(id);
      out.asset = { _type: "reference", _ref: id };
    }
    return out;
  };
  return walk(doc, []) as Doc;
}

/** Every `_ref` in a document, with where it sits. */
function references(value: unknown, at: Path = []): { ref: string; at: Path }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => {
      const key = item && typeof item === "object" ? (item as { _key?: unknown })._key : undefined;
      return references(item, [...at, typeof key === "string" ? { _key: key } : index]);
    });
  }
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  if (typeof record._ref === "string") return [{ ref: record._ref, at }];
  return Object.entries(record).flatMap(([key, child]) => references(child, [...at, key]));
}

/** The client Sanity's rules ask (slug uniqueness): GROQ over the folder, in process. */
function localClient(documents: Doc[]): SanityClient {
  const client = {
    config: () => ({ projectId: "local", dataset: "local", apiVersion: SANITY_API_VERSION }),
    withConfig: () => client,
    clone: () => client,
    async fetch(query: string, params: Record<string, unknown> = {}) {
      return (await evaluate(parse(query, { params }), { dataset: documents, params })).get();
    },
  };
  return client as unknown as SanityClient;
}

async function loadWorkspace(): Promise<Workspace> {
  // As the CLI's own `documents validate` does: the configured workspace, signed out.
  const [workspace] = await getStudioWorkspaces(process.env.STUDIO_WORKER_STUDIO_ROOT_PATH ?? ".");
  if (!workspace) throw new Error("sanity.config.ts defines no workspace");
  return workspace;
}

// Sanity reports these as warnings; in a dataset they are faults: fields or
// types the Studio cannot show, and slugs that would open two pages at one address.
const ALWAYS_ERRORS = [
  /does not exist on type/i,
  /not defined in schema/i,
  /could not find schema type/i,
  /already in use/i,
];

// What only the "cli" environment reports (validateFolder).
const CLI_ONLY = [
  /does not exist on type/i,
  /not defined in schema/i,
  /could not find schema type/i,
];

function fromMarker(doc: Doc, marker: ValidationMarker): Problem {
  const shapeFault = ALWAYS_ERRORS.some((pattern) => pattern.test(marker.message));
  return {
    id: doc._id,
    path: pathToString(marker.path) || "(document)",
    message: marker.message,
    level:
      marker.level === "error" || shapeFault
        ? "error"
        : marker.level === "warning"
          ? "warning"
          : "error",
  };
}

export type ValidationReport = { dir: string; problems: Problem[]; documents: number };

async function validateFolder(dir: string, workspace: Workspace): Promise<ValidationReport> {
  const problems: Problem[] = [];
  const raw = readDocuments(dir, problems);
  const assetIds = new Set<string>();
  const documents = raw.map((doc) => resolveAssets(dir, doc, problems, assetIds));
  const existing = new Set([...documents.map((doc) => doc._id), ...assetIds]);
  const publishedOrDraft = (id: string) => existing.has(id) || existing.has(`drafts.${id}`);

  const client = localClient(documents);
  const toValidate = documents.filter(
    (doc) => !doc._type.startsWith("sanity.") && !doc._type.startsWith("system."),
  );

  for (const doc of toValidate) {
    for (const { ref, at } of references(doc)) {
      if (!publishedOrDraft(ref)) {
        problems.push({
          id: doc._id,
          path: pathToString(at) || "(document)",
          message: `refers to "${ref}", which is not in the dataset`,
          level: "error",
        });
      }
    }
    const publishedId = doc._id.replace(/^drafts\./, "");
    if (isSingletonType(doc._type) && publishedId !== SINGLETONS[doc._type].id) {
      problems.push({
        id: doc._id,
        path: "_id",
        message: `a ${doc._type} document is a singleton: its _id must be "${SINGLETONS[doc._type].id}"`,
        level: "error",
      });
    }
    if (doc._type === "mux.videoAsset" && typeof doc.playbackId === "string") {
      if (!existsSync(path.join(dir, "videos", `${doc.playbackId}.mp4`))) {
        problems.push({
          id: doc._id,
          path: "playbackId",
          message: `file videos/${doc.playbackId}.mp4 not found`,
          level: "error",
        });
      }
    }
    const options = {
      document: doc,
      workspace,
      getClient: () => client,
      // Missing references are reported above, once, with the id they name.
      getDocumentExists: async ({ id }: { id: string }) => publishedOrDraft(id),
    };
    // Sanity's "cli" environment adds its check for fields the schema lacks,
    // but turns every rule of an object-typed value into a warning with a
    // generic message (the rules of `link`, or of a whole document). The
    // "studio" environment keeps each rule's own level and message, as
    // editors see them: its markers, plus the CLI's unknown-field ones.
    const [asCli, asStudio] = await Promise.all([
      validateDocument({ ...options, environment: "cli" }),
      workspace.schema.get(doc._type)
        ? validateDocument({ ...options, environment: "studio" })
        : Promise.resolve([]),
    ]);
    const markers = [
      ...asStudio,
      ...asCli.filter((marker) => CLI_ONLY.some((pattern) => pattern.test(marker.message))),
    ];
    problems.push(...markers.map((marker) => fromMarker(doc, marker)));
  }
  // A rule Sanity runs twice (a type's own and a field's) reports once.
  const seen = new Set<string>();
  const unique = problems.filter((problem) => {
    const key = `${problem.id}\u0000${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { dir, problems: unique, documents: toValidate.length };
}

/**
 * Validates each folder; with `withSchema`, also extracts the schema as `sanity schema extract`
 * does (the same function, on the same workspace), so `npm run typegen` can take it from this one
 * load of the Studio instead of loading it again (scripts/studio.mjs).
 */
async function validateFolders(dirs: string[], withSchema: boolean) {
  const workspace = await loadWorkspace();
  const reports: ValidationReport[] = [];
  for (const dir of dirs) reports.push(await validateFolder(dir, workspace));
  const schema = withSchema
    ? extractSchema(workspace.schema, { enforceRequiredFields: false })
    : null;
  return { reports, schema };
}

// Awaited at the top level: the CLI's loader closes its Vite server as soon as
// this module has run (one-shot workers, @sanity/cli-core 2.5 and later), and
// sanity.config.ts and the modules it imports load through that server.
const { dirs, withSchema } = workerData as { dirs: string[]; withSchema: boolean };
try {
  parentPort?.postMessage({ type: "reports", ...(await validateFolders(dirs, withSchema)) });
} catch (error) {
  parentPort?.postMessage({ type: "error", error: (error as Error).stack ?? String(error) });
}
