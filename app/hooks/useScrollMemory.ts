import { useCallback, useEffect, useMemo, useRef } from "react";

const STORAGE_KEY = "shell-scroll-positions";

/** How the entered page should be scrolled. */
export type ScrollIntent = {
  /** The history entry's key (`location.key`). */
  key: string;
  hash: string;
  /** Back or forward (or a reload): restore the saved position. */
  pop: boolean;
  /** The route's `handle.preserveScroll`: stay where we are. */
  preserve: boolean;
};

function readStored(): Map<string, number> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return new Map(raw ? (JSON.parse(raw) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

export function hashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === "#") return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw id up.
  }
  return document.getElementById(id);
}

/**
 * Remembers the scroll position of each history entry and scrolls an entered
 * page: the saved position on back/forward, the `#hash` element (offset by the
 * root's scroll-padding-top) or the top. Scrolling is always instant ('auto');
 * the shell calls `apply` while the page is invisible.
 */
export function useScrollMemory() {
  const positions = useRef<Map<string, number>>(new Map());
  const current = useRef<string | null>(null);
  const paused = useRef(false);

  useEffect(() => {
    // The shell restores positions itself, while the new page is invisible (decision 034).
    window.history.scrollRestoration = "manual";
    positions.current = readStored();
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        if (!paused.current && current.current) {
          positions.current.set(current.current, window.scrollY);
        }
      });
    };
    const persist = () => {
      if (current.current && !paused.current) {
        positions.current.set(current.current, window.scrollY);
      }
      try {
        // Only the most recent entries: sessionStorage is small and shared.
        // "default" is every fresh document's first entry: only this document knows its position.
        const entries = Array.from(positions.current.entries())
          .filter(([key]) => key !== "default")
          .slice(-50);
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
      } catch {
        // Storage full or disabled: positions are kept for this document only.
      }
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", persist);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", persist);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  const scrollToY = useCallback((top: number) => {
    window.scrollTo({ top, left: 0, behavior: "auto" });
  }, []);

  /** The page is about to go: keep its position and stop recording. */
  const leave = useCallback(() => {
    if (current.current) positions.current.set(current.current, window.scrollY);
    paused.current = true;
  }, []);

  /** The page that was leaving stays after all: record its position again, where it is. */
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  /** A page (or a new history entry of the same page) is shown: scroll it. */
  const apply = useCallback(
    (intent: ScrollIntent, options: { initial?: boolean } = {}) => {
      // Already shown and scrolled (an effect may report the same entry twice).
      if (current.current === intent.key && !paused.current) return;
      if (current.current && current.current !== intent.key && !paused.current) {
        positions.current.set(current.current, window.scrollY);
      }
      current.current = intent.key;
      paused.current = false;
      const saved = positions.current.get(intent.key);
      // A fragment link followed natively gets no history key ("default"): its hash wins.
      const nativeFragment = intent.key === "default" && hashTarget(intent.hash) !== null;
      if (intent.pop && saved !== undefined && !nativeFragment) {
        scrollToY(saved);
        return;
      }
      // On first load the browser has already scrolled to the hash or restored the position.
      if (options.initial) return;
      const target = hashTarget(intent.hash);
      if (target) {
        target.scrollIntoView({ behavior: "auto", block: "start" });
        return;
      }
      if (!intent.preserve) scrollToY(0);
    },
    [scrollToY],
  );

  return useMemo(() => ({ leave, resume, apply }), [leave, resume, apply]);
}
