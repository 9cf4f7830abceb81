import type { FastifyInstance } from 'fastify';
/**
 * A small in-process cache for the public news responses: values per key for a short time
 * (readers see an edit within `ttlMs` even when another process wrote it), concurrent misses
 * share one load, and the number of keys is bounded (oldest first out).
 *
 * Code that changes articles calls `clearNewsCache(app)` right after the write.
 */
export interface NewsCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export const NEWS_CACHE_TTL_MS = 5_000;
export const NEWS_CACHE_MAX_ENTRIES = 2_000;

export class NewsCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private entries = new Map<string, Entry>();
  private readonly clearListeners = new Set<() => void>();

  constructor(options: NewsCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? NEWS_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? NEWS_CACHE_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  /** The cached value for `key`, or the result of `load()` (cached unless it fails). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.entry(key, load).value;
  }

  /** Like get(), with the time (ms since the epoch) at which the entry giving the value expires. */
  entry<T>(key: string, load: () => Promise<T>): { value: Promise<T>; expires: number } {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit as { value: Promise<T>; expires: number };
    if (hit) this.entries.delete(key);
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry as { value: Promise<T>; expires: number };
  }

  /** Forgets everything; call after any write to articles. */
  clear(): void {
    // In-flight loads are dropped with their entries, so they cannot refill the cache with pre-write data.
    this.entries.clear();
    for (const listener of this.clearListeners) listener();
  }

  /**
   * Runs `listener` on every clear (also a clear that another instance announced): caches built
   * from the news, such as the rendered pages, are dropped with it. Returns an unsubscribe function.
   */
  onClear(listener: () => void): () => void {
    this.clearListeners.add(listener);
    return () => this.clearListeners.delete(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Public pages cache articles in-process: every write that changes what readers see drops it at once. */
export function clearNewsCache(app: FastifyInstance): void {
  // Optional chaining: the admin API also works in a process without the public news routes.
  (app as FastifyInstance & { newsCache?: { clear(): void } }).newsCache?.clear();
}
