export type QueryParams = Record<string, unknown>;

export type FetchOptions = {
  /** Read drafts laid over published documents (preview mode). */
  preview?: boolean;
  signal?: AbortSignal;
  /** Skip any CDN in front of the service (right after a revalidation). */
  fresh?: boolean;
  /** A live event's id: the answer is at least as new as that event (app/lib/live/config.server.ts). */
  lastLiveEventId?: string;
};

/**
 * A query's answer and its sync tags: opaque names of what it was built from, which the
 * Live Content API's events name when that changes (docs/caching.md, "Live").
 */
export type Tagged<T> = { result: T; syncTags: string[] };

export interface ContentBackend {
  kind: "sanity" | "bundled";
  /** For log lines: which service a failure came from. */
  description: string;
  fetch<T>(query: string, params: QueryParams, options?: FetchOptions): Promise<Tagged<T>>;
  /** Changes when the content changed without a webhook (a file edit in dev). */
  revision?(): Promise<string>;
  /** Drops whatever the back end holds in memory, so the next read is current. */
  reload?(): Promise<void>;
}
