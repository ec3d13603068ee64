/** The leaving page fades out over 0.4 s, then the entering page fades in over 0.4 s. */
export const PAGE_FADE_MS = 400;

/**
 * Calls `done` when `node`'s opacity transition has ended (at once under
 * reduced motion), or after the fade's length should `transitionend` never come.
 */
export function whenFaded(node: HTMLElement | null, reducedMotion: boolean, done: () => void) {
  if (reducedMotion || !node) return done();
  const finish = () => {
    window.clearTimeout(timer);
    node.removeEventListener("transitionend", onEnd);
    done();
  };
  const onEnd = (event: TransitionEvent) => {
    if (event.target === node && event.propertyName === "opacity") finish();
  };
  const timer = window.setTimeout(finish, PAGE_FADE_MS + 150);
  node.addEventListener("transitionend", onEnd);
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
