import { useLocation, useNavigationType, useOutlet } from "@remix-run/react";
import { createRef, useContext, useEffect, useRef, type ReactNode, type RefObject } from "react";
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
} from "react-router-dom";
import { CSSTransition, SwitchTransition } from "react-transition-group";
import { useInvertedSections } from "~/hooks/useInvertedSections";
import { useReducedMotion } from "~/hooks/useMediaQuery";
import { useRouteHandle } from "~/hooks/useRouteHandle";
import { useScrollMemory, type ScrollIntent } from "~/hooks/useScrollMemory";
import { upgradeLateFont } from "~/lib/late-font";
import { useUIState } from "~/lib/ui-state";

/** SPEC §2/§9: the leaving page fades out over 0.4 s, then the entering page fades in over 0.4 s. */
export const PAGE_FADE_MS = 400;

/**
 * The one page transition, `global`, out-in. The leaving page keeps the
 * router state and location it was rendered with (a frozen snapshot), so it
 * fades out showing its own content although the router has already moved
 * on. Scrolling happens between the two fades, while nothing is visible.
 */
export function PageTransition({ after }: { after?: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const routerState = useContext(DataRouterStateContext);
  const locationContext = useContext(LocationContext);
  const handle = useRouteHandle();
  const reducedMotion = useReducedMotion();
  const { smoothScroll } = useUIState();
  const scroll = useScrollMemory(smoothScroll);
  const observeInverted = useInvertedSections();

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
  const refs = useRef(new Map<string, RefObject<HTMLDivElement>>());
  let nodeRef = refs.current.get(pageKey);
  if (!nodeRef) {
    nodeRef = createRef<HTMLDivElement>();
    refs.current.set(pageKey, nodeRef);
  }

  // First load: restore a reloaded entry's position and watch the page's inverted sections.
  useEffect(() => {
    scroll.apply(intentRef.current, { initial: true });
    observeInverted(refs.current.get(shownPath.current)?.current ?? null);
    // Once, on hydration: later pages are handled by the transition callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new history entry of the page already shown (a #hash link, a query): no transition.
  useEffect(() => {
    if (location.pathname === shownPath.current) scroll.apply(intentRef.current);
  }, [location.key, location.pathname, scroll]);

  const page = (
    <DataRouterStateContext.Provider value={routerState}>
      <LocationContext.Provider value={locationContext}>
        {outlet}
        {after}
      </LocationContext.Provider>
    </DataRouterStateContext.Provider>
  );

  return (
    <SwitchTransition mode="out-in">
      <CSSTransition
        key={pageKey}
        nodeRef={nodeRef}
        // Done when the fade has really ended (so the last frame painted is opacity 0),
        // with the timeout as a fallback should transitionend never come.
        addEndListener={(done) => {
          const node = nodeRef.current;
          if (reducedMotion || !node) return done();
          const onEnd = (event: TransitionEvent) => {
            if (event.target !== node || event.propertyName !== "opacity") return;
            node.removeEventListener("transitionend", onEnd);
            done();
          };
          node.addEventListener("transitionend", onEnd);
        }}
        timeout={reducedMotion ? 0 : PAGE_FADE_MS + 150}
        classNames="page-fade"
        onExit={() => {
          scroll.leave();
          observeInverted(null);
        }}
        onEnter={() => {
          const entering = refs.current.get(location.pathname);
          shownPath.current = location.pathname;
          upgradeLateFont();
          scroll.apply(intentRef.current);
          observeInverted(entering?.current ?? null);
          // Refs of pages that are gone are not needed any more.
          for (const path of refs.current.keys()) {
            if (path !== location.pathname) refs.current.delete(path);
          }
        }}
      >
        <div ref={nodeRef} className="page-transition" data-path={pageKey}>
          {page}
        </div>
      </CSSTransition>
    </SwitchTransition>
  );
}
