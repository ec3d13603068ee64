import { describe, expect, it, vi } from "vitest";
import { ContentCache, OUTAGE_MS } from "./content-cache.server";

describe("ContentCache", () => {
  it("answers from memory until the entry expires or its revision changes", async () => {
    let now = 0;
    const cache = new ContentCache({ ttlMs: 1000, now: () => now });
    const load = vi.fn(async () => `value at ${now}`);
    const stale = vi.fn();
    expect((await cache.get("q", [], "r1", load, stale)).value).toBe("value at 0");
    now = 500;
    expect(await cache.get("q", [], "r1", load, stale)).toEqual({
      value: "value at 0",
      outcome: "hit",
    });
    expect((await cache.get("q", [], "r2", load, stale)).value).toBe("value at 500");
    now = 2000;
    expect((await cache.get("q", [], "r2", load, stale)).value).toBe("value at 2000");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("keeps the last good result of a key however many other keys came after it", async () => {
    let now = 0;
    const cache = new ContentCache({ ttlMs: 1000, now: () => now });
    await cache.get("home", ["homepage"], "", async () => "home", vi.fn());
    for (let index = 0; index < 2500; index += 1) {
      await cache.get(`other ${index}`, [], "", async () => index, vi.fn());
    }
    now = 5000;
    const stale = vi.fn();
    const answer = await cache.get(
      "home",
      ["homepage"],
      "",
      () => Promise.reject(new Error("down")),
      stale,
    );
    expect(answer).toEqual({ value: "home", outcome: "stale-if-error" });
    expect(stale).toHaveBeenCalledTimes(1);
  });

  it("loads once for many concurrent callers", async () => {
    const cache = new ContentCache({ ttlMs: 1000 });
    let release!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const all = Promise.all(
      Array.from({ length: 50 }, () => cache.get("q", [], "", load, vi.fn())),
    );
    release("shared");
    const results = await all;
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(results.map((result) => result.value))).toEqual(new Set(["shared"]));
  });

  it("purges by tag and serves the last good value when the reload fails", async () => {
    const cache = new ContentCache({ ttlMs: Number.POSITIVE_INFINITY });
    await cache.get("home", ["homepage", "project"], "", async () => "old home", vi.fn());
    await cache.get("legal", ["legalPage"], "", async () => "legal", vi.fn());
    expect(cache.purge(["project"])).toBe(1);

    const onStale = vi.fn();
    const failing = async () => {
      throw new Error("service down");
    };
    const result = await cache.get("home", ["homepage"], "", failing, onStale);
    expect(result).toEqual({ value: "old home", outcome: "stale-if-error" });
    expect(onStale).toHaveBeenCalledWith(expect.objectContaining({ message: "service down" }));
    // The legal entry was not tagged "project": still fresh, no load at all.
    expect((await cache.get("legal", [], "", failing, onStale)).outcome).toBe("hit");
  });

  describe("while Sanity is failing", () => {
    const down = () => Promise.reject(new Error("service down"));
    /** A cache with three expired entries, whose first request has met the outage. */
    async function inAnOutage() {
      const clock = { now: 0 };
      const cache = new ContentCache({ ttlMs: 1000, now: () => clock.now });
      for (const key of ["home", "work", "legal"]) {
        await cache.get(key, [key], "", async () => `old ${key}`, vi.fn());
      }
      clock.now = 2000;
      expect(await cache.get("home", [], "", down, vi.fn())).toEqual({
        value: "old home",
        outcome: "stale-if-error",
      });
      return { cache, clock };
    }
    /** Whether `answer` settles before anything else happens: the load it started never does. */
    async function answersAtOnce(answer: Promise<unknown>) {
      let settled = false;
      void answer.then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      return settled;
    }

    it("serves an expired value at once and refreshes it behind, once per query", async () => {
      const { cache } = await inAnOutage();
      let release!: (value: string) => void;
      const refresh = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
      const answered = Promise.all([
        cache.get("work", [], "", refresh, vi.fn()),
        cache.get("work", [], "", refresh, vi.fn()),
      ]);
      expect(await answersAtOnce(answered)).toBe(true);
      expect((await answered).map((result) => result.outcome)).toEqual(["stale", "stale"]);
      expect(refresh).toHaveBeenCalledTimes(1);

      // The refresh succeeds: its value is kept, and the outage is over.
      release("new work");
      await new Promise((resolve) => setImmediate(resolve));
      expect(await cache.get("work", [], "", refresh, vi.fn())).toEqual({
        value: "new work",
        outcome: "hit",
      });
      expect(await cache.get("legal", [], "", async () => "new legal", vi.fn())).toEqual({
        value: "new legal",
        outcome: "miss",
      });
    });

    it("serves a purged value at once too, but a publish ends the outage", async () => {
      const cache = new ContentCache({ ttlMs: Number.POSITIVE_INFINITY });
      await cache.get("work", ["work"], "", async () => "old work", vi.fn());
      await cache.get("legal", ["legal"], "", async () => "old legal", vi.fn());
      cache.purge(["work"]);
      // Then the outage begins: a request waits for a load that fails.
      await expect(cache.get("home", [], "", down, vi.fn())).rejects.toThrow("service down");
      const purged = cache.get("work", [], "", () => new Promise<string>(() => {}), vi.fn());
      expect(await answersAtOnce(purged)).toBe(true);
      expect(await purged).toEqual({ value: "old work", outcome: "stale" });

      // A publish in an outage: the next request waits for the published content.
      cache.purge(["legal"]);
      const published = cache.get("legal", [], "", async () => "published legal", vi.fn());
      expect(await published).toEqual({ value: "published legal", outcome: "miss" });
    });

    it("counts as an outage for OUTAGE_MS after a failure a request waited for", async () => {
      const { cache, clock } = await inAnOutage();
      let fail!: (error: Error) => void;
      const frozen = () => new Promise<string>((_, reject) => (fail = reject));
      expect((await cache.get("work", [], "", frozen, vi.fn())).outcome).toBe("stale");
      // The refresh behind that request fails much later (a function thawed, its deadline long
      // past): that renews nothing, so the outage ends OUTAGE_MS after the failure waited for.
      clock.now += OUTAGE_MS - 1;
      fail(new Error("timed out"));
      await new Promise((resolve) => setImmediate(resolve));
      clock.now += 1;
      const waiting = cache.get("legal", [], "", async () => "new legal", vi.fn());
      expect(await waiting).toEqual({ value: "new legal", outcome: "miss" });
    });

    it("tells of a failing refresh once, however many requests it served", async () => {
      const { cache } = await inAnOutage();
      let fail!: (error: Error) => void;
      const hanging = () => new Promise<string>((_, reject) => (fail = reject));
      const onStale = vi.fn();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => cache.get("work", [], "", hanging, onStale)),
      );
      expect(results.map((result) => result.value)).toEqual(Array(5).fill("old work"));
      fail(new Error("timed out"));
      await new Promise((resolve) => setImmediate(resolve));
      expect(onStale).toHaveBeenCalledTimes(1);
      expect(onStale).toHaveBeenCalledWith(expect.objectContaining({ message: "timed out" }));
    });
  });

  it("after a purge, loads afresh rather than keep what a load from before it read", async () => {
    let now = 0;
    const cache = new ContentCache({ ttlMs: 1000, now: () => now });
    await cache.get("home", ["homepage"], "", async () => "v1", vi.fn());
    now = 2000;
    // Expired: a request waits for its refresh, still on its way when the editor publishes.
    let finishOld!: (value: string) => void;
    const before = () => new Promise<string>((resolve) => (finishOld = resolve));
    const waiting = cache.get("home", ["homepage"], "", before, vi.fn());
    cache.purge(["homepage"]);

    const after = vi.fn(async () => "v2, published");
    expect((await cache.get("home", ["homepage"], "", after, vi.fn())).value).toBe("v2, published");
    expect(after).toHaveBeenCalledTimes(1);
    // The load from before the publish comes back last: its request gets it, the cache does not.
    finishOld("v1 again");
    expect((await waiting).value).toBe("v1 again");
    expect(await cache.get("home", ["homepage"], "", after, vi.fn())).toEqual({
      value: "v2, published",
      outcome: "hit",
    });
  });

  it("rethrows when there is nothing to fall back on", async () => {
    const cache = new ContentCache({ ttlMs: 1000 });
    await expect(
      cache.get("q", [], "", () => Promise.reject(new Error("down")), vi.fn()),
    ).rejects.toThrow("down");
  });
});
