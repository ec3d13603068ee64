import type { MetaDescriptor } from "@remix-run/react";
import type { MediaItem } from "~/lib/content/model";
import type { SiteContext } from "~/lib/seo";
import { imageSources } from "./image";
import { videoSources } from "./video";

export type ImageLayout = {
  /** The `sizes` attribute for the slot the image fills. */
  sizes: string;
  /** Crop to this width/height ratio (crop and hotspot honoured). */
  aspectRatio?: number;
};

/**
 * `<link rel="preload">` for a page's largest image, from a route's `meta`, so
 * the browser fetches it while it is still parsing the head. The srcset and
 * sizes are the ones the image component renders, so the preload is reused,
 * not downloaded twice. A video's poster is preloaded in its place.
 */
export function preloadMedia(
  site: SiteContext | undefined,
  item: MediaItem | null | undefined,
  layout: ImageLayout,
): MetaDescriptor[] {
  if (!site || !item) return [];
  if (item._type === "mainVideo") {
    const sources = videoSources(site.media, item, layout.aspectRatio);
    if (!sources) return [];
    // Both kinds of video show their poster as a responsive image first.
    return [
      {
        tagName: "link",
        rel: "preload",
        as: "image",
        href: sources.poster,
        imageSrcSet: sources.posterSrcSet,
        imageSizes: layout.sizes,
        fetchpriority: "high",
      },
    ];
  }
  const sources = imageSources(site.media, item.image, layout);
  if (!sources) return [];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      href: sources.src,
      imageSrcSet: sources.srcSet,
      imageSizes: layout.sizes,
      fetchpriority: "high",
    },
  ];
}
