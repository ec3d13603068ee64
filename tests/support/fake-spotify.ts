import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the two Spotify endpoints the music widget's route calls,
 * on 127.0.0.1 with their real paths and shapes: the accounts service's
 * `POST /api/token` (refresh-token grant, Basic auth) and the Web API's
 * `GET /v1/me/player/currently-playing`. Answers are switchable, calls are
 * counted, and it serves the album art it names so pages show no broken image.
 * Used by the unit tests, the browser tests and `npm run dev`.
 */
export type FakeAnswer =
  | "track"
  | "episode"
  | "nothing"
  | "paused"
  /** Accept the request and never answer. */
  | "hang"
  | { status: number; retryAfter?: string; body?: unknown };

export type FakeSpotifyOptions = {
  port?: number;
  /** Answer currently-playing with these in turn, one per call (dev). */
  cycle?: FakeAnswer[];
  /** Lifetime of issued access tokens, in seconds. */
  expiresIn?: number;
};

export type FakeTrack = {
  title: string;
  artists: string[];
  album: string;
  url: string;
  imageUrl: (size: number) => string;
};

export type FakeSpotify = {
  url: string;
  /** SPOTIFY_* variables that point the site at this fake. */
  env: Record<string, string>;
  credentials: { clientId: string; clientSecret: string; refreshToken: string };
  track: FakeTrack;
  calls: { token: number; currentlyPlaying: number; image: number };
  /** Every access token handed out, for "never leaked" checks. */
  issuedTokens: string[];
  /** Answer every later currently-playing call with this. */
  setAnswer(answer: FakeAnswer): void;
  /** Answer the next calls with these, in order, before the current answer. */
  queue(...answers: FakeAnswer[]): void;
  /** Answer the next token refreshes with this status instead of a token. */
  failTokens(status: number, count?: number, retryAfter?: string): void;
  /** Revoke every issued access token: the next call with one gets a 401. */
  revokeTokens(): void;
  /** Back to the start: answer "track", nothing queued, no failures, counters at 0. */
  reset(): void;
  close(): Promise<void>;
};

