/**
 * Live content, the part server and browser share (docs/caching.md, "Live"): a revalidation
 * after a live event asks for its data with the event's id in this query parameter, which
 * keys every cache on the way (Netlify's CDN, a cache in front of the Node server) and reaches Sanity as
 * `lastLiveEventId`, so the answer is at least as new as the event.
 */
export const LIVE_EVENT_PARAM = "lastLiveEventId";

// Sanity's ids are short opaque tokens; anything else is ignored (docs/decisions/021-live-with-eventsource.md).
const EVENT_ID = /^[\w.:#-]{1,128}$/;

/** The request's live event id when it has one of a plausible form. */
export function liveEventIdOf(url: URL): string | undefined {
  const id = url.searchParams.get(LIVE_EVENT_PARAM);
  return id && EVENT_ID.test(id) ? id : undefined;
}

/** What the root loader tells the browser: where to listen, or `dev` (Vite's HMR channel). */
export type LiveConfig = { events: string } | "dev";

/** The sync tags a loader's data carries (app/lib/request.server.ts). */
export type WithSyncTags = { syncTags?: string[] };

/**
 * Development on the bundled dataset: the dev server's plugin (vite/live-dataset.ts) finds the
 * content source's "which answers changed" under this global key, and tells open tabs over
 * Vite's HMR channel as this event, `{ tags }`.
 */
export const DEV_CHANGES_KEY = Symbol.for("agency-site.content-changes");
export const DEV_CHANGES_EVENT = "content:changed";
export type DevChanges = () => Promise<string[]>;
