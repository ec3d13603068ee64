import { readFile } from "node:fs/promises";
import sharp from "sharp";

/**
 * The subset of Sanity's image API the site's URLs use, applied with sharp so
 * the bundled dataset is served with the same URLs Sanity's CDN would take.
 * https://www.sanity.io/docs/image-urls
 */

export type ImageParams = {
  width?: number;
  height?: number;
  fit: "clip" | "crop" | "fill" | "fillmax" | "max" | "scale" | "min";
  rect?: { left: number; top: number; width: number; height: number };
  format?: ImageFormat;
  auto: boolean;
  quality?: number;
  dpr: number;
  focalPoint?: { x: number; y: number };
  background?: string;
};

export type ImageFormat = "jpg" | "png" | "webp" | "avif";

export class ImageParamError extends Error {
  name = "ImageParamError";
}

// libvips keeps the last 100 operations (up to 50 MB) for reuse; the route keeps
// its finished files in its own LRU, so that cache only held decoded pixels
// after a flood. One libvips thread per transform (sharp's default under glibc,
// said here for every platform): transforms run side by side in the queue below.
sharp.cache(false);
sharp.concurrency(1);

const FITS = new Set(["clip", "crop", "fill", "fillmax", "max", "scale", "min"]);
const FORMATS = new Set(["jpg", "png", "webp", "avif"]);
const MAX_SIDE = 8192;

