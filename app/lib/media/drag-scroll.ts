import { prefersReducedMotion } from "~/lib/media-queries";

/**
 * The scroll position that puts the slide nearest to the current position at
 * the row's start (its scroll padding honoured), within the scrollable range.
 */
function nearestSlideStart(track: HTMLElement): number {
  const padding = parseFloat(getComputedStyle(track).scrollPaddingInlineStart) || 0;
  const origin = track.getBoundingClientRect().left + padding;
  const max = track.scrollWidth - track.clientWidth;
  let best = track.scrollLeft;
  let bestDistance = Infinity;
  for (const slide of Array.from(track.children)) {
    const offset = slide.getBoundingClientRect().left - origin;
    if (Math.abs(offset) < bestDistance) {
      bestDistance = Math.abs(offset);
      best = track.scrollLeft + offset;
    }
  }
  return Math.min(Math.max(best, 0), max);
}

/**
 * Lets a mouse drag a horizontally scrolling row, the way a finger already
 * can. Touch and pen keep the browser's own scrolling (and scroll snapping).
 * A drag that moved suppresses the click that ends it, so dropping a slide
 * does not also open it. Returns a cleanup function.
 */
export function enableDragScroll(track: HTMLElement): () => void {
  const THRESHOLD = 6;
  let startX = 0;
  let startScroll = 0;
  let pointerId: number | null = null;
  let dragged = false;

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    pointerId = event.pointerId;
    startX = event.clientX;
    startScroll = track.scrollLeft;
    dragged = false;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    const distance = event.clientX - startX;
    if (!dragged && Math.abs(distance) < THRESHOLD) return;
    if (!dragged) {
      dragged = true;
      track.setPointerCapture(event.pointerId);
      track.dataset.dragging = "";
    }
    track.scrollLeft = startScroll - distance;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    pointerId = null;
    if (track.hasPointerCapture(event.pointerId)) track.releasePointerCapture(event.pointerId);
    if (!("dragging" in track.dataset)) return;
    // Snapping resumes once the drag ends. Left to itself Chromium may re-snap
    // to the slide the row was on before the drag (its last snap target), so
    // the row is sent to the nearest slide explicitly.
    const target = nearestSlideStart(track);
    delete track.dataset.dragging;
    const still = prefersReducedMotion();
    track.scrollTo({ left: target, behavior: still ? "auto" : "smooth" });
  };
  const onClick = (event: MouseEvent) => {
    if (!dragged) return;
    dragged = false;
    event.preventDefault();
    event.stopPropagation();
  };
  // Browsers start a native image drag otherwise, which ends the pointer stream.
  const onDragStart = (event: DragEvent) => event.preventDefault();

  track.dataset.draggable = "";
  const listening = new AbortController();
  const { signal } = listening;
  track.addEventListener("pointerdown", onPointerDown, { signal });
  track.addEventListener("pointermove", onPointerMove, { signal });
  track.addEventListener("pointerup", onPointerUp, { signal });
  track.addEventListener("pointercancel", onPointerUp, { signal });
  track.addEventListener("click", onClick, { signal, capture: true });
  track.addEventListener("dragstart", onDragStart, { signal });
  return () => {
    delete track.dataset.draggable;
    listening.abort();
  };
}
