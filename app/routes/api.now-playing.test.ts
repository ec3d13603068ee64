import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeSpotify, type FakeSpotify } from "../../tests/support/fake-spotify";

let fake: FakeSpotify;

beforeAll(async () => {
  fake = await startFakeSpotify();
});

afterAll(async () => {
  await fake.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
  fake.reset();
});

/** The route module as the server loads it, with this environment. */
async function loadRoute(env: Record<string, string>) {
  for (const name of Object.keys(fake.env)) vi.stubEnv(name, "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return import("./api.now-playing");
}

describe("the /api/now-playing route", () => {
  it("makes exactly one upstream call for 200 concurrent requests", async () => {
    const { loader } = await loadRoute(fake.env);
    const responses = await Promise.all(Array.from({ length: 200 }, () => loader()));
    expect(fake.calls.currentlyPlaying).toBe(1);
    expect(fake.calls.token).toBe(1);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ state: "track", title: fake.track.title });
  });

  it("answers nothing playing and logs once at start-up when not configured", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const { loader } = await loadRoute({});
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]?.[0]).toMatch(/music widget is not configured/);
    for (let visit = 0; visit < 3; visit += 1) {
      expect(await (await loader()).json()).toEqual({ state: "nothing" });
    }
    expect(info).toHaveBeenCalledTimes(1);
    expect(fake.calls.token + fake.calls.currentlyPlaying).toBe(0);
  });

  it("stops at start-up on a half-set configuration, naming the missing variable", async () => {
    const { SPOTIFY_REFRESH_TOKEN: _missing, ...halfSet } = fake.env;
    await expect(loadRoute(halfSet)).rejects.toThrow(/SPOTIFY_REFRESH_TOKEN is not/);
  });
});
