import { createClient, type SanityClient } from "@sanity/client";
import type { SanityEnv } from "~/lib/env.server";
import type { ContentBackend, FetchOptions, QueryParams } from "./types";

/**
 * Sanity's query API through @sanity/client, keeping its defaults: retries of
 * GETs on network errors, 429, 502 and 503, and the switch from GET to POST
 * once a query URL passes its length limit.
 */
export function createSanityBackend(
  env: SanityEnv,
): ContentBackend & { client: SanityClient; canPreview: boolean } {
  const client = createClient({
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: env.apiVersion,
    useCdn: env.useCdn,
    perspective: "published",
    ...(env.apiHost ? { apiHost: env.apiHost, useProjectHostname: false } : {}),
  });
  const liveClient = client.withConfig({ useCdn: false });
  const previewClient = env.token
    ? client.withConfig({ token: env.token, useCdn: false, perspective: "drafts" })
    : undefined;

  return {
    kind: "sanity",
    description: `Sanity project ${env.projectId}/${env.dataset}`,
    client,
    canPreview: Boolean(previewClient),
    fetch<T>(query: string, params: QueryParams, options: FetchOptions = {}) {
      const target =
        options.preview && previewClient ? previewClient : options.fresh ? liveClient : client;
      return target.fetch<T>(query, params, { signal: options.signal });
    },
  };
}
