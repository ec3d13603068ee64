import { FAVICON_QUERY } from "./config";
import { MAX_WIDTH, SRCSET_WIDTHS } from "./image";
import { ImageParamError, parseImageParams, type ImageParams } from "./transform.server";

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
