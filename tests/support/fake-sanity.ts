import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { evaluate, parse } from "groq-js";
import { loadDataset } from "../../app/lib/content/dataset.server";
import {
  createFakeLive,
  syncTagsOfDocument,
  syncTagsOfQuery,
  type FakeLive,
} from "./fake-sanity-live";
import { sourceMapFor } from "./fake-source-map";

/**
 * A stand-in for Sanity's query HTTP API on 127.0.0.1: GET and POST
 * /v{apiVersion}/data/query/{dataset}, answered by groq-js over a dataset
 * folder, with switches for the failures the site must survive. Like the
 * real API, the `drafts` and `raw` perspectives see drafts (and documents
 * added with `addDocuments`, such as the Studio's preview secrets) only with
 * a token, and `resultSourceMap` adds a Content Source Map to the answer.
 * POST /v{apiVersion}/data/mutate/{dataset} applies `createOrReplace` and
 * `delete` to the published documents, with a token only, as Sanity does, and
 * sends the changed documents' sync tags down the live stream (fake-sanity-live.ts);
 * query answers carry `syncTags`.
 */
export type FakeSanity = {
  url: string;
  /** The site's variables for reading this fake's project straight from its API (no CDN). */
  siteEnv: Record<string, string>;
  requests: {
    method: string;
    path: string;
    perspective: string | null;
    resultSourceMap: boolean;
    token: boolean;
  }[];
  /** Answer the next `count` queries with this status. */
  failNext(count: number, status: number): void;
  /** Never answer queries until `recover()`. */
  hang(): void;
  recover(): void;
  setDocuments(mutator: (docs: Record<string, unknown>[]) => Record<string, unknown>[]): void;
  /** Documents only a token sees (`raw` perspective), e.g. `sanity.previewUrlSecret`. */
  addDocuments(docs: Record<string, unknown>[]): void;
  /** Every transaction posted to the mutate endpoint, in order, as sent. */
  mutations: Record<string, unknown>[][];
  /** Answer every query containing `fragment` with `result`, as a back end gone wrong would. */
  answerWith(fragment: string, result: unknown): void;
  /** The Live Content API's stream (fake-sanity-live.ts). */
  live: FakeLive;
  /**
   * Publishes a document as an editor does: it replaces the published one and a live
   * `message` carries its tags. Returns the event's id.
   */
  publish(doc: Record<string, unknown>): string;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeSanity(
  datasetDir: string,
  dataset = "production",
): Promise<FakeSanity> {
  const loaded = await loadDataset(datasetDir);
  let published = loaded.published as unknown as Record<string, unknown>[];
  const previewed = loaded.previewed as unknown as Record<string, unknown>[];
  // Every document as stored: published ones and drafts under their `drafts.` ids.
  const drafts = previewed
    .filter((doc) => typeof doc._originalId === "string")
    .map(({ _originalId, ...doc }) => ({ ...doc, _id: _originalId }));
  const raw = [...published, ...drafts];
  const privateDocs: Record<string, unknown>[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let hanging = false;
  const overrides = new Map<string, unknown>();
  const held = new Set<() => void>();
  const requests: FakeSanity["requests"] = [];
  const path = new RegExp(`^/v[^/]+/data/query/${dataset}$`);
  const mutatePath = new RegExp(`^/v[^/]+/data/mutate/${dataset}$`);
  const mutations: FakeSanity["mutations"] = [];
  const { handle: handleLive, live } = createFakeLive(dataset);

  /** One transaction: every mutation applies, or (an unknown kind) none does. */
  function mutate(transaction: Record<string, unknown>[]) {
    let next = [...published];
    const results: { id: string; operation: string }[] = [];
    const changed: Record<string, unknown>[] = [];
    for (const mutation of transaction) {
      const [[kind, body]] = Object.entries(mutation) as [[string, Record<string, unknown>]];
      const id = String((kind === "delete" ? body.id : body._id) ?? "");
      if (!id || (kind !== "createOrReplace" && kind !== "delete")) {
        throw new Error(`The fake takes createOrReplace and delete by id, not ${kind}`);
      }
      const before = next.find((doc) => doc._id === id);
      const existed = Boolean(before);
      changed.push(kind === "delete" ? (before ?? { _id: id }) : body);
      next = next.filter((doc) => doc._id !== id);
      if (kind === "createOrReplace") next.push({ ...body, _updatedAt: new Date().toISOString() });
      results.push({ id, operation: kind === "delete" ? "delete" : existed ? "update" : "create" });
    }
    published = next;
    live.message([...new Set(changed.flatMap(syncTagsOfDocument))]);
    return results;
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (handleLive(req, res, url)) return;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (mutatePath.test(url.pathname) && req.method === "POST") {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) {
        return send(401, { statusCode: 401, error: "Unauthorized", message: "Not signed in" });
      }
      const { mutations: transaction } = JSON.parse(await readBody(req)) as {
        mutations: Record<string, unknown>[];
      };
      try {
        const results = mutate(transaction);
        mutations.push(transaction);
        return send(200, { transactionId: `fake-${mutations.length}`, results });
      } catch (error) {
        return send(400, {
          error: { description: (error as Error).message, type: "mutationError" },
        });
      }
    }
    if (!path.test(url.pathname)) return send(404, { error: "Not found" });
    const perspective = url.searchParams.get("perspective");
    const token = /^Bearer \S+/.test(req.headers.authorization ?? "");
    const withSourceMap = Boolean(url.searchParams.get("resultSourceMap"));
    requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      perspective,
      resultSourceMap: withSourceMap,
      token,
    });

    if (hanging) {
      held.add(() => res.destroy());
      return;
    }
    if (failures.count > 0) {
      failures.count -= 1;
      return send(failures.status, { error: "Service Unavailable", statusCode: failures.status });
    }

    let query: string | null;
    let params: Record<string, unknown> = {};
    if (req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as {
        query: string;
        params?: Record<string, unknown>;
      };
      query = body.query;
      params = body.params ?? {};
    } else {
      query = url.searchParams.get("query");
      for (const [key, value] of url.searchParams) {
        if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
      }
    }
    if (!query) return send(400, { error: "Missing query" });
    for (const [fragment, result] of overrides) {
      if (query.includes(fragment)) return send(200, { ms: 1, query, result, syncTags: [] });
    }
    try {
      // Without a token Sanity shows published documents whatever the perspective.
      const docs = !token
        ? published
        : perspective === "raw"
          ? [...raw, ...privateDocs]
          : perspective === "drafts" || perspective === "previewDrafts"
            ? previewed
            : published;
      const result = await (
        await evaluate(parse(query, { params }), { dataset: docs, params })
      ).get();
      const resultSourceMap = withSourceMap
        ? sourceMapFor(result, docs as Parameters<typeof sourceMapFor>[1])
        : undefined;
      const syncTags = syncTagsOfQuery(query, docs);
      send(200, {
        ms: 1,
        query,
        result,
        syncTags,
        ...(resultSourceMap ? { resultSourceMap } : {}),
      });
    } catch (error) {
      send(400, { error: { description: (error as Error).message, type: "queryParseError" } });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    siteEnv: {
      SANITY_PROJECT_ID: "fake1234",
      SANITY_DATASET: "production",
      SANITY_API_HOST: `http://127.0.0.1:${port}`,
      SANITY_USE_CDN: "false",
    },
    requests,
    mutations,
    failNext(count, status) {
      failures = { count, status };
    },
    hang() {
      hanging = true;
    },
    recover() {
      hanging = false;
      for (const release of held) release();
      held.clear();
    },
    setDocuments(mutator) {
      published = mutator(published);
    },
    addDocuments(docs) {
      privateDocs.push(...docs);
    },
    answerWith(fragment, result) {
      overrides.set(fragment, result);
    },
    live,
    publish(doc) {
      published = [...published.filter((other) => other._id !== doc._id), doc];
      return live.message(syncTagsOfDocument(doc));
    },
    close() {
      live.close();
      for (const release of held) release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
