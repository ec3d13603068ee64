export type QueryParams = Record<string, unknown>;

export type FetchOptions = {
  /** Read drafts laid over published documents (preview mode). */
  preview?: boolean;
  signal?: AbortSignal;
  /** Skip any CDN in front of the service (right after a revalidation). */
  fresh?: boolean;
};

export interface ContentBackend {
  kind: "sanity" | "bundled";
  /** For log lines: which service a failure came from. */
  description: string;
  fetch<T>(query: string, params: QueryParams, options?: FetchOptions): Promise<T>;
  /** Changes when the content changed without a webhook (a file edit in dev). */
  revision?(): Promise<string>;
  /** Drops whatever the back end holds in memory, so the next read is current. */
  reload?(): Promise<void>;
}