const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#001489"/><circle cx="32" cy="32" r="18" fill="none" stroke="#fff" stroke-width="4"/><circle cx="32" cy="32" r="4" fill="#fff"/></svg>`;

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body?: unknown, headers = {}) {
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeSpotify(options: FakeSpotifyOptions = {}): Promise<FakeSpotify> {
  const credentials = {
    clientId: `fake-client-${randomBytes(4).toString("hex")}`,
    clientSecret: `fake-secret-${randomBytes(12).toString("hex")}`,
    refreshToken: `fake-refresh-${randomBytes(12).toString("hex")}`,
  };
  const calls = { token: 0, currentlyPlaying: 0, image: 0 };
  const issuedTokens: string[] = [];
  const valid = new Set<string>();
  const queued: FakeAnswer[] = [];
  const cycle = options.cycle ?? [];
  let cycleIndex = 0;
  let answer: FakeAnswer = "track";
  let tokenFailure: { status: number; count: number; retryAfter?: string } | undefined;
  let base = "";

  const track: FakeTrack = {
    title: "Local Loop",
    artists: ["The Fakes", "Loopback Choir"],
    album: "Songs from 127.0.0.1",
    url: "",
    imageUrl: (size) => `${base}/image/cover.svg?size=${size}`,
  };

  function trackBody(isPlaying: boolean) {
    return {
      timestamp: Date.now(),
      progress_ms: 42_000,
      is_playing: isPlaying,
      currently_playing_type: "track",
      context: { type: "playlist", uri: "spotify:playlist:fake" },
      item: {
        type: "track",
        id: "fake-track",
        name: track.title,
        duration_ms: 180_000,
        artists: track.artists.map((name) => ({ type: "artist", name })),
        album: {
          name: track.album,
          images: [640, 300, 64].map((size) => ({
            url: track.imageUrl(size),
            width: size,
            height: size,
          })),
        },
        external_urls: { spotify: track.url },
      },
    };
  }

  const episodeBody = {
    timestamp: Date.now(),
    is_playing: true,
    currently_playing_type: "episode",
    item: {
      type: "episode",
      name: "A podcast episode",
      show: { name: "A podcast" },
      external_urls: { spotify: `${base}/episode/fake` },
    },
  };

  function nextAnswer(): FakeAnswer {
    const fromQueue = queued.shift();
    if (fromQueue) return fromQueue;
    if (cycle.length) return cycle[cycleIndex++ % cycle.length]!;
    return answer;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    calls.token += 1;
    const form = new URLSearchParams(await readBody(req));
    if (tokenFailure && tokenFailure.count > 0) {
      tokenFailure.count -= 1;
      const headers = tokenFailure.retryAfter ? { "Retry-After": tokenFailure.retryAfter } : {};
      return send(res, tokenFailure.status, { error: "server_error" }, headers);
    }
    const expected = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
      "base64",
    );
    if (req.headers.authorization !== `Basic ${expected}`) {
      return send(res, 400, { error: "invalid_client", error_description: "Invalid client" });
    }
    if (
      form.get("grant_type") !== "refresh_token" ||
      form.get("refresh_token") !== credentials.refreshToken
    ) {
      return send(res, 400, { error: "invalid_grant", error_description: "Invalid refresh token" });
    }
    const accessToken = `fake-access-${issuedTokens.length + 1}-${randomBytes(12).toString("hex")}`;
    issuedTokens.push(accessToken);
    valid.add(accessToken);
    send(res, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      scope: "user-read-currently-playing",
      expires_in: options.expiresIn ?? 3600,
    });
  }

  function currentlyPlaying(req: IncomingMessage, res: ServerResponse) {
    calls.currentlyPlaying += 1;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !valid.has(bearer)) {
      return send(res, 401, { error: { status: 401, message: "The access token expired" } });
    }
    const next = nextAnswer();
    if (next === "hang") return; // the socket stays open until close()
    if (next === "nothing") return send(res, 204);
    if (next === "track" || next === "paused") return send(res, 200, trackBody(next === "track"));
    if (next === "episode") return send(res, 200, episodeBody);
    const headers = next.retryAfter ? { "Retry-After": next.retryAfter } : {};
    return send(
      res,
      next.status,
      next.body ?? { error: { status: next.status, message: "fake failure" } },
      headers,
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/api/token") return void token(req, res);
    if (req.method === "GET" && url.pathname === "/v1/me/player/currently-playing") {
      return currentlyPlaying(req, res);
    }
    if (req.method === "GET" && url.pathname === "/image/cover.svg") {
      calls.image += 1;
      res.writeHead(200, { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=3600" });
      return void res.end(COVER_SVG);
    }
    if (req.method === "GET" && /^\/(track|episode|playlist)\//.test(url.pathname)) {
      // Where the widget's links lead in dev: no network, so a page of our own.
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return void res.end(
        `<!doctype html><title>Fake Spotify</title><p>The local fake Spotify: this link would open ${url.pathname} on Spotify.</p>`,
      );
    }
    send(res, 404, { error: { status: 404, message: "Service not found" } });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  track.url = `${base}/track/local-loop`;
  episodeBody.item.external_urls.spotify = `${base}/episode/fake`;

  return {
    url: base,
    env: {
      SPOTIFY_CLIENT_ID: credentials.clientId,
      SPOTIFY_CLIENT_SECRET: credentials.clientSecret,
      SPOTIFY_REFRESH_TOKEN: credentials.refreshToken,
      SPOTIFY_ACCOUNTS_URL: base,
      SPOTIFY_API_URL: base,
    },
    credentials,
    track,
    calls,
    issuedTokens,
    setAnswer(next) {
      answer = next;
    },
    queue(...answers) {
      queued.push(...answers);
    },
    failTokens(status, count = 1, retryAfter) {
      tokenFailure = { status, count, retryAfter };
    },
    revokeTokens() {
      valid.clear();
    },
    reset() {
      answer = "track";
      queued.length = 0;
      tokenFailure = undefined;
      calls.token = 0;
      calls.currentlyPlaying = 0;
      calls.image = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
