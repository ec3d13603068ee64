import * as v from "valibot";
import { baseUrl, text, wholeNumber } from "~/lib/env-fields.server";

/**
 * The music widget's connection to the office Spotify account: its part of
 * the environment's schema (env.server.ts reads it with the rest, once). All
 * three credentials or none: a half-set triple is a deployment mistake and
 * stops the server with the names of what is missing, while none at all
 * turns the widget off ("nothing playing").
 */
export const DEFAULT_ACCOUNTS_URL = "https://accounts.spotify.com";
export const DEFAULT_API_URL = "https://api.spotify.com";
export const DEFAULT_CACHE_SECONDS = 15;

const CREDENTIALS = {
  SPOTIFY_CLIENT_ID: "the client id of your Spotify app (developer.spotify.com/dashboard)",
  SPOTIFY_CLIENT_SECRET: "the client secret of the same Spotify app",
  SPOTIFY_REFRESH_TOKEN: "a refresh token of the office account (see docs/music-widget.md)",
};
type Credential = keyof typeof CREDENTIALS;

export const spotifyVariables = {
  SPOTIFY_CLIENT_ID: text,
  SPOTIFY_CLIENT_SECRET: text,
  SPOTIFY_REFRESH_TOKEN: text,
  SPOTIFY_ACCOUNTS_URL: baseUrl("SPOTIFY_ACCOUNTS_URL", DEFAULT_ACCOUNTS_URL),
  SPOTIFY_API_URL: baseUrl("SPOTIFY_API_URL", DEFAULT_API_URL),
  SPOTIFY_CACHE_SECONDS: wholeNumber(
    "SPOTIFY_CACHE_SECONDS",
    "be a whole number of seconds from 1 to 300 (10 to 30 in production)",
    300,
    String(DEFAULT_CACHE_SECONDS),
  ),
};
type Variables = v.InferOutput<v.ObjectSchema<typeof spotifyVariables, undefined>>;

const names = (list: Credential[]) => `${list.join(" and ")} ${list.length > 1 ? "are" : "is"}`;

/** All three credentials or none: the message names what is missing, never a value. */
export const allCredentialsOrNone = <Env extends Variables>() =>
  v.check(
    (env: Env) =>
      new Set(Object.keys(CREDENTIALS).map((name) => !env[name as Credential])).size === 1,
    (issue: v.CheckIssue<Env>) => {
      const all = Object.keys(CREDENTIALS) as Credential[];
      const set = all.filter((name) => issue.input[name]);
      const missing = all.filter((name) => !issue.input[name]);
      const what = missing.map((name) => `${name} to ${CREDENTIALS[name]}`).join(", and ");
      return `${names(set)} set but ${names(missing)} not. Set ${what}; or unset ${set.join(" and ")} to turn the music widget off (it then shows "nothing playing").`;
    },
  );

/** The configuration, or null when no credential is set (the widget is off). */
export function spotifyConfig(env: Variables) {
  const { SPOTIFY_CLIENT_ID: clientId, SPOTIFY_CLIENT_SECRET: clientSecret } = env;
  const { SPOTIFY_REFRESH_TOKEN: refreshToken, SPOTIFY_CACHE_SECONDS: seconds } = env;
  if (!clientId || !clientSecret || !refreshToken) return null;
  return {
    clientId,
    clientSecret,
    refreshToken,
    /** Origin (and optional path) of Spotify's accounts service, no trailing slash. */
    accountsUrl: env.SPOTIFY_ACCOUNTS_URL,
    /** Origin (and optional path) of Spotify's Web API, no trailing slash. */
    apiUrl: env.SPOTIFY_API_URL,
    /** How long one upstream answer is shared by every visitor. */
    cacheMs: seconds * 1000,
  };
}

export type SpotifyConfig = NonNullable<ReturnType<typeof spotifyConfig>>;
