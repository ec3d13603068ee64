import { describe, expect, it, vi } from "vitest";
import { ContentCache } from "./content-cache.server";

describe("ContentCache", () => {
  it("answers from memory until its revision changes, and refreshes behind an expired entry", async () => {
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
    // A new revision (the dataset file edited in dev) waits for the new value.
    expect((await cache.get("q", [], "r2", load, stale)).value).toBe("value at 500");
    now = 2000;
    // Past its TTL: the old value at once, the new one for the next request.
    expect(await cache.get("q", [], "r2", load, stale)).toEqual({
      value: "value at 500",
      outcome: "stale",
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("q", [], "r2", load, stale)).toEqual({
      value: "value at 2000",
      outcome: "hit",
    });
    expect(load).toHaveBeenCalledTimes(3);
    expect(stale).not.toHaveBeenCalled();
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

  it("while the service is failing, serves purged values at once and refreshes behind them", async () => {
    const cache = new ContentCache({ ttlMs: Number.POSITIVE_INFINITY });
    for (const key of ["home", "work", "legal"]) {
      await cache.get(key, [key], "", async () => `old ${key}`, vi.fn());
    }
    cache.purge(["home", "work", "legal"]);
    // A purged entry waits for its fresh value: the first one meets the outage.
    const down = () => Promise.reject(new Error("service down"));
    expect(await cache.get("home", [], "", down, vi.fn())).toEqual({
      value: "old home",
      outcome: "stale-if-error",
    });

    // The next ones answer without waiting for their loads, which still run, once per query.
    let release!: (value: string) => void;
    const refresh = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const answered = Promise.all([
      cache.get("work", [], "", refresh, vi.fn()),
      cache.get("work", [], "", refresh, vi.fn()),
    ]);
    let settled = false;
    void answered.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled, "answered before the refresh came back").toBe(true);
    expect((await answered).map((result) => result.value)).toEqual(["old work", "old work"]);
    expect(refresh).toHaveBeenCalledTimes(1);

    // The refresh succeeds: its value is kept, and a purged entry waits for its load again.
    release("new work");
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("work", [], "", refresh, vi.fn())).toEqual({
      value: "new work",
      outcome: "hit",
    });
    const legal = await cache.get("legal", [], "", async () => "new legal", vi.fn());
    expect(legal).toEqual({ value: "new legal", outcome: "miss" });
  });

  it("tells of a failing background load once, however many requests it served", async () => {
    const cache = new ContentCache({ ttlMs: 0 });
    // Always past its TTL: every call answers at once and joins the one refresh.
    await cache.get("q", [], "", async () => "old", vi.fn());

    let fail!: (error: Error) => void;
    const hanging = () => new Promise<string>((_, reject) => (fail = reject));
    const onStale = vi.fn();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cache.get("q", [], "", hanging, onStale)),
    );
    expect(results.map((result) => result.outcome)).toEqual(Array(5).fill("stale"));
    fail(new Error("timed out"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(onStale).toHaveBeenCalledTimes(1);
    expect(onStale).toHaveBeenCalledWith(expect.objectContaining({ message: "timed out" }));
  });

  it("after a purge, loads afresh rather than keep what a load from before it read", async () => {
    let now = 0;
    const cache = new ContentCache({ ttlMs: 1000, now: () => now });
    await cache.get("home", ["homepage"], "", async () => "v1", vi.fn());
    now = 2000;
    // Expired: answered at once, its refresh still on its way when the editor publishes.
    let finishOld!: (value: string) => void;
    const before = () => new Promise<string>((resolve) => (finishOld = resolve));
    expect((await cache.get("home", ["homepage"], "", before, vi.fn())).value).toBe("v1");
    cache.purge(["homepage"]);

    const after = vi.fn(async () => "v2, published");
    expect((await cache.get("home", ["homepage"], "", after, vi.fn())).value).toBe("v2, published");
    expect(after).toHaveBeenCalledTimes(1);
    // The refresh from before the publish comes back last, and is not kept.
    finishOld("v1 again");
    await new Promise((resolve) => setImmediate(resolve));
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
