import { useEffect, type RefObject } from "react";

let canvas: HTMLCanvasElement | undefined;

// Measured large: canvas rounds ink bounds to whole pixels.
const PROBE = 1000;

/**
 * The inked extent of `element`'s text at 100 px, from the glyph outlines
 * (canvas `measureText`), not from the advance widths: `left` is how far the
 * first glyph's ink starts right of the text's origin (its side bearing),
 * `width` the ink from the first glyph's left edge to the last glyph's right.
 */
function inkAt100px(element: HTMLElement) {
  canvas ??= document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) return undefined;
  const style = getComputedStyle(element);
  const size = parseFloat(style.fontSize) || 100;
  context.font = `${style.fontStyle} ${style.fontWeight} ${PROBE}px ${style.fontFamily}`;
  // Tracking in em, so it scales with the font size.
  const tracking = (parseFloat(style.letterSpacing) || 0) / size;
  if ("letterSpacing" in context) context.letterSpacing = `${tracking * PROBE}px`;
  const metrics = context.measureText(element.textContent ?? "");
  const scale = 100 / PROBE;
  const width = (metrics.actualBoundingBoxLeft + metrics.actualBoundingBoxRight) * scale;
  return width > 0 ? { left: -metrics.actualBoundingBoxLeft * scale, width } : undefined;
}

/**
 * Sizes a one-line text so its ink spans its container's content box exactly,
 * whatever the text (the footer wordmark is the site title from the settings):
 * the first letter's stem sits on the left margin and the last letter's edge
 * on the right one (optical alignment: the side bearings, large at this size,
 * are pulled outside the margins). CSS gives a close estimate for the first
 * paint; this corrects it when the text comes within a screen of view, once the
 * font is in, and whenever the container changes width.
 */
export function useFitText(
  ref: RefObject<HTMLElement | null>,
  /** The largest font size in px, or a function of the window (read on every fit). */
  maxSize: number | (() => number),
) {
  useEffect(() => {
    const element = ref.current;
    const container = element?.parentElement;
    if (!element || !container || typeof ResizeObserver === "undefined") return;
    // Measuring glyph outlines on a canvas is slow on a phone (a canvas, a font at
    // 1000 px): a text far below the fold, like the footer's
    // wordmark on a long page, is fitted as it comes within a screen of view,
    // not while the page hydrates (docs/performance.md, "Hydration on a slow machine").
    let near = false;
    const fit = () => {
      if (!near) return;
      const style = getComputedStyle(container);
      const available =
        container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const ink = inkAt100px(element);
      if (!ink || available <= 0) return;
      const max = typeof maxSize === "function" ? maxSize() : maxSize;
      const size = Math.min((available / ink.width) * 100, max);
      element.style.fontSize = `${size}px`;
      element.style.marginLeft = `${(-ink.left * size) / 100}px`;
    };
    // Every browser with ResizeObserver has IntersectionObserver.
    const sight = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        sight.disconnect();
        near = true;
        fit();
        void document.fonts?.ready.then(fit);
        // A face that starts loading only now (the dev server preloads none) lands after `ready`
        // has already resolved: measure again whenever one arrives.
        document.fonts?.addEventListener("loadingdone", fit);
      },
      { rootMargin: "100% 0px" },
    );
    sight.observe(container);
    // The fit changes the container's height, and the container is what the observer watches:
    // a size written inside the observer's callback is a resize that callback's frame cannot
    // deliver ("ResizeObserver loop completed with undelivered notifications", an uncaught
    // error in Firefox). So the observer asks for a fit in the next frame
    // (docs/decisions/044-resize-observers.md).
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(container);
    // A limit that depends on the window's height needs its resizes too.
    if (typeof maxSize === "function") window.addEventListener("resize", fit);
    return () => {
      cancelAnimationFrame(frame);
      sight.disconnect();
      observer.disconnect();
      window.removeEventListener("resize", fit);
      document.fonts?.removeEventListener("loadingdone", fit);
    };
  }, [ref, maxSize]);
}
