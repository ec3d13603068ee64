import type { ComponentType } from "react";
import { AfterHydration } from "~/components/AfterHydration";

// Preview from the Studio only: a chunk of its own that published pages never load. The server
// build leaves it and its libraries out, and with them Netlify's function (docs/performance.md,
// "The Netlify function").
const loadVisualEditing = (): Promise<{ default: ComponentType }> =>
  import.meta.env.SSR
    ? Promise.resolve({ default: () => null })
    : import("~/components/VisualEditing");

/** Click-to-edit (app/components/VisualEditing.tsx), loaded after hydration when `wanted`. */
export function VisualEditingLoader({ wanted }: { wanted: boolean }) {
  return wanted ? <AfterHydration load={loadVisualEditing} props={{}} /> : null;
}
