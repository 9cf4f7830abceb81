import { createHmac, randomBytes } from 'node:crypto';
import { hourOf, type ReadCount } from '../repositories/article-reads.ts';

/** A client address counts one read per article in this time. */
export const READ_REPEAT_MS = 30 * 60 * 1000;
/** Addresses-and-articles remembered at most; past it the oldest is forgotten (it may count again). */
export const READ_SEEN_MAX_ENTRIES = 100_000;

/**
 * The reads an instance has counted and not yet written (decision 049). A read is one client address
 * (request.ip) on one article; the same address on the same article counts again only after
 * READ_REPEAT_MS. The address is kept only as a keyed hash (HMAC-SHA-256 with a key made at start and
 * never written anywhere), in a bounded map: it is never stored or logged, and the hash means nothing
 * after a restart. The counts wait here, by article and UTC hour, until `take()` hands them to the writer.
 */
export class ReadCounter {
  readonly #key = randomBytes(32);
  /** `hash:articleId` → when it was counted, oldest first. */
  readonly #seen = new Map<string, number>();
  /** `articleId hour` → reads not yet written. */
  #pending = new Map<string, ReadCount>();

  constructor(private readonly options: { repeatMs?: number; maxSeen?: number } = {}) {}

  /** Counts a read of `articleId` by `address` at `now`; false when that address counted it within the window. */
  count(address: string, articleId: number, now = Date.now()): boolean {
    const repeatMs = this.options.repeatMs ?? READ_REPEAT_MS;
    this.#forgetBefore(now - repeatMs);
    const key = `${createHmac('sha256', this.#key).update(address).digest('base64url').slice(0, 22)}:${articleId}`;
    const at = this.#seen.get(key);
    if (at !== undefined && now - at < repeatMs) return false;
    this.#seen.delete(key);
    this.#seen.set(key, now);
    if (this.#seen.size > (this.options.maxSeen ?? READ_SEEN_MAX_ENTRIES)) {
      const oldest = this.#seen.keys().next().value;
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
    const hour = hourOf(now);
    const bucket = `${articleId} ${hour}`;
    const pending = this.#pending.get(bucket);
    if (pending) pending.reads++;
    else this.#pending.set(bucket, { articleId, hour, reads: 1 });
    return true;
  }

  /** The counts not yet written, handed over (the counter starts afresh). */
  take(): ReadCount[] {
    const taken = [...this.#pending.values()];
    this.#pending = new Map();
    return taken;
  }

  /** Counts whose write failed, kept for the next one. */
  giveBack(counts: readonly ReadCount[]): void {
    for (const c of counts) {
      const bucket = `${c.articleId} ${c.hour}`;
      const pending = this.#pending.get(bucket);
      if (pending) pending.reads += c.reads;
      else this.#pending.set(bucket, { ...c });
    }
  }

  /** What is remembered now: `hash:articleId` each, never an address. */
  seenKeys(): string[] {
    return [...this.#seen.keys()];
  }

  /** Drops the entries counted at `cutoff` or before: their window is over (the map is in counting order). */
  #forgetBefore(cutoff: number): void {
    for (const [key, at] of this.#seen) {
      if (at > cutoff) break;
      this.#seen.delete(key);
    }
  }
}
