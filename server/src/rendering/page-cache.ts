/**
 * The rendered pages, per origin (the address a page was asked at: its links and share URLs name
 * it) and per page, for a short time; concurrent misses of one page share one render, a failed
 * render is not kept, and clear() drops everything (also renders in flight).
 *
 * Bounded in pages, and fair between origins: when the cache is full, the page given up is the
 * oldest one of the origin that asked for the fewest pages, so requests with made-up Host headers
 * (each a new origin with one request) only ever push out each other's pages, never those of the
 * address the site is read at. With PUBLIC_URL there is only one origin (plugins/spa.ts).
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

interface Origin<T> {
  pages: Map<string, Entry<T>>;
  /** Pages asked for at this origin (hits and misses) since the last clear. */
  uses: number;
}

export class PageCache<T> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #origins = new Map<string, Origin<T>>();
  #size = 0;

  constructor({ ttlMs, maxEntries, now = () => Date.now() }: PageCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  /** The cached page `key` of `origin`, or the result of `render()` (kept unless it fails). */
  get(origin: string, key: string, render: () => Promise<T>): Promise<T> {
    let site = this.#origins.get(origin);
    if (!site) {
      site = { pages: new Map(), uses: 0 };
      this.#origins.set(origin, site);
    }
    site.uses++;
    const now = this.#now();
    const hit = site.pages.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) {
      site.pages.delete(key);
      this.#size--;
    }
    const entry: Entry<T> = { expires: now + this.#ttlMs, value: render() };
    const clearedBefore = this.#origins;
    site.pages.set(key, entry);
    this.#size++;
    entry.value.catch(() => {
      // Not after a clear (the entry went with it).
      if (this.#origins !== clearedBefore || site.pages.get(key) !== entry) return;
      site.pages.delete(key);
      this.#size--;
      if (site.pages.size === 0) this.#origins.delete(origin);
    });
    if (this.#size > this.#maxEntries) this.#evict();
    return entry.value;
  }

  /** Forgets every page (after any editorial change). */
  clear(): void {
    this.#origins = new Map();
    this.#size = 0;
  }

  get size(): number {
    return this.#size;
  }

  /** Gives up the oldest page of the least used origin that has pages. */
  #evict(): void {
    let victim: [string, Origin<T>] | undefined;
    for (const entry of this.#origins) {
      if (entry[1].pages.size > 0 && (!victim || entry[1].uses < victim[1].uses)) victim = entry;
    }
    if (!victim) return;
    const [origin, site] = victim;
    const oldest = site.pages.keys().next().value!;
    site.pages.delete(oldest);
    this.#size--;
    if (site.pages.size === 0) this.#origins.delete(origin);
  }
}
