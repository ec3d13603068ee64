import { useEffect, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements of a container that are rendered and visible, in tab order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if (element.closest("[inert]")) return false;
    const style = window.getComputedStyle(element);
    return style.visibility !== "hidden" && element.getClientRects().length > 0;
  });
}

type Options = {
  /** Receives focus when the trap turns on. */
  initialFocus: RefObject<HTMLElement | null>;
  /** Receives focus back when the trap turns off. */
  returnFocus: RefObject<HTMLElement | null>;
  onEscape(): void;
};

/**
 * While `active`: everything outside `container` is inert (no focus, no
 * pointer, hidden from assistive technology), Tab and Shift+Tab wrap round
 * inside it, Escape calls `onEscape`. Focus goes in on start and back on end.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  { initialFocus, returnFocus, onEscape }: Options,
) {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;

    const outside = Array.from(document.body.children).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && !element.contains(root) && !element.inert,
    );
    outside.forEach((element) => (element.inert = true));
    initialFocus.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !root.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !root.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);

    const returnTo = returnFocus.current;
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      outside.forEach((element) => (element.inert = false));
      const current = document.activeElement;
      if (!current || current === document.body || root.contains(current)) returnTo?.focus();
    };
  }, [active, container, initialFocus, returnFocus, onEscape]);
}
