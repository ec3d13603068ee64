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

/**
 * The key a history entry's position is kept under. Every fresh document's first entry is
 * React Router's "default": with its path, a reload of one landing page finds its own.
 */
function entryKey(key: string): string {
  return key === "default" ? `default:${window.location.pathname}` : key;
}

/** Whether this document was loaded by a reload or by Back/Forward (not a link or a typed URL). */
function returnedTo(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "reload" || entry?.type === "back_forward";
}

function readStored(): Map<string, number> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return new Map(raw ? (JSON.parse(raw) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function hashTarget(hash: string): HTMLElement | null {
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
  const stored = useRef<Map<string, number> | null>(null);
  const current = useRef<string | null>(null);
  const paused = useRef(false);
  // Read on first use: the first page is scrolled in a layout effect, before passive effects.
  const positions = useCallback(() => (stored.current ??= readStored()), []);

  useEffect(() => {
    // The shell restores positions itself, while the new page is invisible (decision 034); the
    // browser then restores none, a reload's neither.
    window.history.scrollRestoration = "manual";
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        if (!paused.current && current.current) {
          positions().set(current.current, window.scrollY);
        }
      });
    };
    const persist = () => {
      if (current.current && !paused.current) {
        positions().set(current.current, window.scrollY);
      }
      try {
        // Only the most recent entries: sessionStorage is small and shared.
        const entries = Array.from(positions().entries()).slice(-50);
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
  }, [positions]);

  const scrollToY = useCallback((top: number) => {
    window.scrollTo({ top, left: 0, behavior: "auto" });
  }, []);

  /** The page is about to go: keep its position and stop recording. */
  const leave = useCallback(() => {
    if (current.current) positions().set(current.current, window.scrollY);
    paused.current = true;
  }, [positions]);

  /** The page that was leaving stays after all: record its position again, where it is. */
  const resume = useCallback(() => {
    paused.current = false;
  }, []);

  /** A page (or a new history entry of the same page) is shown: scroll it. */
  const apply = useCallback(
    (intent: ScrollIntent, options: { initial?: boolean } = {}) => {
      const key = entryKey(intent.key);
      // Already shown and scrolled (an effect may report the same entry twice).
      if (current.current === key && !paused.current) return;
      if (current.current && current.current !== key && !paused.current) {
        positions().set(current.current, window.scrollY);
      }
      current.current = key;
      paused.current = false;
      const saved = positions().get(key);
      // A fragment link followed natively gets no history key ("default"): its hash wins.
      const nativeFragment = intent.key === "default" && hashTarget(intent.hash) !== null;
      // The first page of a visit: where the visitor left it if they came back to it (a reload,
      // Back from another site); else the browser has scrolled to the hash, or stays at the top.
      if (options.initial) {
        if (saved !== undefined && returnedTo() && !nativeFragment) scrollToY(saved);
        return;
      }
      if (intent.pop && saved !== undefined && !nativeFragment) {
        scrollToY(saved);
        return;
      }
      const target = hashTarget(intent.hash);
      if (target) {
        target.scrollIntoView({ behavior: "auto", block: "start" });
        return;
      }
      if (!intent.preserve) scrollToY(0);
    },
    [positions, scrollToY],
  );

  return useMemo(() => ({ leave, resume, apply }), [leave, resume, apply]);
}
