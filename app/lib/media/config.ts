import type { SanityImage } from "~/lib/content/model";
import { buildImageUrl, type ImageUrlOptions } from "./image-url";

/**
 * Where media is served from, decided on the server and handed to the browser
 * by the root loader. Not secret: project id and dataset appear in every
 * Sanity image URL anyway.
 */
export type MediaConfig = {
  projectId: string;
  dataset: string;
  /** Sanity's image CDN, or the app's own image route for the bundled dataset. */
  imageBaseUrl: string;
  /** "mux": stream.mux.com and image.mux.com; "local": the app's video route. */
  video: "mux" | "local";
};

export const LOCAL_MEDIA_CONFIG: MediaConfig = {
  projectId: "local",
  dataset: "bundled",
  imageBaseUrl: "/media",
  video: "local",
};

/**
 * The favicon's cut of the general settings' image (square, PNG). One place for
 * the query, so the bundled image route knows it as one of the site's own.
 */
export const FAVICON_QUERY = "w=64&h=64&fit=crop&fm=png";

/** The favicon URL for an image asset's URL (`favicon.asset->url`). */
export function faviconUrl(assetUrl: string) {
  return `${assetUrl}?${FAVICON_QUERY}`;
}

/** A URL for `image` on the configured image CDN (throws for a malformed reference). */
export function imageUrlFor(config: MediaConfig, image: SanityImage, options: ImageUrlOptions) {
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
