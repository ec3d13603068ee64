// Loaded after hydration by useDeployGuard (app/hooks/useDeployGuard.ts): none of
// it is needed to paint or hydrate a page, and a page's first navigation comes
// after it has loaded. It takes the build id and what to tell the page as
// arguments, importing nothing, so that its own file name stays the same from
// build to build, and a tab on an old build still finds it (docs/decisions/040-new-deploys.md).

/** No second automatic reload within this long, so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
/** How often an open tab asks whether a new build is live (also whenever it comes to the front). */
const BUILD_CHECK_MS = 5 * 60_000;

const GUARD_KEY = "shell-reload-guard";
const PENDING_KEY = "shell-pending-navigation";
const RESUME_KEY = "shell-resumed-navigation";

type RouterWindow = Window & { __reactRouterManifest?: { version?: string } };

function recentlyReloaded(key = GUARD_KEY): boolean {
  try {
    return Date.now() - Number(window.sessionStorage.getItem(key) ?? 0) < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

function markReload(key = GUARD_KEY) {
  try {
    window.sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // No storage: the browser's own loop protection applies.
  }
}

type Pending = { from: string; to: string; at: number };

function takePending(): Pending | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

/**
 * Asks the server whether this tab's build is still the live one. React Router's
 * manifest endpoint answers another build's version with 204 and
 * X-Remix-Reload-Document; a network failure says nothing either way.
 */
async function isStaleBuild(): Promise<boolean> {
  const version = (window as RouterWindow).__reactRouterManifest?.version;
  if (!version) return false;
  const url = `/__manifest?p=${encodeURIComponent("/")}&version=${encodeURIComponent(version)}`;
  try {
    const response = await fetch(url, { cache: "no-store" });
    return response.status === 204 && response.headers.has("X-Remix-Reload-Document");
  } catch {
    return false;
  }
}

function internalLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) {
    return null;
  }
  return link.origin === window.location.origin ? link : null;
}

type GuardOptions = {
  buildId: string;
  /** Where the navigation under way is going, if one is. */
  pendingTarget: () => string | null;
  /** Told once, when a new build is found live. */
  onStale: () => void;
};

/**
 * Arms the guard on this document and returns what disarms it. First resumes a
 * navigation that a reload cut short, if this fresh document is the one that
 * reload opened (once within RELOAD_GUARD_MS).
 */
export function installDeployGuard({ buildId, pendingTarget, onStale }: GuardOptions) {
  if (resumePending()) return () => {};
  let stale = false;
  const check = async () => {
    if (!stale && (await isStaleBuild())) {
      stale = true;
      onStale();
      console.warn(`[deploy] a new build is live; this tab (${buildId}) loads pages afresh`);
    }
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  // Capture phase on window: runs before React's handler, which then never sees the click,
  // so the browser follows the link itself.
  const onClick = (event: MouseEvent) => {
    if (stale && internalLink(event)) event.stopPropagation();
  };
  // A chunk that a deploy removed: mid-navigation, load the page the visitor asked for as a
  // document of the new build; otherwise reload this one.
  const onPreloadError = (event: Event) => {
    if (recentlyReloaded()) return;
    const to = pendingTarget();
    console.warn(`[deploy] a chunk failed to load on build ${buildId}; loading ${to ?? "afresh"}`);
    markReload();
    event.preventDefault();
    if (to) window.location.assign(to);
    else window.location.reload();
  };
  // A reload in the middle of a navigation (React Router's answer to a missing chunk): remember where to.
  const onPageHide = () => {
    const to = pendingTarget();
    try {
      if (to) {
        window.sessionStorage.setItem(
          PENDING_KEY,
          JSON.stringify({ from: window.location.href, to, at: Date.now() }),
        );
      }
    } catch {
      // No storage: the visitor lands on the page they were on, which works.
    }
  };

  const interval = window.setInterval(check, BUILD_CHECK_MS);
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("click", onClick, true);
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("pagehide", onPageHide);
  return () => {
    window.clearInterval(interval);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("click", onClick, true);
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("pagehide", onPageHide);
  };
}

function resumePending(): boolean {
  const pending = takePending();
  if (!pending || pending.from !== window.location.href) return false;
  // Its own guard: the reload that cut the navigation short may have been the guard's.
  if (Date.now() - pending.at > RELOAD_GUARD_MS || recentlyReloaded(RESUME_KEY)) return false;
  markReload(RESUME_KEY);
  window.location.assign(pending.to);
  return true;
}
