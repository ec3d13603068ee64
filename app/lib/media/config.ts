import type { SanityImage } from "~/lib/content/model";
import { buildImageUrl, staticImageUrl, type ImageUrlOptions } from "./image-url";
import { parseBundledAssetPath, renditionPath } from "./renditions";

/**
 * Where media is served from, decided on the server and handed to the browser
 * by the root loader. Not secret: project id and dataset appear in every
 * Sanity image URL anyway.
 */
export type MediaConfig = {
  projectId: string;
  dataset: string;
  /** Sanity's image CDN; unused with `staticImages`. */
  imageBaseUrl: string;
  /** The bundled dataset's renditions, static files made at build time (renditions.ts). */
  staticImages?: boolean;
  /** "mux": stream.mux.com and image.mux.com; "local": the bundled dataset's files under /media/videos/. */
  video: "mux" | "local";
};

export const LOCAL_MEDIA_CONFIG: MediaConfig = {
  projectId: "local",
  dataset: "bundled",
  imageBaseUrl: "/media",
  staticImages: true,
  video: "local",
};

/** The favicon's cut of the general settings' image (square, PNG), on Sanity's CDN. */
const FAVICON_QUERY = "w=64&h=64&fit=crop&fm=png";
/** The same cut's static file for a bundled asset: its whole image, cut to cover 64×64. */
const FAVICON_SIZE = 64;

/** The favicon URL for an image asset's URL (`favicon.asset->url`). */
export function faviconUrl(assetUrl: string) {
  const bundled = parseBundledAssetPath(assetUrl);
  if (!bundled) return `${assetUrl}?${FAVICON_QUERY}`;
  return renditionPath({
    kind: "image",
    sha1: bundled.sha1,
    source: { width: bundled.width, height: bundled.height },
    width: FAVICON_SIZE,
    height: FAVICON_SIZE,
    format: "png",
  });
}

/** A URL for `image` on the configured image CDN (throws for a malformed reference). */
export function imageUrlFor(config: MediaConfig, image: SanityImage, options: ImageUrlOptions) {
  if (config.staticImages) return staticImageUrl(image, options);
  return buildImageUrl(
    { baseUrl: config.imageBaseUrl, projectId: config.projectId, dataset: config.dataset },
    image,
    options,
  );
}

/**
 * A URL for an image, or undefined when the reference cannot make one
 * (a malformed asset _ref throws "Malformed asset _ref" inside the builder).
 */
export function imageUrl(
  config: MediaConfig,
  image: SanityImage | null | undefined,
  transform: { width?: number; height?: number; quality?: number } = {},
): string | undefined {
  if (!image?.asset) return undefined;
  try {
    return imageUrlFor(config, image, {
      ...transform,
      fit: transform.width && transform.height ? "crop" : undefined,
      auto: "format",
    });
  } catch (error) {
    reportBrokenImage(image, error);
    return undefined;
  }
}

const reported = new Set<string>();

/** Logs a broken image once per reference, so a bad asset does not flood the console. */
export function reportBrokenImage(image: SanityImage, error: unknown) {
  const key = image.asset?._ref ?? JSON.stringify(image.asset);
  if (reported.has(key)) return;
  reported.add(key);
  console.warn(`[image] ${(error as Error).message ?? error}`);
}
