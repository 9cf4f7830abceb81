import { createHash } from 'node:crypto';

/** How many verified tokens one process remembers (a newsroom has a handful of editors). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1_000;

/**
 * Remembers the outcome of a successful verification for the token's remaining lifetime, so that
 * an editor's burst of API calls costs one RS256 signature check instead of one per request.
 * Safe because a JWT is immutable: the same bytes verify the same way until they expire, and
 * expiry is checked again on every hit. Keyed by the token's SHA-256 (the token itself is not
 * kept), least recently used entries are dropped beyond `maxEntries`.
 */
export function createVerifiedTokenCache<T>(maxEntries = VERIFIED_TOKEN_CACHE_SIZE) {
  const entries = new Map<string, { value: T; expiresAtMs: number }>();
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');
  return {
    get(token: string, nowMs = Date.now()): T | undefined {
      const key = keyOf(token);
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (nowMs >= hit.expiresAtMs) return undefined;
      entries.set(key, hit); // most recently used goes last
      return hit.value;
    },
    /** Remembers `value` until `expiresAtMs` (the token's exp); nothing is kept for past times. */
    set(token: string, value: T, expiresAtMs: number, nowMs = Date.now()): void {
      if (!(expiresAtMs > nowMs)) return;
      const key = keyOf(token);
      entries.delete(key);
      entries.set(key, { value, expiresAtMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
