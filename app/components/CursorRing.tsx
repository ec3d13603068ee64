import { useEffect, useRef } from "react";
import { useReducedMotion } from "~/hooks/useMediaQuery";
import { useCursor, type CursorState } from "~/hooks/useUIState";

const INTERACTIVE = "a[href], button, [data-cursor]";
// The menu is always blue; everything else follows the page's scheme.
const INVERTED_AREA = ".mobile-menu";

/**
 * The decorative ring that trails a mouse and grows over links, buttons and
 * project cards ("View"). Loaded only for fine pointers (Cursor.tsx).
 */
export default function CursorRing() {
  const { cursor, setCursor } = useCursor();
  const reducedMotion = useReducedMotion();
  const ring = useRef<HTMLDivElement>(null);
  const label = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = ring.current;
    if (!element) return;
    const target = { x: -100, y: -100 };
    const shown = { x: -100, y: -100 };
    let frame = 0;
    let visible = false;

    const render = () => {
      // Trails the pointer with an exponential ease; jumps straight there under reduced motion.
      const follow = reducedMotion ? 1 : 0.22;
      shown.x += (target.x - shown.x) * follow;
      shown.y += (target.y - shown.y) * follow;
      element.style.transform = `translate3d(${shown.x}px, ${shown.y}px, 0)`;
      const settled = Math.abs(target.x - shown.x) < 0.1 && Math.abs(target.y - shown.y) < 0.1;
      frame = settled ? 0 : window.requestAnimationFrame(render);
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== "mouse") return;
      target.x = event.clientX;
      target.y = event.clientY;
      if (!visible) {
        visible = true;
        shown.x = target.x;
        shown.y = target.y;
        element.dataset.visible = "true";
      }
      if (!frame) frame = window.requestAnimationFrame(render);
    };
    const onOver = (event: PointerEvent) => {
      const over = event.target instanceof Element ? event.target : null;
      const interactive = over?.closest(INTERACTIVE);
      const next: CursorState = interactive ? "hover" : "empty";
      setCursor(next);
      if (label.current) {
        label.current.textContent =
          interactive?.getAttribute("data-cursor") === "view" ? "View" : "";
      }
      element.dataset.inverted = over?.closest(INVERTED_AREA) ? "true" : "false";
    };
    const onLeave = () => {
      visible = false;
      delete element.dataset.visible;
    };
    window.addEventListener("pointermove", onMove, { passive: true });
    document.addEventListener("pointerover", onOver, { passive: true });
    document.documentElement.addEventListener("pointerleave", onLeave);
    return () => {
      window.removeEventListener("pointermove", onMove);
      document.removeEventListener("pointerover", onOver);
      document.documentElement.removeEventListener("pointerleave", onLeave);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [reducedMotion, setCursor]);

  return (
    <div ref={ring} className="cursor" data-state={cursor} aria-hidden="true">
      <span className="cursor__ring">
        <span ref={label} className="cursor__label" />
      </span>
    </div>
  );
}
