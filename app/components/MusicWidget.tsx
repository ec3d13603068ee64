import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from "react";

// The widget's code (requests, states, texts) is fetched only when the widget
// first comes on screen: most visitors never scroll to the footer or open the menu.
const NowPlaying = lazy(() => import("./MusicWidgetNowPlaying"));

/** On screen (a closed menu is moved off screen, menu.css) and the tab is in front. */
function useShown(ref: RefObject<HTMLElement | null>) {
  const [onScreen, setOnScreen] = useState(false);
  const [tabShown, setTabShown] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      setOnScreen(entries.at(-1)?.isIntersecting ?? false);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  useEffect(() => {
    const update = () => setTabShown(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return onScreen && tabShown;
}

/**
 * What the office Spotify account is playing, asked of our own
 * `/api/now-playing` so the browser never holds a Spotify token. It asks
 * nothing until it is on screen, then every REFRESH_MS while it stays visible.
 */
export function MusicWidget({ officePlaylistUrl }: { officePlaylistUrl?: string | null }) {
  const ref = useRef<HTMLElement>(null);
  const shown = useShown(ref);
  const [wanted, setWanted] = useState(false);
  const [settled, setSettled] = useState(false);
  // Once shown, wanted for good: set while rendering, not by an effect after painting.
  if (shown && !wanted) setWanted(true);

  const placeholder = (
    <div className="music-widget__placeholder">
      <span className="music-widget__dot" aria-hidden="true" />
      <span className="music-widget__bar" aria-hidden="true" />
      <span className="visually-hidden">Loading what the office is listening to</span>
    </div>
  );
  return (
    <section ref={ref} className="music-widget" aria-label="Office music" aria-busy={!settled}>
      {wanted ? (
        <Suspense fallback={placeholder}>
          <NowPlaying
            shown={shown}
            officePlaylistUrl={officePlaylistUrl}
            placeholder={placeholder}
            onSettled={setSettled}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
