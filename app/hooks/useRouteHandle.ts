import { useMatches } from "react-router";

/**
 * Flags a route module may export as `handle` for the shell to read
 * (docs/decisions/030-route-handle-flags.md). Deeper routes override shallower ones.
 */
type RouteHandle = {
  /** Hide the header on this route (the culture route). */
  hideHeader?: boolean;
  /** `large`: a larger wordmark and no Work link in the desktop navigation. */
  headerVariant?: "default" | "large";
  /** Dark mode is switched on when this route is entered, instead of off. */
  forceDarkMode?: boolean;
  /** Entering this route keeps the scroll position instead of scrolling to the top. */
  preserveScroll?: boolean;
};

type Match = { handle?: unknown };

/** The merged handle of a list of route matches. */
export function mergeHandles(matches: readonly Match[]): RouteHandle {
  return Object.assign(
    {},
    ...matches.map((match) =>
      match.handle && typeof match.handle === "object" ? (match.handle as RouteHandle) : {},
    ),
  ) as RouteHandle;
}

/** The merged `handle` of the routes matching the current location. */
export function useRouteHandle(): RouteHandle {
  return mergeHandles(useMatches());
}
