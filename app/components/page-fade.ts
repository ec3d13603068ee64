/** The leaving page fades out over this long, then the entering page fades in over as long. */
export const PAGE_FADE_MS = 400;

const ENTER = "page-fade-enter";
const ENTER_ACTIVE = "page-fade-enter-active";
const ENTER_DONE = "page-fade-enter-done";
const EXIT = "page-fade-exit";
const EXIT_ACTIVE = "page-fade-exit-active";

/**
 * Calls `done` when `node`'s opacity fade (or other transition) has ended (at once under reduced
 * motion). It follows the running transition itself rather than the clock: on a
 * busy phone the fade may start frames late, and ending it by the clock would
 * cut it short, the page jumping to full opacity (or vanishing) mid-fade. A
 * clock still ends it should the fade never run or never finish (a hidden tab).
 */
export function whenFaded(
  node: HTMLElement | null,
  reducedMotion: boolean,
  done: () => void,
  /** The property that moves: the header slides (transform) where pages fade. */
  property: "opacity" | "transform" = "opacity",
) {
  if (reducedMotion || !node) return done();
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    window.clearTimeout(timer);
    done();
  };
  // Reading the animations applies the class just set, so the fade is already there.
  const fade = node
    .getAnimations?.()
    .find((animation) => (animation as CSSTransition).transitionProperty === property);
  // Cancelled (the class taken away by the next navigation) counts as ended.
  fade?.finished.then(finish, finish);
  const timer = window.setTimeout(finish, fade ? PAGE_FADE_MS * 5 : PAGE_FADE_MS + 150);
}

/** Fades the page out; resolves once it is invisible. */
function fadeOut(node: HTMLElement | null, reducedMotion: boolean): Promise<void> {
  return new Promise((resolve) => {
    node?.classList.remove(ENTER, ENTER_ACTIVE, ENTER_DONE);
    node?.classList.add(EXIT);
    // A style read between the two classes, so the opacity change is a transition.
    void node?.offsetWidth;
    node?.classList.add(EXIT_ACTIVE);
    whenFaded(node, reducedMotion, resolve);
  });
}

/** An entering page, before anything is painted: invisible until `fadeIn`. */
export function hide(node: HTMLElement | null) {
  node?.classList.remove(EXIT, EXIT_ACTIVE, ENTER_ACTIVE, ENTER_DONE);
  node?.classList.add(ENTER);
}

/**
 * Fades the page in, from where it is (invisible after `hide`, part way when a
 * leaving page is shown again). Returns a function that stops caring about it.
 */
export function fadeIn(node: HTMLElement | null, reducedMotion: boolean): () => void {
  if (!node) return () => undefined;
  let cancelled = false;
  const fromExit = node.classList.contains(EXIT_ACTIVE);
  node.classList.remove(EXIT, EXIT_ACTIVE, ENTER_DONE);
  if (!fromExit) void node.offsetWidth;
  node.classList.add(ENTER_ACTIVE);
  node.classList.remove(ENTER);
  whenFaded(node, reducedMotion, () => {
    if (cancelled) return;
    node.classList.remove(ENTER, ENTER_ACTIVE);
    node.classList.add(ENTER_DONE);
  });
  return () => {
    cancelled = true;
  };
}

/** The page on screen, as `PageTransition` registers it for the root's `clientMiddleware`. */
type ShownPage = {
  /** Its pathname, as a URL spells it. */
  path: string;
  node: HTMLElement | null;
  reducedMotion: boolean;
  /** It starts fading out. */
  onLeave(): void;
  /** A navigation that was taking it away ends up on it after all (it fades back in). */
  onStay(): void;
};

let shown: ShownPage | null = null;
let leaving: Promise<void> | null = null;

/** `PageTransition` reports the page it shows (null: none, the error screen is up). */
export function showPage(page: ShownPage | null) {
  shown = page;
  leaving = null;
}

/** The pathname as `new URL()` spells it, to compare a location with a request's URL. */
export function urlPathname(pathname: string) {
  return new URL(pathname, "http://localhost").pathname;
}

/**
 * Called by the root route's `clientMiddleware` for every navigation and
 * revalidation, before the loaders run, with the target's pathname. For
 * another page it fades the shown page out (once, however many navigations
 * ask while it fades) and resolves when the page is invisible; the middleware
 * holds the navigation until then, so the router commits the next page only
 * once nothing is on screen. The same page (a revalidation, a hash or query
 * change, or a second click back onto it while it fades): resolves at once, and
 * a fading page fades back in.
 */
export function leaveFor(pathname: string): Promise<void> {
  if (!shown) return Promise.resolve();
  if (pathname === shown.path) {
    stay();
    return Promise.resolve();
  }
  if (!leaving) {
    shown.onLeave();
    leaving = fadeOut(shown.node, shown.reducedMotion);
  }
  return leaving;
}

/** The navigation that was taking the shown page away ended without replacing it: show it again. */
export function stay() {
  if (!shown || !leaving) return;
  leaving = null;
  shown.onStay();
}
