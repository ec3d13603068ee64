/**
 * An in-process cache in front of the content source, keyed by query and
 * parameters and tagged like the CDN's responses, so a revalidation webhook
 * can purge exactly what a publish changed. Purged and expired entries are
 * kept as a fallback: when the content service fails, the last good result
 * is served (stale-if-error).
 */

type Entry = {
  value: unknown;
  tags: Set<string>;
  storedAt: number;
  revision: string;
  stale: boolean;
};

export type CacheOutcome = "hit" | "miss" | "stale-if-error";

export class ContentCache {
  private entries = new Map<string, Entry>();
  private inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries?: number; now?: () => number } = {
      ttlMs: 60_000,
    },
  ) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private isFresh(entry: Entry, revision: string) {
    return (
      !entry.stale &&
      entry.revision === revision &&
      this.now() - entry.storedAt < this.options.ttlMs
    );
  }

  /**
   * The cached value when fresh; otherwise one shared load for all concurrent
   * callers. When the load fails and a previous value exists, that value is
   * returned and `onStale` is told why.
   */
  async get<T>(
    key: string,
    tags: string[],
    revision: string,
    load: () => Promise<T>,
    onStale: (error: unknown) => void,
  ): Promise<{ value: T; outcome: CacheOutcome }> {
    const entry = this.entries.get(key);
    if (entry && this.isFresh(entry, revision)) return { value: entry.value as T, outcome: "hit" };

    let pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      this.inFlight.set(key, pending);
      const settle = () => {
        if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      };
      pending.then((value) => {
        settle();
        this.store(key, value, tags, revision);
      }, settle);
    }
    try {
      return { value: await pending, outcome: "miss" };
    } catch (error) {
      const fallback = this.entries.get(key);
      if (!fallback) throw error;
      onStale(error);
      return { value: fallback.value as T, outcome: "stale-if-error" };
    }
  }

  private store(key: string, value: unknown, tags: string[], revision: string) {
    this.entries.delete(key);
    this.entries.set(key, {
      value,
      tags: new Set(tags),
      storedAt: this.now(),
      revision,
      stale: false,
    });
    const max = this.options.maxEntries ?? 2000;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= max) break;
      this.entries.delete(oldest);
    }
  }

  /** Marks every entry carrying one of the tags stale; returns how many. */
  purge(tags: string[]): number {
    let purged = 0;
    for (const entry of this.entries.values()) {
      if (tags.some((tag) => entry.tags.has(tag))) {
        entry.stale = true;
        purged += 1;
      }
    }
    return purged;
  }
}
