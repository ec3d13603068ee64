import clsx from "clsx";
import { useEffect, useRef, useState, type RefObject } from "react";
import type { MainVideo } from "~/lib/content/model";
import {
  reportBrokenVideo,
  videoAspectRatio,
  videoSources,
  withPlayback,
  type VideoSources,
} from "~/lib/media/video";
import type { ArtDirection } from "~/lib/media/preload";
import { useSite } from "~/lib/site";
import { BackgroundVideo } from "./BackgroundVideo";
import { Poster, type PosterProps } from "./VideoPoster";

type Props = {
  video: MainVideo;
  /** The `sizes` of the slot, for a player's poster image. */
  sizes?: string;
  /** The page's largest media: its poster is fetched eagerly (and preloaded by the route). */
  priority?: boolean;
  /**
   * A still for a list or gallery row: the poster (with a play mark for
   * players), nothing interactive, so it can sit inside a link or button.
   * Background videos still play, muted, as they would anywhere; the gallery or
   * list of cards holds one pause button for all of them (motion-choice.tsx).
   */
  preview?: boolean;
  /** Crop the box to this ratio instead of the video's own (object-fit: cover). */
  aspectRatio?: number;
  /** Where `art.media` matches, a poster cut to `art.aspectRatio` (a `<picture>`). */
  art?: ArtDirection;
  className?: string;
};

/** Starts the lazily loaded player on the mounted <video> once `active`. */
function usePlayer(
  ref: RefObject<HTMLVideoElement | null>,
  sources: VideoSources,
  active: boolean,
) {
  const { mp4, hls } = sources;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    withPlayback((playback) => {
      if (!cancelled) stop = playback.startPlayer(element, { mp4, hls });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [ref, active, mp4, hls]);
}

/** The play mark over a player's poster: a triangle drawn by CSS (styles/media.css). */
function PlayMark() {
  return <span className="video__play" aria-hidden="true" />;
}

function VideoPlayer({
  sources,
  sizes,
  priority,
  art,
  description,
}: PosterProps & { description?: string | null }) {
  const [started, setStarted] = useState(false);
  const ref = useRef<HTMLVideoElement>(null);
  usePlayer(ref, sources, started);
  if (started) {
    return (
      <video ref={ref} className="video__media" poster={sources.poster} controls playsInline />
    );
  }
  // The player (and any streaming library) loads only when asked for.
  return (
    <button type="button" className="video__start" onClick={() => setStarted(true)}>
      <Poster sources={sources} sizes={sizes} priority={priority} art={art} />
      <PlayMark />
      <span className="visually-hidden">
        {description?.trim() ? `Play video: ${description.trim()}` : "Play video"}
      </span>
    </button>
  );
}

/**
 * The one video component, for Mux `mainVideo` items: a background video
 * (muted, looping, inline, playing only on screen and without reduced motion)
 * or a player (poster and play button; the player loads on click). Its box is
 * reserved from the asset's aspect ratio before anything loads. On the
 * bundled dataset the same component plays the local files.
 */
export function Video({
  video,
  sizes = "100vw",
  priority = false,
  preview = false,
  aspectRatio,
  art,
  className,
}: Props) {
  const site = useSite();
  const sources = site ? videoSources(site.media, video, aspectRatio) : undefined;
  const artSources = site && art ? videoSources(site.media, video, art.aspectRatio) : undefined;
  const artPoster = art && artSources ? { media: art.media, sources: artSources } : undefined;
  if (!sources) {
    reportBrokenVideo(video);
    return null;
  }
  const ratio = aspectRatio ?? videoAspectRatio(video.aspectRatio);
  const kind = video.isVideoPlayer ? "player" : "background";
  return (
    // A span (display: block): a gallery slide puts videos inside a <button>.
    <span
      className={clsx("video", `video--${kind}`, className)}
      style={{ aspectRatio: String(ratio) }}
      data-video={kind}
    >
      {!video.isVideoPlayer ? (
        <BackgroundVideo
          sources={sources}
          sizes={sizes}
          priority={priority}
          art={artPoster}
          withButton={!preview}
        />
      ) : preview ? (
        <>
          <Poster sources={sources} sizes={sizes} priority={priority} art={artPoster} />
          <PlayMark />
        </>
      ) : (
        <VideoPlayer
          sources={sources}
          sizes={sizes}
          priority={priority}
          art={artPoster}
          description={video.description}
        />
      )}
    </span>
  );
}
