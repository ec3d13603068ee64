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
      return answer as T;
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
});
