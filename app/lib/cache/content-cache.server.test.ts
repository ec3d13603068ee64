import { describe, expect, it, vi } from "vitest";
import { ContentCache } from "./content-cache.server";

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

  it("rethrows when there is nothing to fall back on", async () => {
    const cache = new ContentCache({ ttlMs: 1000 });
    await expect(
      cache.get("q", [], "", () => Promise.reject(new Error("down")), vi.fn()),
    ).rejects.toThrow("down");
  });
});
