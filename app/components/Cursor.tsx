import { lazy, Suspense, type ComponentType } from "react";
import { useMediaQuery } from "~/hooks/useMediaQuery";
import { FINE_POINTER } from "~/lib/media-queries";

// Touch screens never load the ring's code; mice get it just after hydration. It is
// decoration: should its file be gone (a deploy replaced the build while this page
// hydrated), the page goes on without it rather than failing into the error screen.
const CursorRing = lazy<ComponentType>(() =>
  import("./CursorRing").catch((error: unknown) => {
    console.warn("[cursor] its code could not load; the native cursor stays", error);
    return { default: () => null };
  }),
);

/**
 * A decorative cursor for mice and trackpads only: a ring that trails the
 * pointer and grows over links, buttons and project cards ("View"). The
 * native cursor stays, so nothing depends on this one.
 */
export function Cursor() {
  const fine = useMediaQuery(FINE_POINTER);
  return fine ? (
    <Suspense fallback={null}>
      <CursorRing />
    </Suspense>
  ) : null;
}
