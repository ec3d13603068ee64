import type { SpotifyConfig } from "~/lib/env.server";
import { isWebUrl, type AlbumArt, type NowPlaying } from "./now-playing";

/**
 * The two Spotify calls the widget needs, made on the server: refresh the
 * office account's access token (kept in memory, never sent to a browser) and
 * ask what it is playing. Every failure becomes the "error" answer plus one
 * server log line that names the status but never a token or a body.
 */
type UpstreamAnswer =
  { kind: "answer"; value: NowPlaying } | { kind: "rate-limited"; retryAfterMs: number };

export type SpotifyClient = { currentlyPlaying(): Promise<UpstreamAnswer> };

type ClientOptions = {
  /** Upper bound for one whole question: token refresh, call and one retry. */
  timeoutMs?: number;
  now?: () => number;
  log?: (message: string) => void;
};

const DEFAULT_TIMEOUT_MS = 4_000;
/** Refresh this long before Spotify says the token expires (at most half its life). */
const EXPIRY_MARGIN_MS = 60_000;
/** Without a Retry-After header, wait this long after a 429. */
const DEFAULT_RETRY_AFTER_MS = 30_000;
/** A Retry-After beyond this is treated as this: the widget should come back the same day. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** The art shown is 64 CSS pixels wide; 128 covers 2x screens (docs/decisions/084-music-widget-display.md). */
const ART_MIN_WIDTH = 128;

class UpstreamError extends Error {}

class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super("rate limited");
  }
}

function parseRetryAfter(value: string | null, now: number): number {
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  const ms = /^\d+$/.test(value.trim()) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === "object";

function pickArt(images: unknown): AlbumArt | null {
  if (!Array.isArray(images)) return null;
  const usable = images
    .filter((image): image is Json => isObject(image) && isWebUrl(image.url))
    .map((image) => ({
      url: image.url as string,
      width: typeof image.width === "number" ? image.width : 0,
      height: typeof image.height === "number" ? image.height : 0,
    }))
    .sort((a, b) => a.width - b.width);
  const art = usable.find((image) => image.width >= ART_MIN_WIDTH) ?? usable.at(-1);
  if (!art) return null;
  // Spotify may omit sizes; its covers are square.
  const size = art.width || art.height || ART_MIN_WIDTH;
  return { url: art.url, width: art.width || size, height: art.height || size };
}

/** Spotify's currently-playing JSON, reduced to what the widget shows. */
function parseCurrentlyPlaying(body: unknown): NowPlaying {
  if (!isObject(body)) throw new UpstreamError("currently-playing answered an unreadable body");
  const item = isObject(body.item) ? body.item : null;
  const type = body.currently_playing_type ?? item?.type;
  // A paused player still reports its item; the widget must not say "is playing".
  if (body.is_playing === false) return { state: "nothing" };
  if (type === "episode") return { state: "episode" };
  // Ads, unknown items and an empty player are all "not playing music".
  if (!item || type !== "track") return { state: "nothing" };
  if (typeof item.name !== "string") {
    throw new UpstreamError("currently-playing answered a track without a name");
  }
  const [first] = Array.isArray(item.artists) ? item.artists : [];
  const artist = isObject(first) && typeof first.name === "string" ? first.name : "";
  const album = isObject(item.album) ? item.album : {};
  const link = isObject(item.external_urls) ? item.external_urls.spotify : undefined;
  return {
    state: "track",
    title: item.name,
    artist,
    album: typeof album.name === "string" ? album.name : "",
    albumArt: pickArt(album.images),
    url: isWebUrl(link) ? link : null,
  };
}

/** Spotify's OAuth error code, if the body has one: safe to log, unlike the body. */
async function oauthError(response: Response) {
  const body: unknown = await response.json().catch(() => null);
  const code = isObject(body) ? body.error : undefined;
  return typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? ` (${code})` : "";
}

function describe(error: unknown, timeoutMs: number) {
  if (error instanceof UpstreamError) return error.message;
  // By name: AbortSignal.timeout's DOMException may come from another realm than this `Error`.
  if (isObject(error) && error.name === "TimeoutError") {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return `request failed: ${cause instanceof Error ? cause.message : String(cause)}`;
}

export function createSpotifyClient(config: SpotifyConfig, options: ClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.error(message));
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
  // Spotify may rotate the refresh token; the newest one is the one that works.
  let refreshToken = config.refreshToken;
  let token: { value: string; refreshAt: number } | undefined;

  async function accessToken(signal: AbortSignal) {
    if (token && now() < token.refreshAt) return token.value;
    token = undefined;
    const response = await fetch(`${config.accountsUrl}/api/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
      signal,
    });
    if (response.status === 429) {
      throw new RateLimitedError(parseRetryAfter(response.headers.get("retry-after"), now()));
    }
    if (!response.ok) {
      throw new UpstreamError(
        `token refresh answered ${response.status}${await oauthError(response)}`,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!isObject(body) || typeof body.access_token !== "string" || !body.access_token) {
      throw new UpstreamError("token refresh answered without an access token");
    }
    const lifetimeMs = (typeof body.expires_in === "number" ? body.expires_in : 3600) * 1000;
    token = {
      value: body.access_token,
      refreshAt: now() + lifetimeMs - Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2),
    };
    if (typeof body.refresh_token === "string" && body.refresh_token) {
      refreshToken = body.refresh_token;
    }
    return token.value;
  }

  async function ask(signal: AbortSignal) {
    const url = `${config.apiUrl}/v1/me/player/currently-playing?additional_types=episode`;
    return fetch(url, {
      headers: { Authorization: `Bearer ${await accessToken(signal)}` },
      signal,
    });
  }

  async function read(response: Response): Promise<NowPlaying> {
    if (response.status === 429) {
      throw new RateLimitedError(parseRetryAfter(response.headers.get("retry-after"), now()));
    }
    if (response.status === 204) return { state: "nothing" };
    if (response.status !== 200) {
      throw new UpstreamError(`currently-playing answered ${response.status}`);
    }
    const text = await response.text();
    if (!text.trim()) return { state: "nothing" };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UpstreamError("currently-playing answered something other than JSON");
    }
    return parseCurrentlyPlaying(body);
  }

  return {
    async currentlyPlaying(): Promise<UpstreamAnswer> {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        let response = await ask(signal);
        if (response.status === 401) {
          // The token was revoked or expired early: one fresh token, one retry.
          await response.body?.cancel();
          token = undefined;
          response = await ask(signal);
        }
        return { kind: "answer", value: await read(response) };
      } catch (error) {
        if (error instanceof RateLimitedError) {
          log(`[spotify] rate limited: waiting ${Math.round(error.retryAfterMs / 1000)} s`);
          return { kind: "rate-limited", retryAfterMs: error.retryAfterMs };
        }
        log(`[spotify] ${describe(error, timeoutMs)}`);
        return { kind: "answer", value: { state: "error" } };
      }
    },
  } satisfies SpotifyClient;
}
