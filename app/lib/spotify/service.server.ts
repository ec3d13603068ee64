import { CDN_HEADER, NO_QUERY_VARY, VARY_HEADER } from "~/lib/cache/headers.server";
import { createSpotifyClient, type SpotifyClient } from "./client.server";
import { DEFAULT_CACHE_SECONDS, getEnv } from "~/lib/env.server";
import type { NowPlaying } from "./now-playing";

/**
 * One shared answer for every visitor: at most one upstream question per
 * cache interval (single flight: concurrent visitors wait for the same
 * question), and after a 429 none at all until Spotify's Retry-After has
 * passed, serving the last answer meanwhile.
 */
type NowPlayingService = {
  get(): Promise<NowPlaying>;
  /** How long an answer is shared; the CDN is told the same. */
  cacheMs: number;
};

type Options = { cacheMs: number; now?: () => number };

export function createNowPlayingService(
  client: SpotifyClient | null,
  { cacheMs, now = Date.now }: Options,
): NowPlayingService {
  let last: NowPlaying | undefined;
  let freshUntil = 0;
  let inflight: Promise<NowPlaying> | undefined;

  async function ask(spotify: SpotifyClient): Promise<NowPlaying> {
    const answer = await spotify.currentlyPlaying();
    if (answer.kind === "rate-limited") {
      freshUntil = now() + Math.max(answer.retryAfterMs, cacheMs);
      // With nothing to fall back on, the visitor is told we could not ask.
      last ??= { state: "error" };
    } else {
      // Counted from the answer, so slow answers cannot stack up questions.
      freshUntil = now() + cacheMs;
      last = answer.value;
    }
    return last;
  }

  return {
    cacheMs,
    get() {
      if (!client) return Promise.resolve({ state: "nothing" });
      if (last && now() < freshUntil) return Promise.resolve(last);
      inflight ??= ask(client).finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}

/** The route's answer: the widget's data plus headers that let the CDN share it. */
export async function nowPlayingResponse(service: NowPlayingService): Promise<Response> {
  const body = await service.get();
  const seconds = Math.max(1, Math.round(service.cacheMs / 1000));
  return Response.json(body, {
    headers: {
      // Browsers always ask again (the widget polls); Netlify's CDN, and any other shared
      // cache (s-maxage), share the answer across visitors for one interval.
      "Cache-Control": `public, max-age=0, must-revalidate, s-maxage=${seconds}`,
      [CDN_HEADER]: `public, durable, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
      [VARY_HEADER]: NO_QUERY_VARY,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

let service: NowPlayingService | undefined;

/** The process-wide service, configured from the environment on first use. */
export function getNowPlayingService(): NowPlayingService {
  if (!service) {
    const config = getEnv().spotify;
    if (!config) {
      console.info(
        "[spotify] The music widget is not configured (SPOTIFY_CLIENT_ID, SPOTIFY_CLIENT_SECRET and SPOTIFY_REFRESH_TOKEN are unset): /api/now-playing answers “nothing playing”.",
      );
    }
    service = createNowPlayingService(config ? createSpotifyClient(config) : null, {
      cacheMs: config?.cacheMs ?? DEFAULT_CACHE_SECONDS * 1000,
    });
  }
  return service;
}

// Configure when the server build loads, not on the first visitor: a half-set
// Spotify configuration stops the server, a missing one is logged once.
getNowPlayingService();
