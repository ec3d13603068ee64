import type { ClientReturn } from "@sanity/client";
import { ContentCache } from "~/lib/cache/content-cache.server";
import { NO_STORE } from "~/lib/cache/headers.server";
import { getEnv, type ServerEnv } from "~/lib/env.server";
import { createBundledBackend, type BundledBackend } from "./bundled.server";
import { DEV_CHANGES_KEY, type DevChanges } from "~/lib/live/config";
import { createSanityBackend } from "./sanity.server";
import type { ContentBackend, FetchOptions, QueryParams, Tagged } from "./types";

/**
 * The one place that decides where content comes from: Sanity when
 * SANITY_PROJECT_ID and SANITY_DATASET are set, the bundled dataset otherwise.
 * Loaders never see which back end answered.
 */

function createBackend(env: ServerEnv): ContentBackend {
  return env.content.kind === "sanity"
    ? createSanityBackend(env.content.sanity)
    : createBundledBackend(env.content.dir, { watch: env.mode === "development" });
}

class ContentUnavailableError extends Error {
  name = "ContentUnavailableError";
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const withStatus = error as Error & { statusCode?: number; code?: string };
  const parts = [withStatus.name, withStatus.message.split("\n")[0]];
  if (withStatus.statusCode) parts.unshift(`HTTP ${withStatus.statusCode}`);
  if (withStatus.code) parts.push(`(${withStatus.code})`);
  return parts.filter(Boolean).join(": ");
}

type QueryOptions = {
  /** What the result is built from; a revalidation of one of these purges it. */
  tags?: string[];
  /** Drafts laid over published documents; never cached. */
  preview?: boolean;
  /** Receives the answer's sync tags (what the page on screen listens for). */
  syncTags?: Set<string>;
  /**
   * A live event's id (already validated): the answer is at least as new as that event,
   * past this cache and Sanity's API CDN. Refetches are coalesced per query
   * (ContentCache.refresh), so made-up ids cost no more than ordinary misses.
   */
  lastLiveEventId?: string;
};

/**
 * What a query answers, as TypeGen derived it from the query's own text (the `SanityQueries`
 * map in sanity.types.ts); `unknown` for a string it has not seen.
 */
export type QueryResult<Q extends string> = ClientReturn<Q, unknown>;

type ContentSource = {
  backend: ContentBackend;
  query<Q extends string>(
    groqQuery: Q,
    params?: QueryParams,
    options?: QueryOptions,
  ): Promise<QueryResult<Q>>;
  /** Purges tagged results and makes the next reads skip Sanity's API CDN. */
  revalidate(tags: string[]): Promise<number>;
};

// After a publish, Sanity's API CDN may still answer with the old content for
// a short while: reads go to the live API for this long after a revalidation.
const BYPASS_CDN_MS = 60_000;

/**
 * Runs GROQ queries through the in-process cache with an overall deadline. A
 * failure without a cached fallback is logged once with its cause and turned
 * into a 503 Response, which the root ErrorBoundary shows; it never leaves a
 * request hanging or a promise rejected unhandled.
 */
export function createContentSource(
  backend: ContentBackend,
  options: { timeoutMs: number; cacheTtlMs?: number },
): ContentSource {
  const cache = new ContentCache({ ttlMs: options.cacheTtlMs ?? 60_000 });
  let bypassCdnUntil = 0;

  async function fetchWithDeadline<T>(
    groqQuery: string,
    params: QueryParams,
    preview: boolean,
    lastLiveEventId?: string,
  ) {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timeout = new ContentUnavailableError(`timed out after ${options.timeoutMs} ms`);
        controller.abort(timeout);
        reject(timeout);
      }, options.timeoutMs);
    });
    const fetchOptions: FetchOptions = {
      preview,
      signal: controller.signal,
      fresh: Date.now() < bypassCdnUntil,
      lastLiveEventId,
    };
    try {
      return await Promise.race([backend.fetch<T>(groqQuery, params, fetchOptions), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    backend,
    async query<Q extends string>(
      groqQuery: Q,
      params: QueryParams = {},
      queryOptions: QueryOptions = {},
    ): Promise<QueryResult<Q>> {
      type T = QueryResult<Q>;
      const started = Date.now();
      const fail = (error: unknown): never => {
        console.error(
          `[content] ${backend.description} failed after ${Date.now() - started} ms: ${describeCause(error)}`,
        );
        throw new Response("The content service is unavailable. Please try again in a moment.", {
          status: 503,
          statusText: "Service Unavailable",
          // A failure is never kept (docs/caching.md), by a resource route's answer either.
          headers: { "Cache-Control": NO_STORE },
        });
      };
      const answer = (tagged: Tagged<T>) => {
        for (const tag of tagged.syncTags) queryOptions.syncTags?.add(tag);
        return tagged.result;
      };
      if (queryOptions.preview) {
        return answer(await fetchWithDeadline<T>(groqQuery, params, true).catch(fail));
      }
      const key = `${groqQuery}\u0000${JSON.stringify(params)}`;
      const tags = ["site", ...(queryOptions.tags ?? [])];
      const revision = (await backend.revision?.()) ?? "";
      const eventId = queryOptions.lastLiveEventId;
      if (eventId) {
        const fresh = await cache
          .refresh<Tagged<T>>(key, tags, revision, eventId, (id) =>
            fetchWithDeadline<T>(groqQuery, params, false, id),
          )
          .catch((error: unknown) => {
            console.error(
              `[content] ${backend.description} failed a live refetch, serving the cache: ${describeCause(error)}`,
            );
          });
        if (fresh) return answer(fresh);
      }
      try {
        const { value } = await cache.get<Tagged<T>>(
          key,
          tags,
          revision,
          () => fetchWithDeadline<T>(groqQuery, params, false),
          (error) =>
            console.error(
              `[content] ${backend.description} failed, serving the last good result (stale-if-error): ${describeCause(error)}`,
            ),
        );
        return answer(value);
      } catch (error) {
        return fail(error);
      }
    },
    async revalidate(tags: string[]) {
      bypassCdnUntil = Date.now() + BYPASS_CDN_MS;
      await backend.reload?.();
      return cache.purge(tags);
    },
  };
}

let source: ContentSource | undefined;

export function getContentSource(): ContentSource {
  if (!source) {
    const env = getEnv();
    const backend = createBackend(env);
    source = createContentSource(backend, {
      timeoutMs: env.contentTimeoutMs,
      // The bundled dataset only changes through a file edit (dev) or the webhook.
      cacheTtlMs: env.content.kind === "bundled" ? Number.POSITIVE_INFINITY : env.contentCacheTtlMs,
    });
    if (backend.kind === "bundled" && env.mode === "development") {
      // For the dev server's live-dataset plugin (vite/live-dataset.ts).
      const changes: DevChanges = () => (backend as BundledBackend).changedTags();
      (globalThis as Record<symbol, DevChanges>)[DEV_CHANGES_KEY] = changes;
    }
  }
  return source;
}

/** The bundled back end when it is in use (server/app.ts makes its renditions before any page). */
export function getBundledBackend(): BundledBackend | undefined {
  const { backend } = getContentSource();
  return backend.kind === "bundled" ? (backend as BundledBackend) : undefined;
}
