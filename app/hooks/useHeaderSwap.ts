import { useCallback, useState } from "react";
import { useReducedMotion } from "./useMediaQuery";

/** How the header changes with the page being swapped in: it slides in, or away. */
export type HeaderSwap = "enter" | "leave";

/**
 * Whether the header is rendered, and how it changes, for a route that may hide it
 * (`handle.hideHeader`, the culture route). The route's handle changes in the commit that swaps
 * the next page in, once the old one has faded out (page-fade.ts), so the header changes there
 * too: it slides in, or stays mounted and slides away, in step with the page fading in, until
 * `end` is called (docs/decisions/032-header-and-menu.md). Under reduced motion it comes and goes at once.
 */
export function useHeaderSwap<Variant>(shown: boolean, variant: Variant) {
  const reducedMotion = useReducedMotion();
  const [state, setState] = useState<{ shown: boolean; swap?: HeaderSwap; variant: Variant }>({
    shown,
    variant,
  });
  // Derived while rendering, not in an effect: a leaving header must not be unmounted for a
  // commit and mounted again. It leaves as it was (the home page's large variant stays large).
  if (state.shown !== shown || (shown && state.variant !== variant)) {
    const changed = state.shown !== shown;
    const swap = !changed ? state.swap : reducedMotion ? undefined : shown ? "enter" : "leave";
    setState({ shown, swap, variant: shown ? variant : state.variant });
  }
  const end = useCallback(() => setState(({ shown, variant }) => ({ shown, variant })), []);
  return {
    rendered: shown || state.swap === "leave",
    swap: state.swap,
    variant: state.variant,
    end,
  };
}
