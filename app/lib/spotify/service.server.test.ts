import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeSpotify, type FakeSpotify } from "../../../tests/support/fake-spotify";
import { createSpotifyClient } from "./client.server";
import { parseEnv } from "~/lib/env.server";
import { createNowPlayingService, nowPlayingResponse } from "./service.server";

const CACHE_MS = 15_000;
// Generous, so a loaded machine never turns an answer into a timeout; the
// hanging-Spotify test sets its own short one.
const TIMEOUT_MS = 10_000;
const HANG_TIMEOUT_MS = 400;

let fake: FakeSpotify;
let clock: number;
let logs: string[];
const allLogs: string[] = [];
const responses: Response[] = [];

function service(env: Record<string, string> = fake.env, timeoutMs = TIMEOUT_MS) {
  const config = parseEnv(env).spotify!;
  const now = () => clock;
  const client = createSpotifyClient(config, {
    timeoutMs,
    now,
    log: (line) => {
      logs.push(line);
      allLogs.push(line);
    },
  });
  return createNowPlayingService(client, { cacheMs: CACHE_MS, now });
}

/** Through the route's response, as a visitor gets it; kept for the leak check. */
async function visit(nowPlaying: ReturnType<typeof service>) {
  const response = await nowPlayingResponse(nowPlaying);
  responses.push(response.clone());
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  fake = await startFakeSpotify();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  clock = Date.now();
  logs = [];
  fake.reset();
});

