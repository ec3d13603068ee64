import { clean, EnvError, parseBaseUrl } from "~/lib/env-fields.server";

/**
 * The music widget's connection to the office Spotify account: its part of
 * the environment schema (env.server.ts reads it with the rest, once). All three credentials or none: a half-set triple is a
 * deployment mistake and stops the server with the name of what is missing,
 * while none at all turns the widget off ("nothing playing").
 */
export type SpotifyConfig = {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Origin (and optional path) of Spotify's accounts service, no trailing slash. */
  accountsUrl: string;
  /** Origin (and optional path) of Spotify's Web API, no trailing slash. */
  apiUrl: string;
  /** How long one upstream answer is shared by every visitor. */
  cacheMs: number;
};

export const DEFAULT_ACCOUNTS_URL = "https://accounts.spotify.com";
export const DEFAULT_API_URL = "https://api.spotify.com";
export const DEFAULT_CACHE_SECONDS = 15;

const CREDENTIALS = [
  ["SPOTIFY_CLIENT_ID", "the client id of your Spotify app (developer.spotify.com/dashboard)"],
  ["SPOTIFY_CLIENT_SECRET", "the client secret of the same Spotify app"],
  ["SPOTIFY_REFRESH_TOKEN", "a refresh token of the office account (see docs/music-widget.md)"],
] as const;

function parseCacheSeconds(value: string | undefined) {
  if (value === undefined) return DEFAULT_CACHE_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 300) {
    throw new EnvError(
      `SPOTIFY_CACHE_SECONDS must be a whole number of seconds from 1 to 300 (10 to 30 in production), got "${value}".`,
    );
  }
  return seconds;
}

/** The configuration, or null when no credential is set (the widget is off). */
export function parseSpotifyConfig(source: Record<string, string | undefined>) {
  const values = CREDENTIALS.map(([name]) => clean(source[name]));
  const accountsUrl = parseBaseUrl(
    "SPOTIFY_ACCOUNTS_URL",
    clean(source.SPOTIFY_ACCOUNTS_URL),
    DEFAULT_ACCOUNTS_URL,
  );
  const apiUrl = parseBaseUrl("SPOTIFY_API_URL", clean(source.SPOTIFY_API_URL), DEFAULT_API_URL);
  const cacheMs = parseCacheSeconds(clean(source.SPOTIFY_CACHE_SECONDS)) * 1000;

  if (values.every((value) => value === undefined)) return null;
  const missing = CREDENTIALS.filter((_, index) => values[index] === undefined);
  if (missing.length) {
    const set = CREDENTIALS.filter((_, index) => values[index] !== undefined).map(([n]) => n);
    throw new EnvError(
      `${set.join(" and ")} ${set.length > 1 ? "are" : "is"} set but ${missing
        .map(([name]) => name)
        .join(" and ")} ${missing.length > 1 ? "are" : "is"} not. Set ${missing
        .map(([name, what]) => `${name} to ${what}`)
        .join(
          ", and ",
        )}; or unset ${set.join(" and ")} to turn the music widget off (it then shows "nothing playing").`,
    );
  }
  const [clientId, clientSecret, refreshToken] = values as [string, string, string];
  return { clientId, clientSecret, refreshToken, accountsUrl, apiUrl, cacheMs };
}
