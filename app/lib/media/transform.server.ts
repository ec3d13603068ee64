import sharp from "sharp";
import { FAVICON_QUERY } from "./config";
import { MAX_WIDTH, SRCSET_WIDTHS } from "./image";

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
  format?: "jpg" | "png" | "webp" | "avif";
  auto: boolean;
  quality?: number;
  dpr: number;
  focalPoint?: { x: number; y: number };
  background?: string;
};

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
): "jpg" | "png" | "webp" | "avif" {
  if (params.format) return params.format;
  if (params.auto && accept?.includes("image/webp")) return "webp";
  if (sourceFormat === "png" || sourceFormat === "gif") return "png";
  return "jpg";
}

export async function transformImage(
  input: Buffer,
  params: ImageParams,
  format: "jpg" | "png" | "webp" | "avif",
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

/** Fixed renditions the site asks for outside the srcset builder, taken exactly as they are. */
const FIXED_QUERIES = [FAVICON_QUERY];
/** The parameters a URL of the site's own carries (image-url.ts), in its order. */
const SITE_PARAMS = ["rect", "w", "h", "fit", "auto"];
/** Parameters the image API has but the site never sends: a 400 says so. */
const NOT_SENT: Record<string, string> = {
  q: "q is not served here: the site's images use the default quality",
  fm: "fm is not served here: ask with auto=format",
  dpr: "dpr is not served here: ask for the width in pixels",
  "fp-x": "fp-x is not served here: the rect carries the focal point",
  "fp-y": "fp-y is not served here: the rect carries the focal point",
  bg: "bg is not served here",
};

/**
 * The rendition a request gets. Only what the site's own URLs ask for is
 * rendered: widths on the srcset ladder (`SRCSET_WIDTHS`) and the widest the
 * source allows, so a flood of random widths finds the renditions the site
 * made, never new ones.
 *
 * - `w` off the ladder snaps to the next rung up, capped by the width of the
 *   source (or of its rect) and `MAX_WIDTH`. No `w` is the file at its own
 *   size (the asset's URL, as the JSON-LD logo names it).
 * - The fixed renditions (`FIXED_QUERIES`: the favicon) are taken exactly.
 * - `h` (with `fit=crop`) must keep the rect's (or the source's) aspect, as
 *   the site's cuts do; a snapped width takes the height of the same aspect.
 * - `rect` must lie inside the source; the whole source is no rect.
 * - Anything else the site never sends (q, fm, dpr, unknown names, repeats,
 *   another fit) is an ImageParamError: the route answers 400.
 *
 * `query` is the snapped parameters in the site's order: the cache key, and for
 * the site's own URLs their query string unchanged.
 */
export function canonicalImageRequest(
  search: URLSearchParams,
  source: { width: number; height: number },
): { params: ImageParams; query: string } {
  const raw = search.toString();
  if (FIXED_QUERIES.includes(raw)) return { params: parseImageParams(search), query: raw };
  const names = [...search.keys()];
  for (const name of names) {
    if (!SITE_PARAMS.includes(name)) {
      throw new ImageParamError(NOT_SENT[name] ?? `"${name}" is not an image parameter here`);
    }
    if (search.getAll(name).length > 1) throw new ImageParamError(`${name} is given twice`);
  }
  const parsed = parseImageParams(search);
  const { width, height } = parsed;
  const crop = parsed.fit === "crop";
  if (parsed.fit !== "clip" && !crop) {
    throw new ImageParamError(`fit "${parsed.fit}" is not served here: use fit=crop with w and h`);
  }
  if (crop !== (height !== undefined) || (height !== undefined && width === undefined)) {
    throw new ImageParamError("h goes with w and fit=crop, and fit=crop with w and h");
  }

  let rect = parsed.rect;
  if (rect) {
    if (rect.left + rect.width > source.width || rect.top + rect.height > source.height) {
      throw new ImageParamError("rect must lie inside the image");
    }
    if (rect.width === source.width && rect.height === source.height) rect = undefined;
  }
  const region = rect ?? source;
  if (width !== undefined && height !== undefined && !sameAspect(region, width, height)) {
    throw new ImageParamError("w and h must keep the aspect ratio of the rect (or the image)");
  }

  const snapped = width === undefined ? undefined : ladderWidth(width, region);
  // A height comes with a width (checked above): it follows the width's snap.
  const snappedHeight =
    height !== undefined && snapped !== width
      ? Math.max(1, Math.round((snapped! * height) / width!))
      : height;
  const params: ImageParams = {
    width: snapped,
    height: snappedHeight,
    fit: crop ? "crop" : "clip",
    rect,
    auto: parsed.auto,
    dpr: 1,
  };
  const query = [
    rect && `rect=${rect.left},${rect.top},${rect.width},${rect.height}`,
    snapped !== undefined && `w=${snapped}`,
    snappedHeight !== undefined && `h=${snappedHeight}`,
    crop && "fit=crop",
    parsed.auto && "auto=format",
  ]
    .filter(Boolean)
    .join("&");
  return { params, query };
}

/**
 * A width on the ladder. A rung stays as it is (even above the source's width:
 * the share image asks for 1200 whatever the source, and gets the source's
 * pixels), and so does the widest the region allows, give or take the rounding
 * of the crop the site cut it by; anything else goes to the next rung up,
 * capped by that widest.
 */
export function ladderWidth(width: number, region: { width: number; height: number }): number {
  const cap = Math.max(1, Math.min(region.width, MAX_WIDTH));
  if ((SRCSET_WIDTHS as readonly number[]).includes(width)) return width;
  // image.ts takes the widest from the editor's crop, image-url.ts the rect from
  // the same crop rounded another way (and cut to w/h): they differ by a pixel
  // or two, and by up to twice the aspect in a wide cut.
  const slack = 1 + Math.ceil(2 * Math.max(1, region.width / region.height));
  if (Math.abs(width - region.width) <= slack && width <= MAX_WIDTH) return width;
  const rung = SRCSET_WIDTHS.find((step) => step >= width);
  return rung === undefined ? cap : Math.min(rung, cap);
}

/**
 * Whether `width`×`height` is the aspect of `region`, as the site's cuts are:
 * image-url.ts cuts a rect to the ratio, one side whole and the other rounded,
 * so that side is within half a pixel.
 */
function sameAspect(region: { width: number; height: number }, width: number, height: number) {
  const ratio = width / height;
  return (
    Math.abs(region.width - region.height * ratio) <= 0.5 + 1e-9 ||
    Math.abs(region.height - region.width / ratio) <= 0.5 + 1e-9
  );
}

/**
 * At most `concurrency` transforms at a time and `maxWaiting` waiting for a
 * turn; `run` refuses more (undefined), so a flood is answered 503 at once
 * instead of piling up decoded images and sockets. A waiting task holds only
 * its closure (the source is read when its turn comes), and leaves the queue
 * when its `signal` aborts: nobody is left to send the file to.
 */
export class TransformQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> | undefined {
    if (this.active >= this.concurrency && this.waiting.length >= this.maxWaiting) {
      return undefined;
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener("abort", leave);
        this.active++;
        let result: Promise<T>;
        try {
          result = task();
        } catch (error) {
          // A task that throws before its promise still frees its slot.
          result = Promise.reject(error as Error);
        }
        result.then(resolve, reject).finally(() => {
          this.active--;
          this.waiting.shift()?.();
        });
      };
      const leave = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      if (signal?.aborted) return reject(signal.reason);
      if (this.active < this.concurrency) return start();
      this.waiting.push(start);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }
}

/**
 * The process's image transforms: two at a time (each holds a decoded source,
 * ~10 MB for a 2400 px photo, and the encoder's buffers), 16 waiting; beyond
 * that the image route answers 503. Browsers ask a host for six files at a
 * time, so a few visitors' cold pages fit in the queue, and a transform takes
 * 0.1–1 s, so the last in the queue waits seconds, not until it times out.
 */
export const imageTransforms = new TransformQueue(2, 16);
