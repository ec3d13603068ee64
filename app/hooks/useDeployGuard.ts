import { useNavigation } from "react-router";
import { useEffect } from "react";
import { useLatest } from "~/hooks/useLatest";
import { markStaleBuild } from "~/lib/stale-build";

/** Set at build time (`VITE_BUILD_ID=… react-router build`); tells builds apart in logs and guards. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID || "local";

/**
 * New deploys. A tab opened on an old build must keep working
 * when a new one is served:
 * - the tab checks the build at an interval and when it comes to the front;
 *   once it is stale, internal links stop prefetching (a prefetch of a chunk
 *   the deploy removed makes React Router reload the page) and load whole documents
 *   of the new build;
 * - React Router reloads the document when a page chunk fails to import or
 *   `/__manifest` names another build; if that reload cut a navigation short,
 *   the navigation is resumed on the fresh document (once within RELOAD_GUARD_MS);
 * - a chunk Vite's preloader cannot fetch (`vite:preloadError`, such as a lazy
 *   chunk like the lightbox's that a deploy removed) loads the navigation's target
 *   as a document, or reloads the page, once within RELOAD_GUARD_MS, and is rethrown
 *   (left unhandled) when the guard has just fired.
 */
export function useDeployGuard() {
  const navigation = useNavigation();
  const pendingTarget = useLatest(
    navigation.state === "loading" && navigation.location
      ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
      : null,
  );

  // The guard's code loads after hydration: it is not needed for the first paint
  // (docs/performance.md).
  useEffect(() => {
    let disarm: (() => void) | undefined;
    let unmounted = false;
    import("~/lib/deploy-guard").then(
      ({ installDeployGuard }) => {
        if (unmounted) return;
        disarm = installDeployGuard({
          buildId: BUILD_ID,
          pendingTarget: () => pendingTarget.current,
          onStale: markStaleBuild,
        });
      },
      // Its file gone with a deploy: React Router still reloads the document on a failed navigation.
      () => {},
    );
    return () => {
      unmounted = true;
      disarm?.();
    };
  }, [pendingTarget]);
}
