import { useContext, useEffect, useRef, useState } from "react";
import { useLatest } from "~/hooks/useLatest";
import type { BackgroundPlayback } from "~/lib/media/playback";
import { withPlayback } from "~/lib/media/video";
import { MotionChoice } from "./motion-choice";
import { Poster, type PosterProps } from "./VideoPoster";

type Props = PosterProps & {
  /**
   * A pause and play button over the video. Off inside a link or a gallery
   * button, which cannot hold another control.
   */
  withButton: boolean;
};

/**
 * A muted, looping background video over its poster, with a button to pause
 * or play it (motion that starts by itself and lasts more than five seconds
 * must be stoppable: WCAG 2.2.2). Where the poster is art-directed, the video
 * waits for the button on those screens (docs/decisions/056-video-loading.md).
 */
export function BackgroundVideo({ sources, sizes, priority, art, withButton }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const playback = useRef<BackgroundPlayback | undefined>(undefined);
  // Unknown until the playback module has looked at the screen: no button until then.
  const [moving, setMoving] = useState<boolean | null>(null);
  const { mp4, hls } = sources;
  const holdWhere = art?.media;
  const groupChoice = useContext(MotionChoice);
  const groupChoiceRef = useLatest(groupChoice);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    withPlayback(({ startBackgroundVideo }) => {
      if (cancelled) return;
      playback.current = startBackgroundVideo(
        element,
        { mp4, hls },
        { holdWhere, onChange: setMoving },
      );
      if (groupChoiceRef.current) playback.current.choose(groupChoiceRef.current);
    });
    return () => {
      cancelled = true;
      playback.current?.stop();
      playback.current = undefined;
    };
  }, [mp4, hls, holdWhere, groupChoiceRef]);

  useEffect(() => {
    if (groupChoice) playback.current?.choose(groupChoice);
  }, [groupChoice]);

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
        // The icon is drawn by CSS from data-moving (styles/media.css).
        <button
          type="button"
          className="video__toggle"
          data-moving={moving}
          aria-label={`${moving ? "Pause" : "Play"} background video`}
          onClick={() => playback.current?.toggle()}
        />
      ) : null}
    </>
  );
}
