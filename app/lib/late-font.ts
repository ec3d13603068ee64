/**
 * The preloaded Latin face of Inter Tight is `font-display: optional`: when it
 * misses its window on a first visit, the page keeps the metric-matched
 * fallback rather than swapping fonts under the reader (docs/decisions/041-typeface.md).
 * Browsers then keep the fallback for the document's whole life,
 * which in a single-page app is the whole visit. So on a navigation, while no
 * page is on screen, a visit still on the fallback switches to the same file
 * under another name ("Inter Tight Late", `swap`): by then it is in memory.
 */
const FAMILY = "Inter Tight Variable";
const LATE_CLASS = "font-late";

/** The preloaded face has arrived (document.fonts says so even when it is not used). */
function preloadedFaceLoaded() {
  for (const face of document.fonts) {
    if (
      face.family === FAMILY &&
      face.style === "normal" &&
      face.unicodeRange.startsWith("U+0-FF,")
    ) {
      return face.status === "loaded";
    }
  }
  return false;
}

/** The page paints Inter Tight's Latin text with the fallback: the face missed its window. */
function paintsFallback() {
  const probe = document.createElement("span");
  probe.textContent = "Hamburgefonstiv";
  probe.style.cssText =
    "position:absolute;visibility:hidden;white-space:nowrap;font:100px monospace";
  document.body.append(probe);
  const monospace = probe.getBoundingClientRect().width;
  probe.style.fontFamily = `"${FAMILY}", monospace`;
  const asInterTight = probe.getBoundingClientRect().width;
  probe.remove();
  return Math.abs(asInterTight - monospace) < 0.5;
}

/** Call while no page is on screen (between the page transition's fades). */
export function upgradeLateFont() {
  const root = document.documentElement;
  if (root.classList.contains(LATE_CLASS) || !preloadedFaceLoaded()) return;
  if (paintsFallback()) root.classList.add(LATE_CLASS);
}
