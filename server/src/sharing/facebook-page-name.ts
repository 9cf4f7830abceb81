import crypto from 'node:crypto';
import type { FacebookClient } from './facebook-client.ts';

/** How long a page name read from Facebook is reused. */
export const PAGE_NAME_TTL_MS = 5 * 60_000;
/** How long a failed read is remembered (the status then answers without a name). */
export const PAGE_NAME_FAILURE_TTL_MS = 60_000;
const MAX_ENTRIES = 16;

interface Entry {
  /** Settled value or the read in flight (concurrent visits share one call). */
  value: Promise<string | null>;
  until: number;
}

/**
 * The Facebook page's display name, read through the Graph API with the stored page token and kept in
 * memory per process (the token status is read on every visit of the Social and Test Publish pages).
 * Entries are keyed by a hash of the token, so a new token reads the name again. A failed read gives
 * null and is remembered for a shorter time, so an unreachable Facebook does not slow every visit.
 */
export class FacebookPageNames {
  readonly #client: FacebookClient;
  readonly #now: () => number;
  readonly #cache = new Map<string, Entry>();

  constructor(client: FacebookClient, now: () => number = Date.now) {
    this.#client = client;
    this.#now = now;
  }

  /**
   * The name, or null when Facebook cannot be reached or refuses. `onError` hears about a failed
   * read once (not again while the failure is remembered).
   */
  async get(pageToken: string, onError?: (err: unknown) => void): Promise<string | null> {
    const key = crypto.createHash('sha256').update(pageToken).digest('hex');
    const now = this.#now();
    const hit = this.#cache.get(key);
    if (hit && hit.until > now) return hit.value;
    const entry: Entry = { value: Promise.resolve(null), until: Infinity };
    entry.value = this.#client.pageName(pageToken).then(
      (name) => {
        entry.until = this.#now() + PAGE_NAME_TTL_MS;
        return name;
      },
      (err: unknown) => {
        entry.until = this.#now() + PAGE_NAME_FAILURE_TTL_MS;
        onError?.(err);
        return null;
      },
    );
    this.#cache.delete(key);
    this.#cache.set(key, entry);
    while (this.#cache.size > MAX_ENTRIES) this.#cache.delete(this.#cache.keys().next().value!);
    return entry.value;
  }
}
