import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/lib/env.server";

const parseSpotifyConfig = (source: Record<string, string>) => parseEnv(source).spotify;

const CREDENTIALS = {
  SPOTIFY_CLIENT_ID: "client",
  SPOTIFY_CLIENT_SECRET: "secret",
  SPOTIFY_REFRESH_TOKEN: "refresh",
};

describe("the Spotify part of the environment", () => {
  it("turns the widget off when no credential is set", () => {
    expect(parseSpotifyConfig({})).toBeNull();
    expect(parseSpotifyConfig({ SPOTIFY_CLIENT_ID: "  " })).toBeNull();
  });

  it("reads the three credentials and defaults to Spotify's own hosts", () => {
    expect(parseSpotifyConfig(CREDENTIALS)).toEqual({
      clientId: "client",
      clientSecret: "secret",
      refreshToken: "refresh",
      accountsUrl: "https://accounts.spotify.com",
      apiUrl: "https://api.spotify.com",
      cacheMs: 15_000,
    });
  });

  it("points at a local fake and takes a cache interval", () => {
    expect(
      parseSpotifyConfig({
        ...CREDENTIALS,
        SPOTIFY_ACCOUNTS_URL: "http://127.0.0.1:4100/",
        SPOTIFY_API_URL: "http://127.0.0.1:4100/proxy/",
        SPOTIFY_CACHE_SECONDS: "30",
      }),
    ).toMatchObject({
      accountsUrl: "http://127.0.0.1:4100",
      apiUrl: "http://127.0.0.1:4100/proxy",
      cacheMs: 30_000,
    });
  });

  it.each([
    [{ SPOTIFY_CLIENT_ID: "c", SPOTIFY_CLIENT_SECRET: "s" }, /but SPOTIFY_REFRESH_TOKEN is not/],
    [{ SPOTIFY_REFRESH_TOKEN: "r" }, /SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET are not/],
    [{ SPOTIFY_CLIENT_ID: "c", SPOTIFY_REFRESH_TOKEN: "r" }, /but SPOTIFY_CLIENT_SECRET is not/],
    [{ ...CREDENTIALS, SPOTIFY_API_URL: "api.spotify.com" }, /SPOTIFY_API_URL must be a URL/],
    [{ ...CREDENTIALS, SPOTIFY_ACCOUNTS_URL: "ftp://x" }, /SPOTIFY_ACCOUNTS_URL must be an http/],
    [{ ...CREDENTIALS, SPOTIFY_API_URL: "https://u:p@x" }, /SPOTIFY_API_URL must be an http/],
    [{ SPOTIFY_CACHE_SECONDS: "0" }, /SPOTIFY_CACHE_SECONDS/],
    [{ SPOTIFY_CACHE_SECONDS: "ten" }, /SPOTIFY_CACHE_SECONDS/],
  ])("stops on a half-set or invalid configuration %o", (vars, message) => {
    expect(() => parseSpotifyConfig(vars)).toThrow(EnvError);
    expect(() => parseSpotifyConfig(vars)).toThrow(message);
  });

  it("never repeats a secret in its messages", () => {
    let message = "";
    try {
      parseSpotifyConfig({
        SPOTIFY_CLIENT_SECRET: "s3cr3t-value",
        SPOTIFY_REFRESH_TOKEN: "r3fr3sh",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SPOTIFY_CLIENT_ID");
    expect(message).not.toContain("s3cr3t-value");
    expect(message).not.toContain("r3fr3sh");
  });
});
