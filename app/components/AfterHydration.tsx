import { useEffect, useState, type ComponentType } from "react";

type Chunk<Props> = () => Promise<{ default: ComponentType<Props> }>;

/**
 * Draws a chunk's component once it has loaded, after hydration: the server and the first render
 * draw nothing, so nothing of it is hydrated. Not `lazy` inside `Suspense`: a boundary the server
 * left empty, hydrated while its chunk and a library's own lazy chunk loaded, now and then never
 * showed the library's part (docs/decisions/072-preview-secrets.md).
 */
export function AfterHydration<Props extends object>({
  load,
  props,
}: {
  load: Chunk<Props>;
  props: Props;
}) {
  const [Component, setComponent] = useState<ComponentType<Props>>();
  useEffect(() => {
    let current = true;
    // A chunk a deploy removed: nothing is drawn, and app/hooks/useDeployGuard.ts loads afresh.
    load().then(
      (module) => {
        if (current) setComponent(() => module.default);
      },
      (error: unknown) =>
        console.warn("[chunk] could not load; the page goes on without it", error),
    );
    return () => {
      current = false;
    };
  }, [load]);
  return Component ? <Component {...props} /> : null;
}
