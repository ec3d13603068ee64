import { useSyncExternalStore } from "react";

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

export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** A mouse or trackpad: the only pointers that get the custom cursor. */
export const FINE_POINTER = "(hover: hover) and (pointer: fine)";
/** The lg breakpoint: the desktop navigation from here, the menu button below. */
export const LG = "(min-width: 1024px)";

export function useReducedMotion() {
  return useMediaQuery(REDUCED_MOTION);
}
