import { createClient } from "@sanity/client";
import { validatePreviewUrl } from "@sanity/preview-url-secret";
import type { SanityEnv } from "~/lib/env.server";
import { encodeForEditing } from "./stega.server";
import type { ContentBackend, FetchOptions, QueryParams, Tagged } from "./types";

export type SanityBackend = ContentBackend & {
  /**
   * Checks a URL the Studio's Presentation tool opened (it carries a secret
   * the Studio just stored in the dataset) against Sanity, with the read token.
   */
  validatePreviewUrl(url: string): ReturnType<typeof validatePreviewUrl>;
};

/**
 * Sanity's query API through @sanity/client, keeping its defaults: retries of
 * GETs on network errors, 429, 502 and 503, and the switch from GET to POST
 * once a query URL passes its length limit. Previewing reads drafts with the
 * read token and asks for content source maps, which the client turns into
 * stega edit links in visible text (stega.server.ts); published reads never do.
 */
export function createSanityBackend(env: SanityEnv): SanityBackend {
  const client = createClient({
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: env.apiVersion,
    useCdn: env.useCdn,
    perspective: "published",
    ...(env.apiHost ? { apiHost: env.apiHost, useProjectHostname: false } : {}),
  });
  const liveClient = client.withConfig({ useCdn: false });
  const tokenClient = env.token
    ? client.withConfig({ token: env.token, useCdn: false })
    : undefined;
  const previewClient = tokenClient?.withConfig({
    perspective: "drafts",
    stega: { enabled: true, studioUrl: env.studioUrl, filter: encodeForEditing },
  });

  return {
    kind: "sanity",
    description: `Sanity project ${env.projectId}/${env.dataset}`,
    async fetch<T>(query: string, params: QueryParams, options: FetchOptions = {}) {
      const { preview, fresh, lastLiveEventId, signal } = options;
      // With an event's id, Sanity's API CDN answers at least that new (cacheMode noStale).
      const target =
        preview && previewClient ? previewClient : fresh && !lastLiveEventId ? liveClient : client;
      const { result, syncTags } = await target.fetch<T>(query, params, {
        signal,
        filterResponse: false,
        returnQuery: false,
        ...(lastLiveEventId && !preview ? { lastLiveEventId, cacheMode: "noStale" as const } : {}),
      });
      return { result, syncTags: syncTags ?? [] } satisfies Tagged<T>;
    },
    async validatePreviewUrl(url: string) {
      if (!tokenClient) return { isValid: false };
      return validatePreviewUrl(tokenClient, url);
    },
  };
}
