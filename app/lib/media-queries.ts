/** The media queries the shell and the media read, by what they ask of the visitor's device. */
export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
/** A mouse or trackpad: the only pointers that get the custom cursor. */
export const FINE_POINTER = "(hover: hover) and (pointer: fine)";
/** The lg breakpoint: the desktop navigation from here, the menu button below. */
export const LG = "(min-width: 1024px)";

/** Whether the visitor asks for less motion, now (in the browser only). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION).matches;
}
