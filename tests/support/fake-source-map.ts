/**
 * A Content Source Map for a query result, as Sanity's query API returns it
 * with `resultSourceMap=withKeyArraySelector`: for every string in the result,
 * which document and which path in it the value came from. The real API
 * traces values through the query; this fake finds each string in the
 * documents instead, preferring the nearest document the result names by
 * `_id`. That is exact for the site's projections, which copy strings as they
 * are, and good enough to drive @sanity/client's stega encoder for real.
 */
type Doc = { _id: string; _type: string; _originalId?: string; [key: string]: unknown };
type Segment = string | number | { _key: string };
type Found = { doc: number; path: Segment[] };

export type ContentSourceMap = {
  documents: { _id: string; _type: string }[];
  paths: string[];
  mappings: Record<
    string,
    { type: "value"; source: { type: "documentValue"; document: number; path: number } }
  >;
};

const quote = (key: string) => key.replace(/[\\']/g, (char) => `\\${char}`);

function jsonPath(path: Segment[]) {
  return `$${path
    .map((segment) =>
      typeof segment === "number"
        ? `[${segment}]`
        : typeof segment === "string"
          ? `['${quote(segment)}']`
          : `[?(@._key=='${quote(segment._key)}')]`,
    )
    .join("")}`;
}

/** Every string in the documents, by value. */
function indexStrings(docs: Doc[]) {
  const index = new Map<string, Found[]>();
  const walk = (value: unknown, doc: number, path: Segment[]) => {
    if (typeof value === "string") {
      const found = index.get(value) ?? [];
      found.push({ doc, path });
      index.set(value, found);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        const key =
          item && typeof item === "object" ? (item as { _key?: unknown })._key : undefined;
        walk(item, doc, [...path, typeof key === "string" ? { _key: key } : i]);
      });
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (!key.startsWith("_")) walk(child, doc, [...path, key]);
      }
    }
  };
  docs.forEach((doc, i) => walk(doc, i, []));
  return index;
}

export function sourceMapFor(result: unknown, docs: Doc[]): ContentSourceMap {
  const index = indexStrings(docs);
  const docIndex = new Map(docs.map((doc, i) => [doc._id, i]));
  const usedDocs = new Map<number, number>();
  const paths: string[] = [];
  const mappings: ContentSourceMap["mappings"] = {};

  const walk = (value: unknown, at: (string | number)[], context: number | undefined) => {
    if (typeof value === "string") {
      const candidates = index.get(value);
      if (!candidates?.length) return;
      const found = candidates.find((candidate) => candidate.doc === context) ?? candidates[0]!;
      if (!usedDocs.has(found.doc)) usedDocs.set(found.doc, usedDocs.size);
      paths.push(jsonPath(found.path));
      mappings[jsonPath(at)] = {
        type: "value",
        source: {
          type: "documentValue",
          document: usedDocs.get(found.doc)!,
          path: paths.length - 1,
        },
      };
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...at, i], context));
    } else if (value && typeof value === "object") {
      const id = (value as { _id?: unknown })._id;
      const here = typeof id === "string" && docIndex.has(id) ? docIndex.get(id) : context;
      for (const [key, child] of Object.entries(value)) walk(child, [...at, key], here);
    }
  };
  walk(result, [], undefined);

  const documents: ContentSourceMap["documents"] = [];
  for (const [doc, position] of usedDocs) {
    const source = docs[doc]!;
    documents[position] = { _id: source._originalId ?? source._id, _type: source._type };
  }
  return { documents, paths, mappings };
}
