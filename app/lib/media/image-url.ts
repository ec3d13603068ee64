import type { SanityImage } from "~/lib/content/model";
import { bundledAssetPath, renditionPath } from "./renditions";

/**
 * Sanity image URLs, as `@sanity/image-url` builds them (same parameters, same
 * order, same crop and hotspot arithmetic; image-url.test.ts holds the two
 * side by side), in a fraction of its bytes: this runs on every page.
 * https://www.sanity.io/docs/image-urls
 */

export type ImageUrlOptions = {
  width?: number;
  height?: number;
  quality?: number;
  fit?: "clip" | "crop" | "fill" | "fillmax" | "max" | "scale" | "min";
  auto?: "format";
};

type Rect = { left: number; top: number; width: number; height: number };
type Crop = { left: number; top: number; right: number; bottom: number };
type Hotspot = { x: number; y: number; width: number; height: number };

const EXAMPLE = "image-Tb9Ew8CXIwaY6R1kjMvI0uRR-2000x3000-jpg";

/** `image-<id>-<w>x<h>-<format>` → its parts; throws "Malformed asset _ref" otherwise. */
export function parseAssetRef(ref: string) {
  const [, id, dimensions, format] = ref.split("-");
  const [width, height] = (dimensions ?? "").split("x").map(Number);
  if (!id || !dimensions || !format || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new Error(`Malformed asset _ref '${ref}'. Expected an id like "${EXAMPLE}".`);
  }
  return { id, width: width!, height: height!, format };
}

/** The part of the source to cut: the editor's crop, narrowed round the hotspot to a ratio. */
function cropRect(
  image: SanityImage,
  asset: { width: number; height: number },
  options: ImageUrlOptions,
): Rect {
  // Sanity stores a crop's four sides and a hotspot's four numbers together.
  const c = (image.crop ?? { left: 0, top: 0, right: 0, bottom: 0 }) as Crop;
  const h = (image.hotspot ?? { x: 0.5, y: 0.5, width: 1, height: 1 }) as Hotspot;
  const left = Math.round(c.left * asset.width);
  const top = Math.round(c.top * asset.height);
  const crop = {
    left,
    top,
    width: Math.round(asset.width - c.right * asset.width - left),
    height: Math.round(asset.height - c.bottom * asset.height - top),
  };
  if (!options.width || !options.height) return crop;

  const hotspotLeft = h.x * asset.width - (h.width * asset.width) / 2;
  const hotspotRight = h.x * asset.width + (h.width * asset.width) / 2;
  const hotspotTop = h.y * asset.height - (h.height * asset.height) / 2;
  const hotspotBottom = h.y * asset.height + (h.height * asset.height) / 2;
  const ratio = options.width / options.height;

  if (crop.width / crop.height > ratio) {
    // Wider than wanted: cut from the sides, centred on the hotspot, inside the crop.
    const height = Math.round(crop.height);
    const width = Math.round(height * ratio);
    const centre = Math.round((hotspotRight - hotspotLeft) / 2 + hotspotLeft);
    let x = Math.max(0, Math.round(centre - width / 2));
    if (x < crop.left) x = crop.left;
    else if (x + width > crop.left + crop.width) x = crop.left + crop.width - width;
    return { left: x, top: Math.max(0, Math.round(crop.top)), width, height };
  }
  // Taller than wanted: cut from top and bottom.
  const width = crop.width;
  const height = Math.round(width / ratio);
  const centre = Math.round((hotspotBottom - hotspotTop) / 2 + hotspotTop);
  let y = Math.max(0, Math.round(centre - height / 2));
  if (y < crop.top) y = crop.top;
  else if (y + height > crop.top + crop.height) y = crop.top + crop.height - height;
  return { left: Math.max(0, Math.round(crop.left)), top: y, width, height };
}

/**
 * The bundled dataset's static file for the same options (renditions.ts): the rect Sanity's CDN
 * would cut, at w×h (a width alone keeps the rect's aspect), in WebP; without a size, the asset's
 * own file, as `sanity.imageAsset.url` names it (app/lib/content/dataset.server.ts).
 */
export function staticImageUrl(image: SanityImage, options: ImageUrlOptions = {}): string {
  const ref = image.asset?._ref;
  if (!ref) throw new Error(`Unable to resolve image URL from source (${JSON.stringify(image)})`);
  const asset = parseAssetRef(ref);
  const source = { width: asset.width, height: asset.height };
  if (options.width === undefined && options.height === undefined) {
    return bundledAssetPath({ ...asset, sha1: asset.id, extension: asset.format });
  }
  const rect = cropRect(image, asset, options);
  const whole = rect.left === 0 && rect.top === 0 && rect.width === source.width;
  const ratio = rect.width / rect.height;
  const width = options.width ?? Math.max(1, Math.round(options.height! * ratio));
  const height = options.height ?? Math.max(1, Math.round(width / ratio));
  return renditionPath({
    kind: "image",
    sha1: asset.id,
    source,
    rect: whole && rect.height === source.height ? undefined : rect,
    width,
    height,
    format: "webp",
  });
}

/** The URL of `image` on Sanity's image CDN at `baseUrl` (bundled images: staticImageUrl). */
export function buildImageUrl(
  base: { baseUrl: string; projectId: string; dataset: string },
  image: SanityImage,
  options: ImageUrlOptions = {},
): string {
  const ref = image.asset?._ref;
  if (!ref) throw new Error(`Unable to resolve image URL from source (${JSON.stringify(image)})`);
  const asset = parseAssetRef(ref);
  const cdn = base.baseUrl.replace(/\/+$/, "");
  const url = `${cdn}/images/${base.projectId}/${base.dataset}/${asset.id}-${asset.width}x${asset.height}.${asset.format}`;

  const params: string[] = [];
  const rect = cropRect(image, asset, options);
  if (
    rect.left !== 0 ||
    rect.top !== 0 ||
    rect.width !== asset.width ||
    rect.height !== asset.height
  ) {
    params.push(`rect=${rect.left},${rect.top},${rect.width},${rect.height}`);
  }
  if (options.width !== undefined) params.push(`w=${options.width}`);
  if (options.height !== undefined) params.push(`h=${options.height}`);
  if (options.quality !== undefined) params.push(`q=${options.quality}`);
  if (options.fit) params.push(`fit=${options.fit}`);
  if (options.auto) params.push(`auto=${options.auto}`);
  return params.length ? `${url}?${params.join("&")}` : url;
}
