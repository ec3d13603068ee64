/**
 * What an open page does with the news of a publish (docs/caching.md, "Live"): a change
 * whose sync tags meet the page's revalidates it, one revalidation at a time (news that
 * comes meanwhile makes one more after it); a hidden tab waits until it is shown again.
 */
export type Refresher = {
  /** A `message`: these tags changed, as of event `id` (none from the dev server). */
  changed(tags: readonly string[], id?: string): void;
  /**
   * Everything may have changed: `restart`, news missed while the stream was down, or a page
   * loaded from a cache that may predate event `id`, the last this tab heard.
   */
  everything(id?: string): void;
  stop(): void;
};

export type RefreshHost = {
  /** Told the id of every event heard, whether it touches the page or not. */
  heard?(id: string): void;
  /** The sync tags of the page on screen. */
  pageTags(): ReadonlySet<string>;
  /** Runs the page's loaders again, asking past every cache for event `id` when given. */
  revalidate(id: string | undefined): Promise<void>;
  hidden(): boolean;
  /** Calls back whenever the tab is shown; returns how to stop. */
  onShown(callback: () => void): () => void;
};

export function createRefresher(host: RefreshHost): Refresher {
  // A revalidation owed: with the latest event's id, or null for one without an id.
  let owed: { id: string | undefined } | undefined;
  let running = false;

  async function run() {
    if (running || !owed || host.hidden()) return;
    const { id } = owed;
    owed = undefined;
    running = true;
    try {
      await host.revalidate(id);
    } catch {
      // The page shows its error boundary; the next news tries again.
    } finally {
      running = false;
    }
    void run();
  }

  const stopShown = host.onShown(() => void run());
  return {
    changed(tags, id) {
      if (id) host.heard?.(id);
      const page = host.pageTags();
      if (!tags.some((tag) => page.has(tag))) return;
      owed = { id };
      void run();
    },
    everything(id) {
      owed = { id };
      void run();
    },
    stop: stopShown,
  };
}
