import { useSyncExternalStore } from "react";
import { REDUCED_MOTION } from "~/lib/media-queries";

/**
 * Whether a media query matches. The server (and hydration) assumes `serverValue`,
 * so markup never depends on the visitor's device until after hydration.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export function useReducedMotion() {
  return useMediaQuery(REDUCED_MOTION);
}
