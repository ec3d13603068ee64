import { useEffect, useState } from "react";

/**
 * The fixed header slides away while the visitor scrolls down and comes back
 * as soon as they scroll up (or reach the top), so it never covers content
 * being read yet is always one small scroll away.
 */
export function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  // Disabled, it shows: set while rendering, not by an effect after painting.
  if (!enabled && hidden) setHidden(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const threshold = parseFloat(getComputedStyle(document.documentElement).fontSize) * 7.5;
      if (y <= threshold) setHidden(false);
      else if (Math.abs(y - last) > 4) setHidden(y > last);
      last = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [enabled]);
  return enabled && hidden;
}
