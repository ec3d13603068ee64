import { useEffect, type RefObject } from "react";

/**
 * Sizes a one-line text so it spans its container's width exactly, whatever
 * the text (the footer wordmark is the site title from the settings). CSS
 * gives a close estimate for the first paint; this corrects it once the
 * font is in and whenever the container changes width.
 */
export function useFitText(ref: RefObject<HTMLElement | null>, maxSize: number) {
  useEffect(() => {
    const element = ref.current;
    const container = element?.parentElement;
    if (!element || !container || typeof ResizeObserver === "undefined") return;
    const fit = () => {
      element.style.fontSize = "100px";
      const natural = element.scrollWidth;
      const style = getComputedStyle(container);
      const available =
        container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (natural > 0)
        element.style.fontSize = `${Math.min((available / natural) * 100, maxSize)}px`;
    };
    fit();
    void document.fonts?.ready.then(fit);
    const observer = new ResizeObserver(fit);
    observer.observe(container);
    return () => observer.disconnect();
  }, [ref, maxSize]);
}
