/** The leaving page fades out over 0.4 s, then the entering page fades in over 0.4 s. */
export const PAGE_FADE_MS = 400;

/**
 * Calls `done` when `node`'s opacity fade has ended (at once under reduced
 * motion). It follows the running transition itself rather than the clock: on a
 * busy phone the fade may start frames late, and ending it by the clock would
 * cut it short, the page jumping to full opacity (or vanishing) mid-fade. A
 * clock still ends it should the fade never run or never finish (a hidden tab).
 */
export function whenFaded(node: HTMLElement | null, reducedMotion: boolean, done: () => void) {
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
    .find((animation) => (animation as CSSTransition).transitionProperty === "opacity");
  // Cancelled (the class taken away by the next navigation) counts as ended.
  fade?.finished.then(finish, finish);
  const timer = window.setTimeout(finish, fade ? PAGE_FADE_MS * 5 : PAGE_FADE_MS + 150);
}

/** Fades the first page of a visit out by hand, with the classes react-transition-group uses. */
export function fadeOut(node: HTMLElement | null, reducedMotion: boolean): Promise<void> {
  return new Promise((resolve) => {
    node?.classList.add("page-fade-exit");
    // A style read between the two classes, so the opacity change is a transition.
    void node?.offsetWidth;
    node?.classList.add("page-fade-exit-active");
    whenFaded(node, reducedMotion, resolve);
  });
}
