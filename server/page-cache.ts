// A full-page cache in front of React Router for the Node server, playing the part
// Netlify's CDN plays in production: it keeps what the app marks cacheable for
// the CDN (`Netlify-CDN-Cache-Control: public … s-maxage=N`) for N seconds,
// tagged with `Netlify-Cache-Tag`, and drops tags when the revalidation
// webhook purges them (through the load context, server/request-handler.ts).
// Rendering React costs milliseconds; this costs a lookup.
import { promisify } from "node:util";
import { brotliCompress, constants, gzipSync } from "node:zlib";

const brotli = promisify(brotliCompress);

/** What a kept answer can be sent in. */
export type Encoding = "br" | "gzip" | "identity";

/** One kept answer: its status, tags and lifetime, and its bytes in each encoding made so far. */
export interface Entry {
  status: number;
  tags: Set<string>;
  expires: number;
  /** The encodings this entry can answer in now. */
  encodings(): Encoding[];
  answer(encoding: Encoding): { headers: Record<string, string>; chunks: Buffer[] };
  compressWithBrotli(): Promise<void>;
  /** Set on the first hit: the Brotli copy, being made or made. */
  brotliReady?: Promise<void>;
}

const PREVIEW_COOKIE = "__preview";
const MAX_ENTRIES = 500;
// 404s apart, and fewer: a flood of made-up paths must not push the site's pages out.
const MAX_NOT_FOUND = 100;
// Live revalidations' answers apart too (docs/caching.md, "Live"): the open tabs of one event
// share one, and a flood of made-up event ids cannot push the site's pages out.
const MAX_LIVE = 50;
const LIVE_EVENT_PARAM = "lastLiveEventId"; // app/lib/content/live.ts
const isLive = (url: string) => new URLSearchParams(url.split("?")[1] ?? "").has(LIVE_EVENT_PARAM);
// Pages, the 404 page, and the editors' redirects (app/lib/redirects.server.ts).
const KEPT_STATUSES = new Set([200, 404, 307, 308]);

/**
 * The encoding to answer with: Brotli when the client takes it (as Netlify's
 * CDN does), else gzip, else none. `available` lists what the entry has.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly string[],
): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [token, ...params] = part.trim().split(";");
    if (!token) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(token, q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*");
  for (const encoding of ["br", "gzip"] as const) {
    if (available.includes(encoding) && (weight(encoding) ?? 0) > 0) return encoding;
  }
  return "identity";
}

/**
 * Brotli at its best quality takes a page a third smaller than gzip (a project
 * page: 19 KB → 12 KB, inside TCP's first round trip) but costs ~80 ms of CPU
 * for a large page. So it is made once per kept page, on its first hit (a
 * page nobody asks for twice, or a storm of forced re-renders, never pays),
 * on libuv's pool; until it is ready hits are gzip.
 */
const brotliOptions = (bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});

// Headers that belong to one answer, not to the kept copy: the length is the
// chosen encoding's, HSTS depends on how the next request arrives.
const PER_ANSWER = new Set(["content-length", "strict-transport-security"]);

/** A kept response: its bytes and headers as rendered (a page's policy lists its scripts' hashes). */
function fixedEntry(
  body: Buffer,
  common: Record<string, string>,
): Pick<Entry, "encodings" | "answer" | "compressWithBrotli"> {
  const variants: Partial<Record<Encoding, Buffer>> = { identity: body, gzip: gzipSync(body) };
  return {
    encodings: () => Object.keys(variants) as Encoding[],
    answer(encoding) {
      // chooseEncoding picks from `encodings()`; one the entry lacks would be sent plain.
      const bytes = variants[encoding] ?? body;
      const headers: Record<string, string> = {
        ...common,
        "content-length": String(bytes.length),
      };
      if (bytes !== body) headers["content-encoding"] = encoding;
      return { headers, chunks: [bytes] };
    },
    compressWithBrotli: () =>
      brotli(body, brotliOptions(body)).then((bytes) => {
        variants.br = bytes;
      }),
  };
}

/**
 * The query parameters an answer varies on, from `Netlify-Vary` as Netlify's CDN reads it:
 * `query=a|b` names them; `query`, or no query instruction, means the whole query string.
 * Returns the names, or null for the whole query.
 */
export function queryVary(netlifyVary: string | null | undefined): string[] | null {
  for (const part of (netlifyVary ?? "").split(",")) {
    const [name, value] = part.trim().split("=");
    if (name !== "query") continue;
    return value ? value.split("|").filter(Boolean) : null;
  }
  return null;
}

