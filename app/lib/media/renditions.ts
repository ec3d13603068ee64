/**
 * The bundled dataset's renditions are static files with path-based names (static hosts
 * ignore query strings), made at build time (docs/decisions/054-image-renditions.md):
 *
 * - `/media/images/<sha1>-<W>x<H>/<left,top,width,height | full>/<w>x<h>.webp`: the rect of the
 *   source (W×H, named by its SHA-1) resized to cover w×h; `.png` for the favicon.
 * - `/media/videos/<playbackId>/<w>.webp` (the poster frame at width w) and
 *   `/media/videos/<playbackId>/<w>x<h>.webp` (its centred cut of that aspect).
 *
 * One module builds and reads the names, so the URL builder and the build agree. The same for a
 * bundled image's own file (its `asset->url`): `/media/images/local/bundled/<sha1>-<W>x<H>.<ext>`.
 */

export type Rect = { left: number; top: number; width: number; height: number };

type ImageRendition = {
  kind: "image";
  sha1: string;
  source: { width: number; height: number };
  rect?: Rect;
  width: number;
  height: number;
  format: "webp" | "png";
};

type PosterRendition = {
  kind: "poster";
  playbackId: string;
  width: number;
  /** With a height: the frame's centred cut of width:height. */
  height?: number;
};

export type Rendition = ImageRendition | PosterRendition;

const IMAGE_PATH =
  /^\/media\/images\/([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\/(full|\d{1,5},\d{1,5},\d{1,5},\d{1,5})\/(\d{1,5})x(\d{1,5})\.(webp|png)$/;
/** A Mux playback id: URL-safe; anything else would be a broken or hostile reference. */
const PLAYBACK_ID = "[A-Za-z0-9]{1,128}";
export const PLAYBACK_ID_PATTERN = /* @__PURE__ */ new RegExp(`^${PLAYBACK_ID}$`);
/** The files the bundled dataset keeps per video: the mp4 and its poster frame, as stored. */
export const BUNDLED_VIDEO_FILE = /* @__PURE__ */ new RegExp(`^${PLAYBACK_ID}\\.(?:mp4|jpg)$`);
const POSTER_PATH = /* @__PURE__ */ new RegExp(
  `^/media/videos/(${PLAYBACK_ID})/(\\d{1,5})(?:x(\\d{1,5}))?\\.webp$`,
);

export function renditionPath(rendition: Rendition): string {
  if (rendition.kind === "poster") {
    const size = rendition.height ? `${rendition.width}x${rendition.height}` : rendition.width;
    return `/media/videos/${rendition.playbackId}/${size}.webp`;
  }
  const { sha1, source, rect, width, height, format } = rendition;
  const cut = rect ? `${rect.left},${rect.top},${rect.width},${rect.height}` : "full";
  return `/media/images/${sha1}-${source.width}x${source.height}/${cut}/${width}x${height}.${format}`;
}

/** The rendition a path names, or undefined for a path no rendition has. */
export function parseRenditionPath(pathname: string): Rendition | undefined {
  const poster = POSTER_PATH.exec(pathname);
  if (poster) {
    return {
      kind: "poster",
      playbackId: poster[1]!,
      width: Number(poster[2]),
      ...(poster[3] ? { height: Number(poster[3]) } : {}),
    };
  }
  const image = IMAGE_PATH.exec(pathname);
  if (!image) return undefined;
  const [, sha1, sw, sh, cut, w, h, format] = image;
  const rect =
    cut === "full"
      ? undefined
      : (([left, top, width, height]) => ({ left, top, width, height }))(
          cut!.split(",").map(Number) as [number, number, number, number],
        );
  return {
    kind: "image",
    sha1: sha1!,
    source: { width: Number(sw), height: Number(sh) },
    rect,
    width: Number(w),
    height: Number(h),
    format: format as "webp" | "png",
  };
}

type BundledAsset = { sha1: string; width: number; height: number };

const BUNDLED_ASSET_PATH =
  /^\/media\/images\/local\/bundled\/([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\.\w+$/;

/** A bundled image asset's own URL, as the dataset names it (`asset->url`). */
export function bundledAssetPath(asset: BundledAsset & { extension: string }): string {
  return `/media/images/local/bundled/${asset.sha1}-${asset.width}x${asset.height}.${asset.extension}`;
}

/** The asset a bundled image's own URL names, or undefined for any other URL. */
export function parseBundledAssetPath(url: string): BundledAsset | undefined {
  const match = BUNDLED_ASSET_PATH.exec(url);
  if (!match) return undefined;
  return { sha1: match[1]!, width: Number(match[2]), height: Number(match[3]) };
}
