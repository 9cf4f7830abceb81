/**
 * The cache of the sitemaps and feeds: a body is built once and then served until the next editorial
 * change (`clear()`, run on every news-cache clear, on every instance). Past `ttlMs` (for writers that
 * do not announce their changes, such as a separate import process) the next request still gets the
 * body it has and starts one rebuild in the background, so no reader waits for a rebuild once a body
 * exists. Concurrent misses share one build; at most `maxEntries` keys, oldest out.
 */
export class RefreshingCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; builtAt: number; refreshing: boolean }>();

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      now?: () => number;
      onError?: (err: unknown) => void;
    },
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = (this.options.now ?? Date.now)();
    const hit = this.entries.get(key);
    if (hit) {
      if (!hit.refreshing && now - hit.builtAt >= this.options.ttlMs) {
        hit.refreshing = true;
        load().then(
          (value) => {
            if (this.entries.get(key) !== hit) return; // cleared meanwhile: the next request builds afresh
            hit.value = Promise.resolve(value);
            hit.builtAt = (this.options.now ?? Date.now)();
            hit.refreshing = false;
          },
          (err: unknown) => {
            hit.refreshing = false;
            hit.builtAt = (this.options.now ?? Date.now)(); // try again after another ttl, keep serving
            this.options.onError?.(err);
          },
        );
      }
      return hit.value;
    }
    const entry = { value: load(), builtAt: now, refreshing: false };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
