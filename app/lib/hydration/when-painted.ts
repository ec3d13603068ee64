/**
 * Browser code the server inlines into each page, as source text
 * (`deferScripts` in ./defer-scripts.server.ts): it imports nothing and
 * refers to nothing outside itself, in ASCII (it is spliced into the page's
 * bytes). Why hydration waits: docs/performance.md,
 * "Hydration after the first paint".
 */

/** The page's scripts may start: its most important images are on screen, or a visitor needs them. */
export function whenPagePainted(win: Window, maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const interactions = ["pointerdown", "keydown", "touchstart"];
    const go = () => {
      win.clearTimeout(timer);
      for (const type of interactions) win.removeEventListener(type, go, true);
      resolve();
    };
    // A hero that never arrives, or a tab in the background (no frames), still hydrates.
    const timer = win.setTimeout(go, maxWaitMs);
    for (const type of interactions) {
      win.addEventListener(type, go, { capture: true, passive: true });
    }
    const heroes = Array.from(
      win.document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
    );
    // The second frame after the images decoded is one the browser has already painted them in.
    // A broken image counts as done, and so does a browser without decode().
    const decoded = (image: HTMLImageElement) =>
      Promise.resolve()
        .then(() => image.decode())
        .catch(() => undefined);
    Promise.all(heroes.map(decoded)).then(() =>
      win.requestAnimationFrame(() => win.requestAnimationFrame(go)),
    );
  });
}

/** Puts the module preloads back where Remix rendered them, so hydration finds the markup it made. */
export function restorePreloads(doc: Document, marker: string, hrefs: string[]) {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  while (walker.nextNode()) {
    const comment = walker.currentNode as Comment;
    if (comment.data !== marker) continue;
    comment.replaceWith(
      ...hrefs.map((href) => {
        const link = doc.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        return link;
      }),
    );
    return;
  }
}

/**
 * Opens the tab's sessionStorage in a task of its own while the modules
 * download: the first read waits on the browser process (2-10 ms on a slow
 * machine), and Remix's router makes that first read in the middle of
 * hydration otherwise. Storage a browser refuses is left to the router.
 */
export function openSessionStorage(win: Window) {
  win.setTimeout(() => {
    try {
      void win.sessionStorage.length;
    } catch {
      // Blocked storage (a privacy setting): nothing to open.
    }
  }, 0);
}
