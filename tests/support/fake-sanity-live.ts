import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The Live Content API of the fake Sanity (tests/support/fake-sanity.ts):
 * `GET /v{apiVersion}/data/live/events/{dataset}` as a server-sent event stream
 * (406 without `Accept: text/event-stream`), with the frames Sanity sends
 * (`welcome`, `message` with an id and `{"tags":[…]}`, `restart`, `goaway`,
 * `error`), the CORS headers a browser needs, and `GET /v{apiVersion}/check/cors`.
 *
 * Sync tags are opaque strings (`s1:…`) as Sanity's are: one per document id and one
 * per document type. A query carries the tags of the ids and types its text names, and,
 * when it follows references (`->`), those of every type a reference points at; a change
 * to a document sends the tags of its id and its type. Coarser than Sanity's, never finer:
 * what a change touches always revalidates.
 */

type Doc = Record<string, unknown>;

const tag = (kind: "id" | "type", name: string) =>
  `s1:${createHash("sha1").update(`${kind}:${name}`).digest("base64url").slice(0, 6)}`;

/** The tags a change to this document sends. */
export function syncTagsOfDocument(doc: Doc): string[] {
  const id = String(doc._id ?? "").replace(/^drafts\./, "");
  return [tag("id", id), tag("type", String(doc._type ?? ""))];
}

function referencedTypes(docs: Doc[]): Set<string> {
  const byId = new Map(docs.map((doc) => [doc._id, doc._type]));
  const types = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const ref = (value as Doc)._ref;
      const type = typeof ref === "string" ? byId.get(ref) : undefined;
      if (typeof type === "string") types.add(type);
      Object.values(value).forEach(visit);
    }
  };
  visit(docs);
  return types;
}

/** The tags a query's answer carries, over these documents. */
export function syncTagsOfQuery(query: string, docs: Doc[]): string[] {
  const literals = new Set([...query.matchAll(/"([^"\\]*)"/g)].map((match) => match[1]!));
  const tags = new Set<string>();
  for (const doc of docs) {
    if (literals.has(String(doc._id))) tags.add(tag("id", String(doc._id)));
    if (literals.has(String(doc._type))) tags.add(tag("type", String(doc._type)));
  }
  if (query.includes("->")) for (const type of referencedTypes(docs)) tags.add(tag("type", type));
  return [...tags].sort();
}

export type FakeLive = {
  /** Every stream request, as it arrived (`accepted` false: refused with 406). */
  connections: { accepted: boolean; lastEventId: string | null; origin: string | null }[];
  /** Streams open now (a closed tab's goes when its server sees the close: later). */
  open(): number;
  /** Streams accepted so far: a new tab's shows here whatever older tabs' streams do. */
  opened(): number;
  /** Sends a `message` with these tags to every open stream; returns its id. */
  message(tags: string[]): string;
  restart(): void;
  /** Sends `goaway` and closes every stream. */
  goaway(reason?: string): void;
  /** Sends an `error` frame. */
  error(message: string): void;
  /** Cuts every stream without a word, as a network drop does. */
  drop(): void;
  close(): void;
};

const cors = (req: IncomingMessage): Record<string, string> => ({
  "Access-Control-Allow-Origin": req.headers.origin ?? "*",
  Vary: "Origin",
});

export function createFakeLive(dataset: string) {
  const streamPath = new RegExp(`^/v[^/]+/data/live/events/${dataset}$`);
  const corsPath = /^\/v[^/]+\/check\/cors$/;
  const streams = new Set<ServerResponse>();
  const connections: FakeLive["connections"] = [];
  let counter = 0;

  const frame = (event: string, data: unknown, id?: string) =>
    `${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const broadcast = (text: string) => {
    for (const res of streams) res.write(text);
  };

  /** Answers the request when it is the live API's; false when it is not. */
  function handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (corsPath.test(url.pathname)) {
      res.writeHead(200, { "Content-Type": "application/json", ...cors(req) });
      res.end(JSON.stringify({ result: { allowed: true, withCredentials: false } }));
      return true;
    }
    if (!streamPath.test(url.pathname)) return false;
    const accepted = /text\/event-stream/.test(req.headers.accept ?? "");
    connections.push({
      accepted,
      lastEventId: (req.headers["last-event-id"] as string | undefined) ?? null,
      origin: req.headers.origin ?? null,
    });
    if (!accepted) {
      res.writeHead(406, { "Content-Type": "application/json", ...cors(req) });
      res.end(JSON.stringify({ statusCode: 406, error: "Not Acceptable" }));
      return true;
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache",
      ...cors(req),
    });
    res.write(frame("welcome", {}));
    streams.add(res);
    res.on("close", () => streams.delete(res));
    return true;
  }

  const live: FakeLive = {
    connections,
    open: () => streams.size,
    opened: () => connections.filter((connection) => connection.accepted).length,
    message(tags) {
      counter += 1;
      const id = `fake-${Date.now().toString(36)}-${counter}`;
      broadcast(frame("message", { tags }, id));
      return id;
    },
    restart: () => broadcast(frame("restart", {})),
    goaway(reason = "connection limit reached") {
      broadcast(frame("goaway", { reason }));
      for (const res of streams) res.end();
      streams.clear();
    },
    error: (message) => broadcast(frame("error", { message })),
    drop() {
      for (const res of streams) res.socket?.destroy();
      streams.clear();
    },
    close() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
  return { handle, live };
}
