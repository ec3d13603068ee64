/**
 * What `GET /api/now-playing` answers: exactly what the music widget shows,
 * never a token or a raw Spotify body. Shared by the server code
 * that builds it and the widget that reads it.
 */
export type AlbumArt = { url: string; width: number; height: number };

export type NowPlaying =
  | {
      state: "track";
      title: string;
      /** The first artist's name, as the office sees it in Spotify's own player. */
      artist: string;
      album: string;
      albumArt: AlbumArt | null;
      /** The track on open.spotify.com; null for a local file, which has no page. */
      url: string | null;
    }
  | { state: "episode" }
  | { state: "nothing" }
  | { state: "error" };

export const NOW_PLAYING_PATH = "/api/now-playing";

const isString = (value: unknown): value is string => typeof value === "string";

/** Only http(s) links and images reach the page, whatever the upstream sends. */
export function isWebUrl(value: unknown): value is string {
  if (!isString(value)) return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isAlbumArt(value: unknown): value is AlbumArt {
  if (!value || typeof value !== "object") return false;
  const art = value as Record<string, unknown>;
  return isWebUrl(art.url) && Number.isFinite(art.width) && Number.isFinite(art.height);
}

/** The browser's check of the route's answer: anything else is a failure. */
export function isNowPlaying(value: unknown): value is NowPlaying {
  if (!value || typeof value !== "object") return false;
  const answer = value as Record<string, unknown>;
  switch (answer.state) {
    case "episode":
    case "nothing":
    case "error":
      return true;
    case "track":
      return (
        isString(answer.title) &&
        isString(answer.artist) &&
        isString(answer.album) &&
        (answer.url === null || isWebUrl(answer.url)) &&
        (answer.albumArt === null || isAlbumArt(answer.albumArt))
      );
    default:
      return false;
  }
}
