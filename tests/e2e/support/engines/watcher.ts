// Runs inside the page: records what a visitor's error tracker would, from the moment it runs.
// Firefox runs it before the page's own scripts (a preload script); WebKit's WebDriver has none,
// so there it starts when the document has loaded (docs/testing.md, "Firefox and WebKit").

type Watched = { faults: string[]; loads: number };

/** Installs the watcher once per document; returns nothing (serialisable). */
export function installWatcher() {
  const w = window as unknown as { __engineWatch?: Watched };
  if (w.__engineWatch) return;
  const watched: Watched = { faults: [], loads: 0 };
  w.__engineWatch = watched;
  const add = (fault: string) => watched.faults.push(fault);
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target as Element | null;
      if (target && target !== (window as unknown) && "tagName" in target) {
        const source = target.getAttribute("src") ?? target.getAttribute("href") ?? target.tagName;
        add(`failed sub-resource: <${target.tagName.toLowerCase()}> ${source}`);
      } else {
        add(`uncaught error: ${(event as ErrorEvent).message}`);
      }
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) =>
    add(`unhandled rejection: ${String((event as PromiseRejectionEvent).reason)}`),
  );
  document.addEventListener("securitypolicyviolation", (event) =>
    add(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
  );
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    add(`console error: ${args.map(String).join(" ")}`);
    error(...args);
  };
}

/**
 * The faults recorded so far, with what a late watcher can still see of the load: images that
 * failed (complete, yet nothing decoded) and resources answered with an error status.
 */
export function readFaults(): string[] {
  const w = window as unknown as { __engineWatch?: Watched };
  const faults = [...(w.__engineWatch?.faults ?? ["the watcher is not installed"])];
  for (const image of document.images) {
    if (image.complete && image.naturalWidth === 0 && image.currentSrc)
      faults.push(`image failed: ${image.currentSrc}`);
  }
  for (const entry of performance.getEntriesByType("resource")) {
    const status = (entry as PerformanceResourceTiming & { responseStatus?: number })
      .responseStatus;
    if (status && status >= 400) faults.push(`sub-resource ${status}: ${entry.name}`);
  }
  return [...new Set(faults)];
}
