import { useEffect, type RefObject } from "react";

type Options = {
  /** Receives focus when the trap turns on. */
  initialFocus: RefObject<HTMLElement | null>;
  /** Receives focus back when the trap turns off. */
  returnFocus: RefObject<HTMLElement | null>;
  onEscape(): void;
};

/**
 * While `active`: everything outside `container` is inert, Tab and Shift+Tab
 * wrap round inside it, Escape calls `onEscape`; focus goes in on start and
 * back on end (app/lib/focus-trap.ts). The trap's code loads the first time it
 * turns on: the first paint does not need it (docs/performance.md).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  { initialFocus, returnFocus, onEscape }: Options,
) {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    let release: (() => void) | undefined;
    let ended = false;
    import("~/lib/focus-trap").then(
      ({ trapFocus }) => {
        if (ended) return;
        release = trapFocus(root, {
          initialFocus: initialFocus.current,
          returnFocus: returnFocus.current,
          onEscape,
        });
      },
      // Its file gone with a deploy: the menu still opens and closes with its button.
      () => {},
    );
    return () => {
      ended = true;
      release?.();
    };
  }, [active, container, initialFocus, returnFocus, onEscape]);
}
