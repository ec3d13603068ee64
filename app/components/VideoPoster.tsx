import type { VideoSources } from "~/lib/media/video";

export type PosterProps = {
  sources: VideoSources;
  sizes: string;
  priority: boolean;
  /** The poster cut for art direction, and where it applies. */
  art?: { media: string; sources: VideoSources };
};

/**
 * The poster frame as a responsive image: lazy unless it is the page's
 * largest media. A `poster` attribute would be fetched at once, at full size,
 * wherever the video sits on the page.
 */
export function Poster({ sources, sizes, priority, art }: PosterProps) {
  const img = (
    <img
      className="video__poster"
      src={sources.poster}
      srcSet={sources.posterSrcSet}
      sizes={sizes}
      alt=""
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
  // In a <picture> even without art direction, as in Image.tsx: no preload from React 19.
  return (
    <picture className="media-picture">
      {art ? <source media={art.media} srcSet={art.sources.posterSrcSet} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}
