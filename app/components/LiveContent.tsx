import { useEffect } from "react";
import { useMatches, useRevalidator } from "react-router";
import { useLatest } from "~/hooks/useLatest";
import {
  DEV_CHANGES_EVENT,
  LIVE_EVENT_PARAM,
  type LiveConfig,
  type WithSyncTags,
} from "~/lib/live/config";
import { createRefresher } from "~/lib/live/refresh";
import { listenToSanity } from "~/lib/live/stream";

/**
 * Live content (docs/caching.md, "Live"): a chunk of its own, loaded once the page has
 * hydrated (app/components/LiveContentLoader.tsx). It hears of publishes, from Sanity's Live Content
 * API or, on the bundled dataset in development, from the dev server over Vite's HMR
 * channel, and revalidates the page on screen when they touch it: its loaders run again and
 * React updates it in place (same location: no page fade, scroll, focus and overlays kept).
 */
export default function LiveContent({ config }: { config: LiveConfig }) {
  const matches = useMatches();
  const revalidator = useRevalidator();
  const page = useLatest({ matches, revalidate: revalidator.revalidate });
  const source = config === "dev" ? "dev" : config.events;

  useEffect(() => {
    const refresher = createRefresher({
      // Lets scripts driving a browser (e2e tests, `npm run bench:live`) see what was heard
      // (data-live-event) and that the page listens (data-live).
      heard(id) {
        document.documentElement.dataset.liveEvent = id;
        remember(id);
      },
      pageTags: () =>
        new Set(
          page.current.matches.flatMap(
            (match) => (match.loaderData as WithSyncTags | undefined)?.syncTags ?? [],
          ),
        ),
      revalidate: (id) => withEventId(id, () => page.current.revalidate()),
      hidden: () => document.hidden,
      onShown(callback) {
        const listener = () => {
          if (!document.hidden) callback();
        };
        document.addEventListener("visibilitychange", listener);
        return () => document.removeEventListener("visibilitychange", listener);
      },
    });
    const stop =
      source === "dev" ? listenToDevServer(refresher) : listenToSanity(source, refresher);
    // A reload (or a new page) soon after a publish this tab showed may come from a cache
    // that still holds the page before it: ask past it once (docs/decisions/092-reload-after-live.md).
    const last = recall();
    if (last) refresher.everything(last);
    const root = document.documentElement;
    root.dataset.live = "listening";
    return () => {
      delete root.dataset.live;
      stop();
      refresher.stop();
    };
  }, [source, page]);
  return null;
}

type Changed = { tags: string[] };

/** The last event this tab heard, and when: per tab, as sessionStorage is. */
const HEARD_KEY = "live-event";
/** Longer than a cache in front keeps a page past a publish when the webhook purges it. */
const HEARD_MEMORY_MS = 5 * 60_000;

function remember(id: string) {
  try {
    sessionStorage.setItem(HEARD_KEY, JSON.stringify({ id, at: Date.now() }));
  } catch {
    // Storage refused (a private window's quota, a policy): the reload may then show a kept page.
  }
}

function recall(): string | undefined {
  try {
    const { id, at } = JSON.parse(sessionStorage.getItem(HEARD_KEY) ?? "null") ?? {};
    const recent = typeof at === "number" && Date.now() - at < HEARD_MEMORY_MS;
    return recent && typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

function listenToDevServer(refresher: ReturnType<typeof createRefresher>) {
  const hot = import.meta.hot;
  if (!hot) return () => {};
  const listener = ({ tags }: Changed) => refresher.changed(tags);
  hot.on(DEV_CHANGES_EVENT, listener);
  return () => hot.off(DEV_CHANGES_EVENT, listener);
}

let eventId: string | undefined;

/**
 * Runs a revalidation whose data requests carry the event's id (LIVE_EVENT_PARAM), so every
 * cache on the way answers at least that new. React Router builds those requests itself and
 * takes no extra parameter, so the page's `fetch` adds it while the revalidation runs.
 */
async function withEventId(id: string | undefined, revalidate: () => Promise<void>) {
  installFetchParam();
  eventId = id;
  try {
    await revalidate();
  } finally {
    eventId = undefined;
  }
}

let installed = false;
function installFetchParam() {
  if (installed) return;
  installed = true;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (eventId && (typeof input === "string" || input instanceof URL)) {
      const url = new URL(input, window.location.href);
      if (url.origin === window.location.origin && url.pathname.endsWith(".data")) {
        url.searchParams.set(LIVE_EVENT_PARAM, eventId);
        return original(url, init);
      }
    }
    return original(input, init);
  };
}