/** The cache key of `url` (path and query) for an answer that varies on `names` (null: all). */
function keyFor(url: string, names: readonly string[] | null): string {
  const at = url.indexOf("?");
  if (names === null || at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of names) for (const value of query.getAll(name)) kept.append(name, value);
  const rest = kept.toString();
  return rest ? `${url.slice(0, at)}?${rest}` : url.slice(0, at);
}

function cdnLifetimeMs(headers: Headers): number {
  const policy = headers.get("netlify-cdn-cache-control") ?? "";
  if (!/\bpublic\b/.test(policy)) return 0;
  const seconds = Number(/s-maxage=(\d+)/.exec(policy)?.[1] ?? 0);
  return seconds * 1000;
}

const pathOf = (url: string): string => url.split("?", 1)[0] ?? url;

/** Drops a Map's oldest keys (insertion order) down to `size`. */
function evictOldest(map: Map<string, unknown>, size: number): void {
  for (const oldest of map.keys()) {
    if (map.size <= size) break;
    map.delete(oldest);
  }
}

export class PageCache {
  #entries = new Map<string, Entry>();
  // 404 pages by path and whole query: each made-up path is its own.
  #notFound = new Map<string, Entry>();
  #live = new Map<string, Entry>();
  // Per path, the query parameters its kept answer varies on (`Netlify-Vary`), so that `utm_*`
  // and random junk find the same kept page, as on Netlify's CDN (docs/caching.md).
  #varyByPath = new Map<string, string[] | null>();
  now: () => number;

  constructor({ now = Date.now }: { now?: () => number } = {}) {
    this.now = now;
  }

  /** Requests that may be answered from the cache: never an editor's preview. */
  static cacheable(method: string, cookie: string | undefined): boolean {
    if (method !== "GET" && method !== "HEAD") return false;
    return !(cookie ?? "").includes(`${PREVIEW_COOKIE}=`);
  }

  /**
   * Answers the cache may keep: a GET's only. React Router answers HEAD without a body,
   * and a kept empty body would be every later visitor's page.
   */
  static keepable(method: string, cookie: string | undefined): boolean {
    return method === "GET" && PageCache.cacheable(method, cookie);
  }

  /** `url` is the path and query string; the key keeps the parameters the answer varies on. */
  get(url: string): Entry | undefined {
    const names = this.#varyByPath.get(pathOf(url));
    const [map, key] =
      names === undefined
        ? [this.#notFound, url]
        : [isLive(url) ? this.#live : this.#entries, keyFor(url, names)];
    const entry = map.get(key);
    if (!entry) return undefined;
    if (this.now() > entry.expires) {
      map.delete(key);
      return undefined;
    }
    entry.brotliReady ??= entry.compressWithBrotli().catch(() => undefined);
    return entry;
  }

  /** Stores a finished response's bytes when the app allowed the CDN to keep them. */
  async store(url: string, response: Response): Promise<Response> {
    const lifetime = cdnLifetimeMs(response.headers);
    if (!lifetime || !KEPT_STATUSES.has(response.status)) return response;
    if (response.headers.has("set-cookie")) return response;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !PER_ANSWER.has(name)),
    );
    const common = { ...headers, vary: "Accept-Encoding", "x-cache": "HIT" };
    const entry: Entry = {
      ...fixedEntry(body, common),
      status: response.status,
      tags: new Set((response.headers.get("netlify-cache-tag") ?? "").split(",").filter(Boolean)),
      expires: this.now() + lifetime,
    };
    if (response.status === 404) {
      this.#varyByPath.delete(pathOf(url));
      this.#notFound.delete(url);
      this.#notFound.set(url, entry);
      evictOldest(this.#notFound, MAX_NOT_FOUND);
    } else {
      const names = queryVary(response.headers.get("netlify-vary"));
      const key = keyFor(url, names);
      const [map, max] = isLive(url) ? [this.#live, MAX_LIVE] : [this.#entries, MAX_ENTRIES];
      this.#varyByPath.delete(pathOf(url));
      this.#varyByPath.set(pathOf(url), names);
      map.delete(key);
      map.set(key, entry);
      evictOldest(map, max);
      evictOldest(this.#varyByPath, MAX_ENTRIES);
    }
    return new Response(body, { status: response.status, headers: response.headers });
  }

  purge(tags: readonly string[]): number {
    let purged = 0;
    for (const map of [this.#entries, this.#notFound, this.#live]) {
      for (const [key, entry] of map) {
        if (tags.some((tag) => entry.tags.has(tag))) {
          map.delete(key);
          purged += 1;
        }
      }
    }
    return purged;
  }
}
