import type { MetaDescriptor } from "react-router";
import type { MediaItem } from "~/lib/content/model";
import type { MediaConfig } from "./config";
import { imageSources } from "./image";
import { videoSources } from "./video";

export type ImageLayout = {
  /** The `sizes` attribute for the slot the image fills. */
  sizes: string;
  /** Crop to this width/height ratio (crop and hotspot honoured). */
  aspectRatio?: number;
  /**
   * Art direction: where `media` matches, the slot has this ratio and gets a
   * file cut to it (a `<source>` of a `<picture>`), elsewhere the default.
   */
  art?: ArtDirection;
};

export type ArtDirection = { media: string; aspectRatio: number };

/** The media query where the default source applies: the complement of the art's. */
function defaultMedia(art: ArtDirection) {
  return `not all and ${art.media}`;
}

type Candidate = { href: string; srcSet: string };

function preloadLink(candidate: Candidate, sizes: string, media?: string): MetaDescriptor {
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    href: candidate.href,
    imageSrcSet: candidate.srcSet,
    imageSizes: sizes,
    ...(media ? { media } : {}),
    fetchPriority: "high",
  };
}

/** The srcset (and fallback) an item renders for a ratio: its image, or a video's poster. */
function candidateFor(
  site: { media: MediaConfig },
  item: MediaItem,
  aspectRatio: number | undefined,
): Candidate | undefined {
  if (item._type === "mainVideo") {
    const sources = videoSources(site.media, item, aspectRatio);
    return sources ? { href: sources.poster, srcSet: sources.posterSrcSet } : undefined;
  }
  const sources = imageSources(site.media, item.image, { aspectRatio });
  return sources ? { href: sources.src, srcSet: sources.srcSet } : undefined;
}

/**
 * `<link rel="preload">` for a page's largest image, from a route's `meta`, so
 * the browser fetches it while it is still parsing the head. The srcset and
 * sizes are the ones the image component renders, so the preload is reused,
 * not downloaded twice. A video's poster is preloaded in its place. With art
 * direction there is one preload per source, each with its source's media
 * query, so a browser fetches only the one its `<picture>` will pick.
 */
export function preloadMedia(
  site: { media: MediaConfig } | undefined,
  item: MediaItem | null | undefined,
  layout: ImageLayout,
): MetaDescriptor[] {
  if (!site || !item) return [];
  const main = candidateFor(site, item, layout.aspectRatio);
  if (!main) return [];
  if (!layout.art) return [preloadLink(main, layout.sizes)];
  const art = candidateFor(site, item, layout.art.aspectRatio);
  if (!art) return [preloadLink(main, layout.sizes)];
  return [
    preloadLink(art, layout.sizes, layout.art.media),
    preloadLink(main, layout.sizes, defaultMedia(layout.art)),
  ];
}
