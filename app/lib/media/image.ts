import type { SanityImage } from "~/lib/content/model";
import { imageUrlFor, reportBrokenImage, type MediaConfig } from "./config";

/**
 * The widths every srcset draws from. Fixed steps, so a CDN (and the build's
 * set of static files) sees the same URLs whichever page asks; close
 * together, so the file a phone picks is never much larger than its box needs
 * (what Lighthouse's "properly size images" checks).
 */
export const SRCSET_WIDTHS = [
  320, 360, 400, 440, 480, 520, 580, 640, 700, 760, 840, 920, 1000, 1100, 1200, 1320, 1460, 1600,
  1760, 1920, 2160, 2400,
] as const;
/** The widest file any srcset offers: the cap of the ladder. */
const MAX_WIDTH = 2400;

type ImageSources = {
  src: string;
  srcSet: string;
  /** Intrinsic size of the widest rendition: the box the page reserves. */
  width: number;
  height: number;
  /** The hotspot, for `object-position` when CSS crops the image further. */
  objectPosition?: string;
  /** The blurred placeholder behind the image while it loads, as a CSS `url()`, when it has one. */
  placeholder?: string;
};

// Sanity's (and the bundled dataset's) LQIP: a small base64 image. It lands in a style
// attribute: anything else could close the `url()` and style the page (docs/security.md).
const LQIP = /^data:image\/(?:jpeg|png|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The image's placeholder as a CSS value, or undefined when it has none of the expected form. */
function placeholderOf(image: SanityImage): string | undefined {
  const { lqip } = image;
  return typeof lqip === "string" && LQIP.test(lqip) ? `url("${lqip}")` : undefined;
}

type Size = { width: number; height: number };

function clampFraction(value: number | null | undefined) {
  return typeof value === "number" && Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
}

/** The editor's crop of the source, in source pixels (the whole image without one). */
function croppedSize(image: SanityImage, source: Size): Size {
  const crop = image.crop;
  const left = clampFraction(crop?.left);
  const right = clampFraction(crop?.right);
  const top = clampFraction(crop?.top);
  const bottom = clampFraction(crop?.bottom);
  return {
    width: Math.max(1, Math.round(source.width * (1 - left - right))),
    height: Math.max(1, Math.round(source.height * (1 - top - bottom))),
  };
}

/** The hotspot's centre inside the cropped area, as CSS percentages. */
function hotspotPosition(image: SanityImage): string | undefined {
  const { hotspot, crop } = image;
  if (!hotspot) return undefined;
  const left = clampFraction(crop?.left);
  const top = clampFraction(crop?.top);
  const width = 1 - left - clampFraction(crop?.right);
  const height = 1 - top - clampFraction(crop?.bottom);
  if (width <= 0 || height <= 0) return undefined;
  const x = clampFraction((hotspot.x! - left) / width);
  const y = clampFraction((hotspot.y! - top) / height);
  return `${Math.round(x * 1000) / 10}% ${Math.round(y * 1000) / 10}%`;
}

/**
 * The `src`, `srcset` and reserved size of an image. Crop and hotspot are
 * honoured by the URL builder: with only a width it cuts the editor's crop;
 * with an aspect ratio it also centres the cut on the hotspot. On the bundled
 * dataset the same options name a static file made at build time (renditions.ts).
 *
 * Returns undefined (and logs once) for a reference that cannot make a URL.
 */
export function imageSources(
  config: MediaConfig,
  image: SanityImage | null | undefined,
  options: { aspectRatio?: number } = {},
): ImageSources | undefined {
  if (!image) return undefined;
  const ref = image.asset?._ref;
  const source = image.dimensions;
  if (!ref || !source?.width || !source.height) {
    // The projection found no asset document behind the reference: nothing to show.
    reportBrokenImage(
      image,
      new Error(ref ? `Image asset '${ref}' not found` : "Image has no asset reference"),
    );
    return undefined;
  }
  const crop = croppedSize(image, source as Size);
  const aspectRatio =
    options.aspectRatio && options.aspectRatio > 0 ? options.aspectRatio : undefined;
  const ratio = aspectRatio ?? crop.width / crop.height;
  // The widest rendition that still comes from real pixels: never upscale.
  const available = aspectRatio ? Math.min(crop.width, crop.height * ratio) : crop.width;
  const widest = Math.max(1, Math.min(Math.floor(available), MAX_WIDTH));
  const widths: number[] = SRCSET_WIDTHS.filter((width) => width < widest);
  widths.push(widest);

  try {
    const url = (width: number) =>
      imageUrlFor(config, image, {
        width,
        height: aspectRatio ? Math.round(width / ratio) : undefined,
        fit: aspectRatio ? "crop" : undefined,
        auto: "format",
      });
    const fallback = widths.find((width) => width >= 1000) ?? widest;
    return {
      src: url(fallback),
      srcSet: widths.map((width) => `${url(width)} ${width}w`).join(", "),
      width: widest,
      height: Math.max(1, Math.round(widest / ratio)),
      // With an aspect ratio the builder has already cut round the hotspot.
      objectPosition: aspectRatio ? undefined : hotspotPosition(image),
      placeholder: placeholderOf(image),
    };
  } catch (error) {
    reportBrokenImage(image, error);
    return undefined;
  }
}
