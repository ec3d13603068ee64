import clsx from "clsx";
import type { CSSProperties } from "react";
import type { SanityImage } from "~/lib/content/model";
import { imageSources } from "~/lib/media/image";
import type { ArtDirection } from "~/lib/media/preload";
import { useSite } from "~/lib/site";

type Props = {
  image: SanityImage | null | undefined;
  /** The `sizes` attribute for this layout slot (see ~/lib/media/layouts). */
  sizes: string;
  /** Crop to this width/height ratio (crop and hotspot honoured). */
  aspectRatio?: number;
  /** Where `art.media` matches, a file cut to `art.aspectRatio` round the hotspot (a `<picture>`). */
  art?: ArtDirection;
  /** The page's largest image above the fold: fetched eagerly, first. */
  priority?: boolean;
  /** Repeats what sits beside it (a card's title names the link): no alt text. */
  decorative?: boolean;
  className?: string;
};

// The LQIP sits behind the image until it has loaded; then it is dropped so a
// transparent image does not show a blur through.
function markLoaded(element: HTMLImageElement | null) {
  if (element?.complete && element.naturalWidth > 0) element.dataset.loaded = "";
}

/**
 * The one image component: a srcset from the image CDN (or the bundled
 * dataset's image route, same URLs), the LQIP behind it while it loads when
 * the query sent one (images of the first screen,
 * docs/decisions/062-placeholders-first-screen.md), its box reserved by width
 * and height so nothing shifts, lazy unless it is the page's priority image.
 * A broken reference renders nothing (logged once).
 */
export function Image({
  image,
  sizes,
  aspectRatio,
  art,
  priority = false,
  decorative = false,
  className,
}: Props) {
  const site = useSite();
  const sources = site ? imageSources(site.media, image, { aspectRatio }) : undefined;
  const artSources =
    site && art ? imageSources(site.media, image, { aspectRatio: art.aspectRatio }) : undefined;
  if (!image || !sources) return null;

  const style: CSSProperties & Record<`--${string}`, string> = {};
  if (sources.placeholder) style["--lqip"] = sources.placeholder;
  if (sources.objectPosition) style.objectPosition = sources.objectPosition;

  const img = (
    <img
      ref={markLoaded}
      className={clsx("media-image", className)}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      width={sources.width}
      height={sources.height}
      alt={decorative ? "" : (image.alt ?? "")}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
      style={style}
      onLoad={(event) => markLoaded(event.currentTarget)}
    />
  );
  // Always a <picture> (laid out as its <img>): React 19 adds a preload of its own for every
  // eager <img> outside one, next to the single one the route's meta asks for
  // (app/lib/media/preload.ts, docs/decisions/050-image-url-builder.md).
  return (
    <picture className="media-picture">
      {art && artSources ? (
        <source
          media={art.media}
          srcSet={artSources.srcSet}
          sizes={sizes}
          width={artSources.width}
          height={artSources.height}
        />
      ) : null}
      {img}
    </picture>
  );
}
