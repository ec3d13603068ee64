import { describe, expect, it, vi } from "vitest";
import { createContentSource } from "./source.server";
import type { ContentBackend, FetchOptions } from "./types";

function recordingBackend() {
  const calls: FetchOptions[] = [];
  let answer = "first";
  const backend: ContentBackend = {
    kind: "sanity",
    description: "recording back end",
    async fetch<T>(_query: string, _params: unknown, options: FetchOptions = {}) {
      calls.push(options);
      return { result: answer as T, syncTags: [`tag-of-${answer}`] };
    },
  };
  return { backend, calls, setAnswer: (next: string) => (answer = next) };
}

describe("createContentSource", () => {
  it("caches published reads and never caches previews", async () => {
    const { backend, calls } = recordingBackend();
    const source = createContentSource(backend, { timeoutMs: 1000, cacheTtlMs: 60_000 });
    await source.query("*[0]", {}, { tags: ["a"] });
    await source.query("*[0]", {}, { tags: ["a"] });
    expect(calls).toHaveLength(1);
    await source.query("*[0]", {}, { preview: true });
    await source.query("*[0]", {}, { preview: true });
    expect(calls.filter((call) => call.preview)).toHaveLength(2);
  });

  it("keys the cache by parameters", async () => {
    const { backend, calls } = recordingBackend();
    const source = createContentSource(backend, { timeoutMs: 1000 });
    await source.query("*[slug == $slug]", { slug: "a" });
    await source.query("*[slug == $slug]", { slug: "b" });
    expect(calls).toHaveLength(2);
  });

  it("after a revalidation, purges the tags and reads past the API CDN", async () => {
    const { backend, calls, setAnswer } = recordingBackend();
    const source = createContentSource(backend, { timeoutMs: 1000, cacheTtlMs: 60_000 });
    expect(await source.query("q", {}, { tags: ["legalPage"] })).toBe("first");
    setAnswer("second");
    expect(await source.query("q", {}, { tags: ["legalPage"] })).toBe("first");
    expect(await source.revalidate(["legalPage"])).toBe(1);
    expect(await source.query("q", {}, { tags: ["legalPage"] })).toBe("second");
    expect(calls.at(0)?.fresh).toBe(false);
    expect(calls.at(-1)?.fresh).toBe(true);
  });

  it("serves the last good result when the back end fails, and logs it", async () => {
    const { backend } = recordingBackend();
    const source = createContentSource(backend, { timeoutMs: 1000, cacheTtlMs: 1 });
    await source.query("q", {}, { tags: ["x"] });
    backend.fetch = () => Promise.reject(new Error("ECONNRESET"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await source.query("q", {}, { tags: ["x"] })).toBe("first");
      expect(String(log.mock.calls[0]?.[0])).toMatch(/stale-if-error.*ECONNRESET/);
    } finally {
      log.mockRestore();
    }
  });

  it("reads past the cache for a live event, telling the back end its id, and hands on sync tags", async () => {
    const { backend, calls, setAnswer } = recordingBackend();
    const source = createContentSource(backend, { timeoutMs: 1000, cacheTtlMs: 60_000 });
    await source.query("q", {}, { tags: ["x"] });
    setAnswer("published");
    const syncTags = new Set<string>();
    expect(await source.query("q", {}, { lastLiveEventId: "ev-1", syncTags })).toBe("published");
    expect(calls.at(-1)?.lastLiveEventId).toBe("ev-1");
    expect([...syncTags]).toEqual(["tag-of-published"]);
    // The refetched answer is kept: ordinary reads get it without asking again.
    expect(await source.query("q", {}, { tags: ["x"] })).toBe("published");
    expect(calls).toHaveLength(2);
  });

  it("costs a query at most one refetch running and one waiting, however many event ids arrive", async () => {
    const { backend, calls } = recordingBackend();
    const fetch = backend.fetch.bind(backend);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    backend.fetch = async (...args) => {
      await gate;
      return fetch(...args);
    };
    const source = createContentSource(backend, { timeoutMs: 5000 });
    const ask = (index: number) => source.query("q", {}, { lastLiveEventId: `made-up-${index}` });
    const first = ask(0);
    await new Promise((resolve) => setTimeout(resolve, 10)); // running, held at the gate
    const flood = [first, ...Array.from({ length: 99 }, (_, index) => ask(index + 1))];
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all(flood);
    expect(calls).toHaveLength(2);
    // The one that waited asked with the last id it heard.
    expect(calls.map((call) => call.lastLiveEventId)).toEqual(["made-up-0", "made-up-99"]);
  });

  it("serves the cache when a live refetch fails", async () => {
    const { backend } = recordingBackend();
    const source = createContentSource(backend, { timeoutMs: 1000, cacheTtlMs: 60_000 });
    await source.query("q");
    backend.fetch = () => Promise.reject(new Error("HTTP 400: bad lastLiveEventId"));
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await source.query("q", {}, { lastLiveEventId: "nonsense" })).toBe("first");
      expect(String(log.mock.calls[0]?.[0])).toMatch(/live refetch.*bad lastLiveEventId/);
    } finally {
      log.mockRestore();
    }
  });
});
