import {
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type SyntheticEvent,
} from "react";
import type { MediaItem } from "~/lib/content/model";
import { LAYOUTS } from "~/lib/media/layouts";
import { Media } from "./Media";
import { StepButtons } from "./StepButtons";

type Props = {
  items: MediaItem[];
  index: number;
  label: string;
  onIndex(index: number): void;
  /** Called with the slide shown last, so the gallery can return focus to it. */
  onClose(last: number): void;
};

const FOCUSABLE =
  "button:not([disabled]), [href], video[controls], [tabindex]:not([tabindex='-1'])";
const SWIPE = 50;

/**
 * A full-screen view of one gallery slide, in a modal <dialog>: the rest of
 * the page is inert while it is open, Tab and Shift+Tab stay inside, Escape
 * (or Close, or a click beside the picture) closes it, the arrow keys, the
 * buttons and a swipe move between slides.
 */
export function Lightbox({ items, index, label, onIndex, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<number | null>(null);
  const count = items.length;
  const item = items[index];

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // Not scrolled to: the dialog is still coming in (docs/decisions/035-focus-into-moving-panel.md).
    closeButton.current?.focus({ preventScroll: true });
    // The page behind must not scroll under the visitor's finger or wheel.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (element.open) element.close();
    };
  }, []);

  const go = (step: number) => onIndex((index + step + count) % count);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: close through state, so the gallery can restore focus.
    event.preventDefault();
    onClose(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      // A playing video's own controls keep their arrow keys (seeking).
      if (event.target instanceof HTMLVideoElement) return;
      event.preventDefault();
      go(event.key === "ArrowRight" ? 1 : -1);
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the backdrop or the empty stage, not on the picture or a control.
    const target = event.target as HTMLElement;
    if (target === dialog.current || target.classList.contains("lightbox__stage")) onClose(index);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) >= SWIPE) go(distance < 0 ? 1 : -1);
  };

  if (!item) return null;
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={label}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="lightbox__bar">
        <p className="lightbox__count" aria-live="polite">
          {index + 1} / {count}
        </p>
        <button
          ref={closeButton}
          type="button"
          className="lightbox__button"
          onClick={() => onClose(index)}
        >
          Close
        </button>
      </div>
      <div
        className="lightbox__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <Media key={item._key} item={item} className="lightbox__media" {...LAYOUTS.lightbox} />
      </div>
      {count > 1 ? (
        <div className="lightbox__nav">
          <StepButtons className="lightbox__button" labels={["Previous", "Next"]} onStep={go} />
        </div>
      ) : null}
    </dialog>
  );
}
