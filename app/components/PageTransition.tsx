import { useLocation, useNavigation, useNavigationType, useOutlet } from "react-router";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { useInvertedSections } from "~/hooks/useInvertedSections";
import { useLatest } from "~/hooks/useLatest";
import { useReducedMotion } from "~/hooks/useMediaQuery";
import { useRouteHandle } from "~/hooks/useRouteHandle";
import { useScrollMemory, type ScrollIntent } from "~/hooks/useScrollMemory";
import { upgradeLateFont } from "~/lib/late-font";
import { focusPage, rememberFocus } from "~/lib/route-focus";
import { fadeIn, hide, showPage, stay, urlPathname } from "./page-fade";

/**
 * The one page transition, `global`, out-in. The leaving page is faded out by
 * the root route's `clientMiddleware` (`leaveFor` in page-fade.ts), which holds
 * the navigation until it is invisible: by the time the router commits the
 * next page, nothing is on screen, so the old page never renders the next
 * page's state and needs no freezing. This component then shows the new page
 * (keyed by pathname), scrolls it and swaps the late font while it is still
 * invisible, and fades it in. A new history entry of the same page (a hash, a
 * query) and a revalidation do not transition.
 */
export function PageTransition({ after }: { after?: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const reducedMotion = useReducedMotion();
  const scroll = useScrollMemory();
  const observeInverted = useInvertedSections();
  const node = useRef<HTMLDivElement>(null);
  const firstPage = useRef(true);

  const intent: ScrollIntent = {
    key: location.key,
    hash: location.hash,
    pop: navigationType === "POP",
    preserve: Boolean(handle.preserveScroll),
  };
  const intentRef = useLatest(intent);
  const reducedMotionRef = useLatest(reducedMotion);

  const pageKey = location.pathname;

  // A page is shown: before anything is painted, while it is invisible, swap in the late font,
  // scroll it and watch its inverted sections; then fade it in. The first page of a visit is
  // already on screen (server-rendered): it is only scrolled as a reload left it.
  useLayoutEffect(() => {
    const element = node.current;
    let stopFade: () => void = () => undefined;
    if (firstPage.current) {
      firstPage.current = false;
      scroll.apply(intentRef.current, { initial: true });
      observeInverted(element);
    } else {
      hide(element);
      upgradeLateFont();
      scroll.apply(intentRef.current);
      observeInverted(element);
      stopFade = fadeIn(element, reducedMotionRef.current);
    }
    showPage({
      path: urlPathname(pageKey),
      node: element,
      get reducedMotion() {
        return reducedMotionRef.current;
      },
      onLeave() {
        rememberFocus(intentRef.current.key);
        stopFade();
        scroll.leave();
        observeInverted(null);
      },
      onStay() {
        scroll.resume();
        observeInverted(element);
        stopFade = fadeIn(element, reducedMotionRef.current);
      },
    });
    return () => {
      stopFade();
      showPage(null);
    };
    // Once per page: `scroll` and `observeInverted` are stable, the rest is read through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey]);

  // Focus moves to the new page (app/lib/route-focus.ts). A passive effect: it runs after the
  // commit's effect clean-ups, among them the menu's focus trap, which closed with this
  // navigation (app/hooks/useUIState.tsx) and would otherwise take focus back to its button.
  const focusedPage = useRef(pageKey);
  useEffect(() => {
    if (focusedPage.current === pageKey) return;
    focusedPage.current = pageKey;
    focusPage(node.current, intentRef.current.key, intentRef.current.pop);
  }, [pageKey, intentRef]);

  // A new history entry of the page already shown (a #hash link, a query): no transition.
  const shownPath = useRef(pageKey);
  useEffect(() => {
    if (location.pathname === shownPath.current) scroll.apply(intentRef.current);
    shownPath.current = location.pathname;
  }, [location.key, location.pathname, scroll, intentRef]);

  // A navigation that faded this page out ended without leaving it (say it was cut short by
  // one back to this page that the router did not need to run): show it again.
  const idle = navigation.state === "idle";
  useEffect(() => {
    if (idle) stay();
  }, [idle]);

  return (
    <div key={pageKey} ref={node} className="page-transition" data-path={pageKey}>
      {outlet}
      {after}
    </div>
  );
}
