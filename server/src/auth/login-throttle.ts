import { dummyHash, verifyPassword } from './passwords.ts';
import { normalizeUsername, type Editor, type EditorsRepository } from './editors-repository.ts';

/**
 * Slows down password guessing. Per username: after LOCK_AFTER failures the account is
 * locked for 1 minute, doubling with every further failure up to 1 hour (stored in the
 * editors table, so every instance sees it). Unknown usernames get the same treatment in
 * memory, so a lockout does not reveal whether a name exists. Per client IP: after
 * IP_LOCK_AFTER failures in a row, the same doubling. A success clears the username's count.
 */
export const LOCK_AFTER = 5;
export const IP_LOCK_AFTER = 20;
export const BASE_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60_000;

export function lockDurationMs(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(BASE_LOCK_MS * 2 ** (failures - threshold), MAX_LOCK_MS);
}

interface Counter {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

/** A bounded in-memory failure counter; entries are forgotten an hour after their last failure. */
export class FailureCounter {
  readonly #entries = new Map<string, Counter>();
  constructor(
    private readonly threshold: number,
    private readonly maxEntries = 10_000,
  ) {}

  lockedFor(key: string, now: number): number {
    const e = this.#fresh(key, now);
    return e && e.lockedUntil > now ? e.lockedUntil - now : 0;
  }

  fail(key: string, now: number): void {
    const e = this.#fresh(key, now) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    e.failures += 1;
    e.lastFailure = now;
    const ms = lockDurationMs(e.failures, this.threshold);
    if (ms) e.lockedUntil = now + ms;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }

  #fresh(key: string, now: number): Counter | undefined {
    const e = this.#entries.get(key);
    if (e && now - e.lastFailure > MAX_LOCK_MS && e.lockedUntil <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return e;
  }
}

export type LoginResult =
  | { ok: true; editor: Editor }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

export function createLoginService(editors: EditorsRepository, clock: () => number = Date.now) {
  const byIp = new FailureCounter(IP_LOCK_AFTER);
  const unknownNames = new FailureCounter(LOCK_AFTER);

  const locked = (ms: number): LoginResult => ({
    ok: false,
    reason: 'locked',
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });

  return {
    async authenticate(rawUsername: string, password: string, ip: string): Promise<LoginResult> {
      const now = clock();
      const username = normalizeUsername(rawUsername).slice(0, 200);
      const ipLock = byIp.lockedFor(ip, now);
      if (ipLock) return locked(ipLock);

      const account = username ? await editors.findCredentials(username) : undefined;
      if (account) {
        const until = account.lockedUntil ? Date.parse(account.lockedUntil) : 0;
        if (until > now) return locked(until - now);
      } else {
        const nameLock = unknownNames.lockedFor(username, now);
        if (nameLock) return locked(nameLock);
      }

      // Always run one scrypt verification, against a dummy hash for unknown names.
      const valid = await verifyPassword(password.slice(0, 1000), account?.passwordHash ?? (await dummyHash()));
      if (account && valid) {
        await editors.recordSuccess(account.id);
        return { ok: true, editor: account };
      }
      byIp.fail(ip, now);
      if (account) {
        await editors.recordFailure(account.id, (failures) => {
          const ms = lockDurationMs(failures, LOCK_AFTER);
          return ms ? new Date(now + ms).toISOString() : null;
        });
      } else {
        unknownNames.fail(username, now);
      }
      return { ok: false, reason: 'invalid' };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
