import type { Refresher } from "./refresh";

/** Waits before reconnecting after a `goaway` or a dead stream: growing, capped. */
const RETRY_MS = { first: 1_000, max: 60_000 };

/**
 * Listens to Sanity's Live Content API with the browser's own EventSource (a small chunk
 * where @sanity/client's `live.events()` costs far more:
 * docs/decisions/021-live-with-eventsource.md). The
 * frames: `welcome`, `message` (id, `{"tags":[…]}`), `restart`, `goaway`, `error`. The
 * browser reconnects by itself after a network drop, sending Last-Event-ID; a `goaway`, an
 * `error` frame or a refused connection closes the stream, and it is opened again after a
 * growing delay. Whatever may have been missed meanwhile revalidates once the stream is
 * back, and when the tab is shown again while it is still down.
 */
export function listenToSanity(url: string, refresher: Refresher): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = RETRY_MS.first;
  let missed = false;
  let stopped = false;

  const tagsOf = (event: MessageEvent) => {
    try {
      const tags = (JSON.parse(String(event.data)) as { tags?: unknown }).tags;
      return Array.isArray(tags)
        ? tags.filter((tag): tag is string => typeof tag === "string")
        : [];
    } catch {
      return [];
    }
  };

  function down() {
    source?.close();
    source = undefined;
    missed = true;
    if (stopped) return;
    retry = setTimeout(open, delay);
    delay = Math.min(delay * 2, RETRY_MS.max);
  }

  function open() {
    const stream = new EventSource(url);
    source = stream;
    stream.addEventListener("welcome", () => {
      delay = RETRY_MS.first;
      if (missed) refresher.everything();
      missed = false;
    });
    stream.addEventListener("message", (event) => {
      refresher.changed(tagsOf(event), event.lastEventId || undefined);
    });
    stream.addEventListener("restart", () => refresher.everything());
    stream.addEventListener("goaway", down);
    stream.addEventListener("error", (event) => {
      // An `error` frame from Sanity, or a connection the browser gave up on: open anew.
      // Otherwise the browser is reconnecting by itself; news may be missed meanwhile.
      if (event instanceof MessageEvent || stream.readyState === EventSource.CLOSED) down();
      else missed = true;
    });
  }

  const shown = () => {
    if (!document.hidden && !source) refresher.everything();
  };
  document.addEventListener("visibilitychange", shown);
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
    document.removeEventListener("visibilitychange", shown);
  };
}
