import { useLocation, useNavigation, useNavigationType, useOutlet } from "react-router";
import { useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import {
  UNSAFE_DataRouterDataContext as DataRouterDataContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
} from "react-router";
import { useInvertedSections } from "~/hooks/useInvertedSections";
import { useReducedMotion } from "~/hooks/useMediaQuery";
import { useRouteHandle } from "~/hooks/useRouteHandle";
import { useScrollMemory, type ScrollIntent } from "~/hooks/useScrollMemory";
import { useUIState } from "~/lib/ui-state";
import { fadeOut } from "./page-fade";
import type { AnimatedPages as AnimatedPagesType } from "./PageTransitionAnimated";

export { PAGE_FADE_MS } from "./page-fade";

// The transition machinery (react-transition-group) is no part of the first
// paint: it loads when the first navigation starts, while the first page fades out.
const loadAnimated = () => import("./PageTransitionAnimated");

type Shown = { key: string; page: ReactNode };

/**
 * The one page transition, `global`, out-in. The leaving page keeps the
 * router state and location it was rendered with (a frozen snapshot), so it
 * fades out showing its own content although the router has already moved
 * on. Scrolling happens between the two fades, while nothing is visible.
 *
 * Until the first navigation the page is rendered as it is; the first page
 * fades out by hand (the same classes), and from the second page on
 * `AnimatedPages` runs the switch.
 */
export function PageTransition({ after }: { after?: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const routerState = useContext(DataRouterStateContext);
  const routerData = useContext(DataRouterDataContext);
  const locationContext = useContext(LocationContext);
  const handle = useRouteHandle();
  const reducedMotion = useReducedMotion();
  const { smoothScroll } = useUIState();
  const scroll = useScrollMemory(smoothScroll);
  const observeInverted = useInvertedSections();
  const [Animated, setAnimated] = useState<typeof AnimatedPagesType | null>(null);

  const intent: ScrollIntent = {
    key: location.key,
    hash: location.hash,
    pop: navigationType === "POP",
    preserve: Boolean(handle.preserveScroll),
  };
  const intentRef = useRef(intent);
  intentRef.current = intent;

  const pageKey = location.pathname;
  const shownPath = useRef(pageKey);
  const firstPage = useRef<HTMLDivElement>(null);

  const page = (
    <DataRouterStateContext.Provider value={routerState}>
      <DataRouterDataContext.Provider value={routerData}>
        <LocationContext.Provider value={locationContext}>
          {outlet}
          {after}
        </LocationContext.Provider>
      </DataRouterDataContext.Provider>
    </DataRouterStateContext.Provider>
  );
  // The first page, as last rendered for its own location: what fades out when the visitor leaves.
  const shown = useRef<Shown>({ key: pageKey, page });
  const leavingFirstPage = !Animated && pageKey !== shown.current.key;
  if (!Animated && !leavingFirstPage) shown.current = { key: pageKey, page };

  const exit = useCallback(() => {
    scroll.leave();
    observeInverted(null);
  }, [scroll, observeInverted]);
  const enter = useCallback(
    (node: HTMLDivElement | null, path: string) => {
      shownPath.current = path;
      scroll.apply(intentRef.current);
      observeInverted(node);
    },
    [scroll, observeInverted],
  );

  // First load: restore a reloaded entry's position and watch the page's inverted sections.
  useEffect(() => {
    scroll.apply(intentRef.current, { initial: true });
    observeInverted(firstPage.current);
    // Once, on hydration: later pages are handled by the transition callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new history entry of the page already shown (a #hash link, a query): no transition.
  useEffect(() => {
    if (location.pathname === shownPath.current) scroll.apply(intentRef.current);
  }, [location.key, location.pathname, scroll]);

  // The machinery starts loading with the first navigation, while the next page's data loads.
  const navigating = navigation.state !== "idle";
  useEffect(() => {
    if (navigating) loadAnimated().catch(() => undefined);
  }, [navigating]);

  // Leaving the first page: fade it out, then hand over to the machinery.
  useEffect(() => {
    if (!leavingFirstPage) return;
    exit();
    const node = firstPage.current;
    let cancelled = false;
    Promise.all([loadAnimated(), fadeOut(node, reducedMotion)]).then(
      ([module]) => {
        // No module: Vite's preloader failed and the deploy guard is reloading the document.
        const pages = (module as typeof module | undefined)?.AnimatedPages;
        if (cancelled || !pages) return;
        cancelled = true;
        setAnimated(() => pages);
      },
      (error: unknown) => {
        // The chunk is gone (a new deploy) or the network is: load the page as a document.
        console.error("[transition] cannot load the page transition", error);
        if (!cancelled) window.location.assign(window.location.href);
      },
    );
    return () => {
      if (cancelled) return;
      cancelled = true;
      // Back on the first page before the hand-over (a quick Back): show it again.
      if (!node) return;
      node.classList.remove("page-fade-exit", "page-fade-exit-active");
      enter(node, shown.current.key);
    };
    // Once per first navigation: the fade must not restart while the router settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leavingFirstPage]);

  if (Animated) {
    return (
      <Animated pageKey={pageKey} reducedMotion={reducedMotion} onExit={exit} onEnter={enter}>
        {page}
      </Animated>
    );
  }
  return (
    <div ref={firstPage} className="page-transition" data-path={shown.current.key}>
      {shown.current.page}
    </div>
  );
}