function intParam(search: URLSearchParams, name: string, min: number, max: number) {
  const raw = search.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw new ImageParamError(`${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ImageParamError(`${name} must be between ${min} and ${max}`);
  }
  return value;
}

function floatParam(search: URLSearchParams, name: string, min: number, max: number) {
  const raw = search.get(name);
  if (raw === null) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
    throw new ImageParamError(`${name} must be a number between ${min} and ${max}`);
  }
  return value;
}

export function parseImageParams(search: URLSearchParams): ImageParams {
  const fit = search.get("fit") ?? "clip";
  if (!FITS.has(fit)) throw new ImageParamError(`fit "${fit}" is not supported`);
  const fm = search.get("fm") ?? undefined;
  if (fm !== undefined && !FORMATS.has(fm))
    throw new ImageParamError(`fm "${fm}" is not supported`);
  const auto = search.get("auto");
  if (auto !== null && auto !== "format")
    throw new ImageParamError(`auto "${auto}" is not supported`);

  let rect: ImageParams["rect"];
  const rawRect = search.get("rect");
  if (rawRect !== null) {
    const parts = rawRect.split(",");
    if (parts.length !== 4 || parts.some((part) => !/^\d+$/.test(part))) {
      throw new ImageParamError("rect must be left,top,width,height in whole pixels");
    }
    const [left, top, width, height] = parts.map(Number) as [number, number, number, number];
    if (width === 0 || height === 0) throw new ImageParamError("rect must not be empty");
    rect = { left, top, width, height };
  }

  const fpX = floatParam(search, "fp-x", 0, 1);
  const fpY = floatParam(search, "fp-y", 0, 1);
  const bg = search.get("bg") ?? undefined;
  if (bg !== undefined && !/^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(bg)) {
    throw new ImageParamError("bg must be a hex colour");
  }

  return {
    width: intParam(search, "w", 1, MAX_SIDE),
    height: intParam(search, "h", 1, MAX_SIDE),
    fit: fit as ImageParams["fit"],
    rect,
    format: fm as ImageParams["format"],
    auto: auto === "format",
    quality: intParam(search, "q", 0, 100),
    dpr: floatParam(search, "dpr", 1, 3) ?? 1,
    focalPoint:
      fpX !== undefined || fpY !== undefined ? { x: fpX ?? 0.5, y: fpY ?? 0.5 } : undefined,
    background: bg,
  };
}

/** The output format: an explicit fm wins, auto=format picks WebP for browsers that take it. */
export function chooseFormat(
  params: ImageParams,
  sourceFormat: string,
  accept: string | null,
): ImageFormat {
  if (params.format) return params.format;
  if (params.auto && accept?.includes("image/webp")) return "webp";
  if (sourceFormat === "png" || sourceFormat === "gif") return "png";
  return "jpg";
}

/** One rendition to make: the source file, the snapped parameters, the output format. */
export type ImageTask = { file: string; params: ImageParams; format: ImageFormat };

/** Reads the source and renders it; what the image process runs (server/image-process.ts). */
export async function transformFile({ file, params, format }: ImageTask): Promise<Buffer> {
  return transformImage(await readFile(file), params, format);
}

export async function transformImage(
  input: Buffer,
  params: ImageParams,
  format: ImageFormat,
): Promise<Buffer> {
  let image = sharp(input, { failOn: "error" }).rotate();
  const meta = await sharp(input).rotate().metadata();
  const sourceWidth = meta.autoOrient?.width ?? meta.width ?? 0;
  const sourceHeight = meta.autoOrient?.height ?? meta.height ?? 0;

  // The size of what is being resized: the source, or the rect cut from it.
  let current = { width: sourceWidth, height: sourceHeight };
  if (params.rect) {
    const left = Math.min(params.rect.left, sourceWidth - 1);
    const top = Math.min(params.rect.top, sourceHeight - 1);
    const width = Math.min(params.rect.width, sourceWidth - left);
    const height = Math.min(params.rect.height, sourceHeight - top);
    image = sharp(await image.extract({ left, top, width, height }).toBuffer());
    current = { width, height };
  }

  const scale = params.dpr;
  const width = params.width ? Math.round(params.width * scale) : undefined;
  const height = params.height ? Math.round(params.height * scale) : undefined;
  if (width || height) {
    const background = params.background ? `#${params.background}` : "#ffffff";
    const focal = params.focalPoint;
    const position = focal ? focalPosition(focal) : "centre";
    switch (params.fit) {
      case "crop":
      case "min": {
        // Never upscale, but keep the ratio asked for: a box larger than the source
        // gets the largest cut of that ratio the source has (sharp would return the
        // source uncut). Posters of 720p videos cut to 4:5 need this.
        const box = width && height ? largestCut(current, width, height) : null;
        image = image.resize({
          width: box?.width ?? width,
          height: box?.height ?? height,
          fit: "cover",
          position,
          withoutEnlargement: true,
        });
        break;
      }
      case "fill":
      case "fillmax":
        image = image.resize({ width, height, fit: "contain", background });
        break;
      case "scale":
        image = image.resize({ width, height, fit: "fill", withoutEnlargement: true });
        break;
      default:
        image = image.resize({ width, height, fit: "inside", withoutEnlargement: true });
    }
  }

  // Without `q`, WebP at 75: libwebp's and libvips' default, and what an image
  // CDN sends unless asked otherwise (docs/performance.md, "Image formats").
  const quality = params.quality ?? (format === "webp" ? 75 : 80);
  switch (format) {
    case "webp":
      return image.webp({ quality }).toBuffer();
    case "avif":
      return image.avif({ quality: Math.min(quality, 60) }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 8 }).toBuffer();
    default:
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
  }
}

/** The box of `width`:`height` to resize to: itself, or the largest of that ratio inside the source. */
function largestCut(source: { width: number; height: number }, width: number, height: number) {
  const { width: sourceWidth, height: sourceHeight } = source;
  if (!sourceWidth || !sourceHeight || (width <= sourceWidth && height <= sourceHeight))
    return null;
  const ratio = width / height;
  const cutWidth = Math.min(sourceWidth, Math.round(sourceHeight * ratio));
  return { width: cutWidth, height: Math.max(1, Math.round(cutWidth / ratio)) };
}

// sharp takes a gravity, not a point: choose the side the focal point leans to.
function focalPosition(focal: { x: number; y: number }): string {
  const vertical = focal.y < 0.4 ? "top" : focal.y > 0.6 ? "bottom" : "";
  const horizontal = focal.x < 0.4 ? "left" : focal.x > 0.6 ? "right" : "";
  return [vertical, horizontal].filter(Boolean).join(" ") || "centre";
}
