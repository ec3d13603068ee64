/**
 * An in-process cache in front of the content source, keyed by query and
 * parameters and tagged like the CDN's responses, so a revalidation webhook
 * can purge exactly what a publish changed. Purged and expired entries are
 * kept as a fallback: when the content service fails, the last good result
 * is served (stale-if-error).
 *
 * An entry only past its TTL is served at once while its refresh runs behind
 * it (stale-while-revalidate, as the CDN does), and so is any entry once a
 * load has failed, until one succeeds: otherwise every query of every request
 * waited out the deadline during an outage, one after another. A purged entry
 * or a new revision waits for the fresh result, so a publish shows on the
 * next request (docs/caching.md, "The in-process cache").
 */

type Entry = {
  value: unknown;
  tags: Set<string>;
  storedAt: number;
  revision: string;
  stale: boolean;
};

/** `stale`: answered at once, refreshing behind; `stale-if-error`: the refresh failed. */
export type CacheOutcome = "hit" | "miss" | "stale" | "stale-if-error";

export class ContentCache {
  private entries = new Map<string, Entry>();
  private inFlight = new Map<string, { pending: Promise<unknown>; tags: string[] }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries?: number; now?: () => number } = {
      ttlMs: 60_000,
    },
  ) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private onlyExpired(entry: Entry, revision: string) {
    return !entry.stale && entry.revision === revision;
  }

  private isFresh(entry: Entry, revision: string) {
    return (
      !entry.stale &&
      entry.revision === revision &&
      this.now() - entry.storedAt < this.options.ttlMs
    );
  }

  /** A load failed and none has succeeded since: the content service is failing. */
  private failing = false;

  /**
   * The cached value when fresh; otherwise one shared load for all concurrent
   * callers. When the load fails and a previous value exists, that value is
   * returned and `onStale` is told why. A value only past its TTL, or any while
   * the service is failing, is returned without waiting for the load, and
   * `onStale` hears of that load's failure once.
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

    const started = !this.inFlight.has(key);
    const pending = this.loadOnce(key, tags, revision, load);
    if (entry && (this.failing || this.onlyExpired(entry, revision))) {
      if (started) pending.catch(onStale);
      return { value: entry.value as T, outcome: "stale" };
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

  private loadOnce<T>(key: string, tags: string[], revision: string, load: () => Promise<T>) {
    const current = this.inFlight.get(key);
    if (current) return current.pending as Promise<T>;
    const pending = load();
    this.inFlight.set(key, { pending, tags });
    // A purge while it ran drops it (see purge): what it read may predate the publish.
    const isCurrent = () => this.inFlight.get(key)?.pending === pending;
    pending.then(
      (value) => {
        this.failing = false;
        if (!isCurrent()) return;
        this.inFlight.delete(key);
        this.store(key, value, tags, revision);
      },
      () => {
        if (isCurrent()) this.inFlight.delete(key);
        this.failing = true;
      },
    );
    return pending;
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

  /**
   * Marks every entry carrying one of the tags stale; returns how many. Loads of those tags
   * still running are forgotten: the next request starts its own, after the publish.
   */
  purge(tags: string[]): number {
    for (const [key, flight] of this.inFlight) {
      if (tags.some((tag) => flight.tags.includes(tag))) this.inFlight.delete(key);
    }
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
