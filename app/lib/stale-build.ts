import { useSyncExternalStore } from "react";

// Whether a deploy has replaced the build this tab runs. The deploy guard
// (app/lib/deploy-guard.ts, loaded after hydration) finds out and calls
// `markStaleBuild`; links read it to stop prefetching, because a stale tab's
// page chunks are gone and React Router reloads the page when a prefetch cannot
// import one, under a visitor who only pointed at a link (docs/decisions/040-new-deploys.md).

let stale = false;
const listeners = new Set<() => void>();

export function markStaleBuild() {
  if (stale) return;
  stale = true;
  document.documentElement.dataset.staleBuild = "";
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useStaleBuild(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => stale,
    () => false,
  );
}