describe("GET /api/now-playing against a fake Spotify", () => {
  it("answers a track with title, its first artist, album art and its Spotify link", async () => {
    const answer = await visit(service());
    expect(answer).toEqual({
      state: "track",
      title: fake.track.title,
      artist: fake.track.artists[0],
      album: fake.track.album,
      // The smallest cover that is sharp at 64 CSS px on a 2x screen.
      albumArt: { url: fake.track.imageUrl(300), width: 300, height: 300 },
      url: fake.track.url,
    });
  });

  it("answers an episode without any of its details", async () => {
    fake.setAnswer("episode");
    expect(await visit(service())).toEqual({ state: "episode" });
  });

  it("answers nothing playing for a 204 and for a paused player", async () => {
    fake.setAnswer("nothing");
    expect(await visit(service())).toEqual({ state: "nothing" });
    fake.setAnswer("paused");
    expect(await visit(service())).toEqual({ state: "nothing" });
  });

  it("refreshes the token once after a 401 and retries", async () => {
    const nowPlaying = service();
    await visit(nowPlaying);
    expect(fake.calls.token).toBe(1);
    fake.revokeTokens();
    clock += CACHE_MS;
    expect(await visit(nowPlaying)).toMatchObject({ state: "track" });
    expect(fake.calls.token).toBe(2);
    // The first question, the refused one and the retry.
    expect(fake.calls.currentlyPlaying).toBe(3);
  });

  it("gives up after one retry when Spotify keeps answering 401", async () => {
    fake.queue({ status: 401 }, { status: 401 });
    expect(await visit(service())).toEqual({ state: "error" });
    expect(fake.calls.currentlyPlaying).toBe(2);
    expect(fake.calls.token).toBe(2);
    expect(logs.join("\n")).toContain("currently-playing answered 401");
  });

  it("honours a 429's Retry-After, serving the last answer meanwhile", async () => {
    const nowPlaying = service();
    const first = await visit(nowPlaying);
    fake.queue({ status: 429, retryAfter: "120" });
    clock += CACHE_MS;
    expect(await visit(nowPlaying)).toEqual(first);
    expect(fake.calls.currentlyPlaying).toBe(2);

    clock += 60_000;
    expect(await visit(nowPlaying)).toEqual(first);
    expect(fake.calls.currentlyPlaying).toBe(2);

    fake.setAnswer("episode");
    clock += 61_000;
    expect(await visit(nowPlaying)).toEqual({ state: "episode" });
    expect(fake.calls.currentlyPlaying).toBe(3);
  });

  it("answers an error for a 429 when there is no earlier answer to serve", async () => {
    fake.queue({ status: 429, retryAfter: "30" });
    const nowPlaying = service();
    expect(await visit(nowPlaying)).toEqual({ state: "error" });
    clock += CACHE_MS;
    expect(await visit(nowPlaying)).toEqual({ state: "error" });
    expect(fake.calls.currentlyPlaying).toBe(1);
  });

  it("honours a 429 from the token endpoint too", async () => {
    fake.failTokens(429, 1, "60");
    const nowPlaying = service();
    expect(await visit(nowPlaying)).toEqual({ state: "error" });
    clock += 30_000;
    expect(await visit(nowPlaying)).toEqual({ state: "error" });
    expect(fake.calls.token).toBe(1);
    clock += 31_000;
    expect(await visit(nowPlaying)).toMatchObject({ state: "track" });
    expect(fake.calls.token).toBe(2);
    expect(logs[0]).toBe("[spotify] rate limited: waiting 60 s");
  });

  it("answers an error for a 500 and logs the status", async () => {
    fake.setAnswer({ status: 500 });
    expect(await visit(service())).toEqual({ state: "error" });
    expect(logs).toEqual(["[spotify] currently-playing answered 500"]);
  });

  it("answers an error for a body that is not Spotify's JSON", async () => {
    fake.setAnswer({ status: 200, body: "<html>" });
    expect(await visit(service())).toEqual({ state: "error" });
  });

  it("answers an error within the timeout when Spotify never answers", async () => {
    fake.setAnswer("hang");
    const started = performance.now();
    expect(await visit(service(fake.env, HANG_TIMEOUT_MS))).toEqual({ state: "error" });
    const elapsed = performance.now() - started;
    // Not before the deadline; the upper bound only says it did not wait for Spotify.
    expect(elapsed).toBeGreaterThanOrEqual(HANG_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(HANG_TIMEOUT_MS + 10_000);
    expect(logs).toEqual([`[spotify] no answer within ${HANG_TIMEOUT_MS} ms`]);
  });

  it("answers an error when Spotify cannot be reached", async () => {
    const closed = await startFakeSpotify();
    const env = closed.env;
    await closed.close();
    expect(await visit(service(env))).toEqual({ state: "error" });
    expect(logs[0]).toMatch(/^\[spotify\] request failed: /);
  });

  it("answers an error when the refresh token is refused, naming only the OAuth error", async () => {
    const env = { ...fake.env, SPOTIFY_REFRESH_TOKEN: "revoked-refresh-token" };
    expect(await visit(service(env))).toEqual({ state: "error" });
    expect(logs).toEqual(["[spotify] token refresh answered 400 (invalid_grant)"]);
    expect(fake.calls.currentlyPlaying).toBe(0);
  });

  it("refreshes the token once across many requests and intervals", async () => {
    const nowPlaying = service();
    for (let interval = 0; interval < 20; interval += 1) {
      await Promise.all(Array.from({ length: 10 }, () => visit(nowPlaying)));
      clock += CACHE_MS;
    }
    expect(fake.calls.currentlyPlaying).toBe(20);
    expect(fake.calls.token).toBe(1);
    // Shortly before the hour Spotify gives a token, a new one is fetched.
    clock += 3600_000;
    await visit(nowPlaying);
    expect(fake.calls.token).toBe(2);
  });

  it("asks at most once per interval, whatever the number of visitors", async () => {
    const nowPlaying = service();
    await Promise.all(Array.from({ length: 50 }, () => visit(nowPlaying)));
    clock += CACHE_MS - 1;
    await visit(nowPlaying);
    expect(fake.calls.currentlyPlaying).toBe(1);
    clock += 1;
    await visit(nowPlaying);
    expect(fake.calls.currentlyPlaying).toBe(2);
  });

  it("answers nothing playing without calling anyone when not configured", async () => {
    const off = createNowPlayingService(null, { cacheMs: CACHE_MS });
    expect(await visit(off)).toEqual({ state: "nothing" });
    expect(fake.calls.token + fake.calls.currentlyPlaying).toBe(0);
  });

  it("lets the CDN share the answer for one interval but not the browser", async () => {
    const response = await nowPlayingResponse(service());
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=15",
    );
    expect(response.headers.get("netlify-cdn-cache-control")).toBe(
      "public, durable, s-maxage=15, stale-while-revalidate=15",
    );
  });

  it("never sends or logs a token or the client secret (all answers above)", async () => {
    expect(responses.length).toBeGreaterThan(20);
    expect(fake.issuedTokens.length).toBeGreaterThan(3);
    const secrets = [
      ...fake.issuedTokens,
      fake.credentials.refreshToken,
      fake.credentials.clientSecret,
    ];
    for (const response of responses) {
      const text = `${[...response.headers].join("\n")}\n${await response.text()}`;
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    expect(allLogs.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(allLogs.join("\n")).not.toContain(secret);
  });
});
