import { getEnv, type ServerEnv } from "~/lib/env.server";
import type { LiveConfig } from "./config";

/** The origin of Sanity's API (the live stream's host, for connect-src). */
export function sanityApiOrigin(env: ServerEnv = getEnv()): string | undefined {
  if (env.content.kind !== "sanity") return undefined;
  const { projectId, apiHost } = env.content.sanity;
  return apiHost ? new URL(apiHost).origin : `https://${projectId}.api.sanity.io`;
}

/**
 * Whether and where a page listens for publishes (docs/caching.md, "Live"): Sanity's Live
 * Content API for published content, Vite's HMR channel for the bundled dataset in
 * development, nothing in preview (visual editing refreshes drafts) nor on the bundled
 * dataset in production (it changes only with a deploy or the webhook).
 */
export function liveConfig(preview: boolean, env: ServerEnv = getEnv()): LiveConfig | undefined {
  if (preview) return undefined;
  if (env.content.kind === "bundled") return env.mode === "development" ? "dev" : undefined;
  const { dataset, apiVersion } = env.content.sanity;
  return { events: `${sanityApiOrigin(env)}/v${apiVersion}/data/live/events/${dataset}` };
}
