import { useCallback, useEffect, useRef } from "react";
import { useUIState } from "~/hooks/useUIState";

const INVERTED_SELECTOR = "section[data-inverted]";

/**
 * Watches a page's inverted sections (`section[data-inverted]`) with an
 * IntersectionObserver and publishes the one on screen as the active inverted
 * section; the whole page then shows the opposite scheme. "On screen" means
 * across the middle of the viewport: a section that only peeks in at an edge
 * does not repaint the page the visitor is reading. A publish shown live (or in
 * preview) can add, remove or invert a section: the page's sections are read
 * again whenever they change. Returns `observe(pageRoot | null)`.
 */
export function useInvertedSections() {
  const { setInvertedSection } = useUIState();
  const stop = useRef<() => void>(() => undefined);

  const observe = useCallback(
    (root: HTMLElement | null) => {
      stop.current();
      stop.current = () => undefined;
      setInvertedSection(null);
      if (!root || typeof IntersectionObserver === "undefined") return;

      let sections: Element[] = [];
      const visible = new Set<Element>();
      const intersections = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) visible.add(entry.target);
            else visible.delete(entry.target);
          }
          setInvertedSection(sections.find((section) => visible.has(section)) ?? null);
        },
        { rootMargin: "-49.5% 0px -49.5% 0px", threshold: 0 },
      );
      const watch = () => {
        const now = Array.from(root.querySelectorAll(INVERTED_SELECTOR));
        if (now.length === sections.length && now.every((section, i) => section === sections[i])) {
          return;
        }
        intersections.disconnect();
        visible.clear();
        sections = now;
        setInvertedSection(null);
        sections.forEach((section) => intersections.observe(section));
      };
      watch();
      const changes = new MutationObserver(watch);
      changes.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["data-inverted"],
      });
      stop.current = () => {
        changes.disconnect();
        intersections.disconnect();
      };
    },
    [setInvertedSection],
  );

  useEffect(() => () => stop.current(), []);
  return observe;
}
