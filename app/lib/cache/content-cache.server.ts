/**
 * An in-process cache in front of the content source, keyed by query and
 * parameters and tagged like the CDN's responses, so a revalidation webhook
 * can purge exactly what a publish changed. Purged and expired entries are
 * kept as a fallback: when the content service fails, the last good result
 * is served (stale-if-error).
 *
 * In an outage (a request waited for a load that failed, in the last
 * OUTAGE_MS, and no load has succeeded since) any query with a last good
 * result gets it at once, and its refresh runs behind the request: otherwise
 * every query of every request waited out the deadline, one after another,
 * holding its place in the server's line of renders. A purge (a publish) ends
 * the outage, so the next page waits for the published content or for the
 * deadline (docs/caching.md, "When Sanity is down").
 *
 * Nothing is evicted: every key is a query the site makes with parameters the content
 * bounds (a project's slug only once the cached slug list has it), so no flood of requests
 * can add keys, and the last good result of each stays for the next outage
 * (docs/caching.md, "Keys bounded by the content").
 */

/**
 * How long a failed load counts as an outage. Bounded, and renewed only by a failure a request
 * waited for, so an instance whose refreshes never finish behind a request (a function frozen
 * between invocations) waits for one again soon.
 */
export const OUTAGE_MS = 15_000;

type Entry = {
  value: unknown;
  tags: Set<string>;
  storedAt: number;
  revision: string;
  stale: boolean;
};

/** `stale`: answered at once in an outage, refreshing behind; `stale-if-error`: the load failed. */
type CacheOutcome = "hit" | "miss" | "stale" | "stale-if-error";

/** A live refetch of one key: queued until the one before it settles, then running. */
type Refresh = { eventId: string; started: boolean; pending: Promise<unknown> };

export class ContentCache {
  private entries = new Map<string, Entry>();
  private inFlight = new Map<string, { pending: Promise<unknown>; tags: string[] }>();
  private refreshes = new Map<string, Refresh>();
  /** Counts purges: a refetch that saw one while it ran is not kept. */
  private purges = 0;

  constructor(
    private readonly options: { ttlMs: number; now?: () => number } = {
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

  /** When a request last waited for a load that failed, if no load has succeeded since. */
  private failedAt: number | undefined;

  private failing() {
    return this.failedAt !== undefined && this.now() - this.failedAt < OUTAGE_MS;
  }

  /**
   * The cached value when fresh; otherwise one shared load for all concurrent
   * callers. When the load fails and a previous value exists, that value is
   * returned and `onStale` is told why. In an outage, a previous value is
   * returned without waiting for the load, and `onStale` hears of that load's
   * failure once.
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
    if (entry && this.failing()) {
      if (started) pending.catch(onStale);
      return { value: entry.value as T, outcome: "stale" };
    }
    try {
      return { value: await pending, outcome: "miss" };
    } catch (error) {
      // Only a failure a request waited for starts or renews an outage; one behind a request
      // (perhaps frozen with its function) does not.
      this.failedAt = this.now();
      const fallback = this.entries.get(key);
      if (!fallback) throw error;
      onStale(error);
      return { value: fallback.value as T, outcome: "stale-if-error" };
    }
  }

  /**
   * A load that starts after this call, for a live event (docs/caching.md, "Live"): at most
   * one runs per key and at most one waits behind it, which every caller meanwhile joins, the
   * last event id it heard going to `load`. So any number of event ids, real or made up,
   * costs a key at most one load per load time, as ordinary misses of new keys do. The
   * answer is kept for ordinary reads too, unless a purge came while it ran.
   */
  refresh<T>(
    key: string,
    tags: string[],
    revision: string,
    eventId: string,
    load: (eventId: string) => Promise<T>,
  ): Promise<T> {
    const current = this.refreshes.get(key);
    if (current && !current.started) {
      current.eventId = eventId;
      return current.pending as Promise<T>;
    }
    const before = current?.pending.catch(() => undefined) ?? Promise.resolve();
    const next: Refresh = { eventId, started: false, pending: Promise.resolve() };
    next.pending = before.then(async () => {
      next.started = true;
      const purges = this.purges;
      try {
        const value = await load(next.eventId);
        this.failedAt = undefined;
        if (purges === this.purges) this.store(key, value, tags, revision);
        return value;
      } finally {
        if (this.refreshes.get(key) === next) this.refreshes.delete(key);
      }
    });
    this.refreshes.set(key, next);
    return next.pending as Promise<T>;
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
        this.failedAt = undefined;
        if (!isCurrent()) return;
        this.inFlight.delete(key);
        this.store(key, value, tags, revision);
      },
      () => {
        if (isCurrent()) this.inFlight.delete(key);
      },
    );
    return pending;
  }

  private store(key: string, value: unknown, tags: string[], revision: string) {
    this.entries.set(key, {
      value,
      tags: new Set(tags),
      storedAt: this.now(),
      revision,
      stale: false,
    });
  }

  /**
   * Marks every entry carrying one of the tags stale; returns how many. Loads of those tags
   * still running are forgotten: the next request starts its own, after the publish. An outage
   * ends: the next request waits for what was published.
   */
  purge(tags: string[]): number {
    this.failedAt = undefined;
    this.purges += 1;
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
