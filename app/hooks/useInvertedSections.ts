import { useCallback, useEffect, useRef } from "react";
import { useUIState } from "~/hooks/useUIState";

export const INVERTED_SELECTOR = "section[data-inverted]";

/**
 * Watches a page's inverted sections (`section[data-inverted]`) with an
 * IntersectionObserver and publishes the one on screen as the active inverted
 * section; the whole page then shows the opposite scheme. "On screen" means
 * across the middle of the viewport: a section that only peeks in at an edge
 * does not repaint the page the visitor is reading. Returns `observe(pageRoot | null)`.
 */
export function useInvertedSections() {
  const { setInvertedSection } = useUIState();
  const observer = useRef<IntersectionObserver | null>(null);

  const observe = useCallback(
    (root: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      setInvertedSection(null);
      const sections = root ? Array.from(root.querySelectorAll(INVERTED_SELECTOR)) : [];
      if (!sections.length || typeof IntersectionObserver === "undefined") return;

      const visible = new Set<Element>();
      observer.current = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) visible.add(entry.target);
            else visible.delete(entry.target);
          }
          setInvertedSection(sections.find((section) => visible.has(section)) ?? null);
        },
        { rootMargin: "-49.5% 0px -49.5% 0px", threshold: 0 },
      );
      sections.forEach((section) => observer.current?.observe(section));
    },
    [setInvertedSection],
  );

  useEffect(() => () => observer.current?.disconnect(), []);
  return observe;
}
