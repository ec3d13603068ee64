// Loaded when the mobile menu first opens (app/hooks/useFocusTrap.ts): a page
// whose menu stays closed never needs it (docs/performance.md).

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements of a container that are rendered and visible, in tab order. */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if (element.closest("[inert]")) return false;
    const style = window.getComputedStyle(element);
    return style.visibility !== "hidden" && element.getClientRects().length > 0;
  });
}

type TrapOptions = {
  /** Receives focus when the trap turns on. */
  initialFocus: HTMLElement | null;
  /** Receives focus back when the trap turns off. */
  returnFocus: HTMLElement | null;
  onEscape(): void;
};

/**
 * Everything outside `root` becomes inert (no focus, no pointer, hidden from
 * assistive technology), Tab and Shift+Tab wrap round inside it, Escape calls
 * `onEscape`. Focus goes in now and back when the returned function is called.
 */
export function trapFocus(root: HTMLElement, { initialFocus, returnFocus, onEscape }: TrapOptions) {
  const outside = Array.from(document.body.children).filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && !element.contains(root) && !element.inert,
  );
  outside.forEach((element) => (element.inert = true));
  // The container may still be sliding in, its items pushed out of their clipped rows: focus
  // must not scroll them into view, or WebKit leaves a row scrolled once the slide ends and
  // its link clipped away (docs/decisions/035-focus-into-moving-panel.md).
  initialFocus?.focus({ preventScroll: true });

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

  return () => {
    document.removeEventListener("keydown", onKeyDown);
    outside.forEach((element) => (element.inert = false));
    const current = document.activeElement;
    if (!current || current === document.body || root.contains(current)) returnFocus?.focus();
  };
}
