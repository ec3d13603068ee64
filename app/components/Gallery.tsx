import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import type { MediaItem } from "~/lib/content/model";
import { galleryLayout } from "~/lib/media/layouts";
import { Media } from "./Media";
import { hasLoopingVideo, MotionChoice, useGroupMotion } from "./motion-choice";
import { StepButtons } from "./StepButtons";
import { prefersReducedMotion } from "~/lib/media-queries";

// The lightbox is code only a visitor who opens a slide needs: it loads on
// demand, and starts loading as soon as the gallery is touched or focused.
const loadLightbox = () => import("./Lightbox");
const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

type Props = {
  items: MediaItem[];
  /** The module heading; it also names the gallery for assistive technology. */
  heading?: string | null;
};

/** What a slide shows, in words: the image's alt text, or the video's kind and description. */
function describeItem(item: MediaItem): string {
  if (item._type === "mainImage") return item.image?.alt?.trim() || "Image";
  const kind = item.isVideoPlayer ? "Video" : "Looping video";
  const description = item.description?.trim();
  return description ? `${kind}: ${description}` : kind;
}

/**
 * The gallery module: a row of slides that scrolls sideways (swipe, drag with
 * a mouse, the arrow buttons, or the arrow keys between slides) and opens the
 * chosen slide in a lightbox. Every slide is a button, so Tab reaches each.
 */
export function Gallery({ items, heading }: Props) {
  const label = heading || "Gallery";
  const track = useRef<HTMLUListElement>(null);
  const slides = useRef<(HTMLButtonElement | null)[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  // Until the row is measured (and without JavaScript) the arrows stay hidden:
  // they would show, and do nothing, in a row whose slides all fit.
  const [edges, setEdges] = useState({ start: true, end: true, scrolls: false });
  // Its looping videos: one control for all of them, since a slide is a button.
  const motion = useGroupMotion(hasLoopingVideo(items), "gallery__motion");

  const updateEdges = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    setEdges({
      start: element.scrollLeft <= 1,
      end: element.scrollLeft >= max - 1,
      scrolls: max > 1,
    });
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    updateEdges();
    // Dragging with a mouse is an extra for pointer devices: its code loads after hydration.
    let stopDrag: (() => void) | undefined;
    let cancelled = false;
    if (window.matchMedia("(pointer: fine)").matches) {
      import("~/lib/media/drag-scroll").then(({ enableDragScroll }) => {
        if (!cancelled) stopDrag = enableDragScroll(element);
      }, console.error);
    }
    const resize = new ResizeObserver(updateEdges);
    resize.observe(element);
    element.addEventListener("scroll", updateEdges, { passive: true });
    return () => {
      cancelled = true;
      stopDrag?.();
      resize.disconnect();
      element.removeEventListener("scroll", updateEdges);
    };
  }, [updateEdges]);

  const page = (direction: 1 | -1) => {
    const element = track.current;
    if (!element || (direction < 0 ? edges.start : edges.end)) return;
    element.scrollBy({
      left: direction * element.clientWidth * 0.8,
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  };

  const focusSlide = useCallback(
    (index: number) => {
      const slide = slides.current[(index + items.length) % items.length];
      if (!slide) return;
      slide.focus({ preventScroll: true });
      slide.scrollIntoView({
        block: "nearest",
        inline: "nearest",
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
    },
    [items.length],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = slides.current.findIndex((slide) => slide === document.activeElement);
    if (current < 0) return;
    const target = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusSlide(target);
  };

  const close = useCallback(
    (last: number) => {
      setOpen(null);
      // Back to the slide the visitor ended on, scrolled into view.
      requestAnimationFrame(() => focusSlide(last));
    },
    [focusSlide],
  );

  if (!items.length) return null;
  return (
    <div
      className="gallery"
      role="group"
      aria-roledescription="gallery"
      aria-label={label}
      data-scrolls={edges.scrolls || undefined}
    >
      <div className="gallery__head">
        {heading ? <h2 className="module-heading">{heading}</h2> : null}
        {motion.control}
        {/* Hidden, not removed, when every slide fits: the row keeps its height. */}
        <div className="gallery__controls">
          <StepButtons
            className="gallery__arrow"
            labels={["Scroll gallery back", "Scroll gallery forward"]}
            onStep={page}
            edges={edges}
          />
        </div>
      </div>
      <MotionChoice.Provider value={motion.choice}>
        <ul
          className="gallery__track"
          ref={track}
          onKeyDown={onKeyDown}
          onPointerEnter={loadLightbox}
          onPointerDown={loadLightbox}
          onFocus={loadLightbox}
        >
          {items.map((item, index) => (
            <li key={item._key} className="gallery__slide">
              <button
                type="button"
                className="gallery__open"
                ref={(element) => {
                  slides.current[index] = element;
                }}
                onClick={() => setOpen(index)}
                aria-haspopup="dialog"
              >
                {/* One string: a lone space between React's text nodes is lost from the name. */}
                <span className="visually-hidden">
                  {`Open ${index + 1} of ${items.length}: ${item._type === "mainImage" ? "" : describeItem(item)}`}
                </span>
                <Media item={item} preview {...galleryLayout(items.length)} />
              </button>
            </li>
          ))}
        </ul>
      </MotionChoice.Provider>
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox items={items} index={open} label={label} onIndex={setOpen} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
