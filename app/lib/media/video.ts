import type { Loose, MainVideo } from "~/lib/content/model";
import type { MediaConfig } from "./config";
import { SRCSET_WIDTHS } from "./image";
import type { Streams } from "./playback";
import { PLAYBACK_ID_PATTERN, renditionPath } from "./renditions";

/** Where a Mux video plays from (mp4 when Mux made one, else HLS), and its poster. */
export type VideoSources = Streams & {
  poster: string;
  /** The poster at several widths, in WebP (lighter than the JPEG), for the poster image. */
  posterSrcSet: string;
};

/** Poster widths: the image widths, up to a full HD frame. */
const POSTER_WIDTHS = SRCSET_WIDTHS.filter((width) => width <= 1920);

function srcSet(url: (width: number) => string) {
  return POSTER_WIDTHS.map((width) => `${url(width)} ${width}w`).join(", ");
}

/** The poster height for a width when the video is shown cropped to `crop` (width / height). */
const croppedHeight = (width: number, crop: number) => Math.max(1, Math.round(width / crop));

/**
 * `crop`: the ratio (width / height) of the box the video fills with
 * object-fit: cover, when it is not the video's own; the poster srcset is then
 * cut to that box, so no poster carries pixels nobody sees.
 */
export function videoSources(
  media: MediaConfig,
  video: Loose<Pick<MainVideo, "playbackId" | "mp4Rendition" | "thumbnailTime">>,
  crop?: number,
): VideoSources | undefined {
  const id = video.playbackId;
  if (!id || !PLAYBACK_ID_PATTERN.test(id)) return undefined;
  if (media.video === "local") {
    // The bundled dataset keeps one mp4 and one poster frame per playback id.
    const poster = `/media/videos/${id}.jpg`;
    return {
      mp4: `/media/videos/${id}.mp4`,
      poster,
      posterSrcSet: srcSet((width) =>
        renditionPath({
          kind: "poster",
          playbackId: id,
          width,
          ...(crop ? { height: croppedHeight(width, crop) } : {}),
        }),
      ),
    };
  }
  const time = Number.isFinite(video.thumbnailTime) ? Math.max(0, video.thumbnailTime!) : 0;
  const poster = `https://image.mux.com/${id}/thumbnail.jpg?time=${time}`;
  // Mux renders the same frame as WebP from `thumbnail.webp`.
  const webp = `https://image.mux.com/${id}/thumbnail.webp?time=${time}`;
  return {
    mp4: video.mp4Rendition ? `https://stream.mux.com/${id}/${video.mp4Rendition}` : undefined,
    hls: `https://stream.mux.com/${id}.m3u8`,
    poster,
    posterSrcSet: srcSet((width) =>
      crop
        ? `${webp}&width=${width}&height=${croppedHeight(width, crop)}&fit_mode=crop`
        : `${webp}&width=${width}`,
    ),
  };
}

/** "16:9" → 16/9; anything unreadable falls back to 16:9 so the box is still reserved. */
export function videoAspectRatio(aspectRatio: string | null | undefined): number {
  const [width, height] = (aspectRatio ?? "").split(":").map(Number);
  return width && height && width > 0 && height > 0 ? width / height : 16 / 9;
}

const reported = new Set<string>();

/** Logs a video whose asset is missing or unusable, once per item. */
export function reportBrokenVideo(video: Pick<MainVideo, "_key" | "playbackId">) {
  const key = video._key ?? String(video.playbackId);
  if (reported.has(key)) return;
  reported.add(key);
  console.warn(`[video] Video ${key} has no playable Mux asset (playbackId: ${video.playbackId})`);
}

/**
 * Runs `use` with the playback module, loaded on demand the first time a video
 * mounts: a page without video never downloads it.
 */
export function withPlayback(use: (playback: typeof import("./playback")) => void) {
  // Only ever called in the browser; the server build leaves playback and hls.js out.
  if (import.meta.env.SSR) return;
  import("./playback").then(use, (error: unknown) =>
    console.error("[video] cannot load playback", error),
  );
}
