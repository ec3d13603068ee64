import { lazy, Suspense } from "react";
import { FINE_POINTER, useMediaQuery } from "~/hooks/useMediaQuery";

// Touch screens never load the ring's code; mice get it just after hydration.
const CursorRing = lazy(() => import("./CursorRing"));

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
