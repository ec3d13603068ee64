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
    void load().then((module) => {
      if (current) setComponent(() => module.default);
    });
    return () => {
      current = false;
    };
  }, [load]);
  return Component ? <Component {...props} /> : null;
}
