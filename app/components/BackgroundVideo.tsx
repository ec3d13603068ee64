import { useEffect, useRef, useState } from "react";
import type { BackgroundPlayback } from "~/lib/media/playback";
import { Poster, type PosterProps } from "./VideoPoster";

type Props = PosterProps & {
  /**
   * A pause and play button over the video. Off inside a link or a gallery
   * button, which cannot hold another control.
   */
  withButton: boolean;
};

function ToggleIcon({ moving }: { moving: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" focusable="false" aria-hidden="true">
      {moving ? (
        <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
      ) : (
        <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * A muted, looping background video over its poster, with a button to pause
 * or play it (motion that starts by itself and lasts more than five seconds
 * must be stoppable: WCAG 2.2.2). Where the poster is art-directed, the video
 * waits for the button on those screens (docs/decisions-media.md).
 */
export function BackgroundVideo({ sources, sizes, priority, art, withButton }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const playback = useRef<BackgroundPlayback>();
  // Unknown until the playback module has looked at the screen: no button until then.
  const [moving, setMoving] = useState<boolean | null>(null);
  const { mp4, hls } = sources;
  const holdWhere = art?.media;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A decoration offers no picture-in-picture (a DOM property: the attribute is not HTML's).
    element.disablePictureInPicture = true;
    let cancelled = false;
    import("~/lib/media/playback").then(
      ({ startBackgroundVideo }) => {
        if (cancelled) return;
        playback.current = startBackgroundVideo(
          element,
          { mp4, hls },
          { holdWhere, onChange: setMoving },
        );
      },
      (error: unknown) => console.error("[video] cannot load playback", error),
    );
    return () => {
      cancelled = true;
      playback.current?.stop();
      playback.current = undefined;
    };
  }, [mp4, hls, holdWhere]);

  // No autoplay attribute: playback starts from script only when the video is
  // on screen and motion is wanted. Until its first frame the <video>, which
  // has no poster of its own, is transparent over the poster image.
  return (
    <>
      <Poster sources={sources} sizes={sizes} priority={priority} art={art} />
      <video
        ref={ref}
        className="video__media"
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
      />
      {withButton && moving !== null ? (
        <button
          type="button"
          className="video__toggle"
          aria-label={moving ? "Pause background video" : "Play background video"}
          onClick={() => playback.current?.toggle()}
        >
          <ToggleIcon moving={moving} />
        </button>
      ) : null}
    </>
  );
}
