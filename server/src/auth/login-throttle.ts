import type { Db } from '../db/index.ts';
import { EditorsRepository, normalizeUsername, type Editor } from '../repositories/editors-repository.ts';
import { LoginAttemptsRepository } from '../repositories/login-attempts-repository.ts';
import { dummyHash, hashQueueLength, verifyPassword } from './passwords.ts';

/**
 * Slows down password guessing without letting anyone lock an editor out from another address.
 *
 * - Every attempt is counted in the database before its password is checked, per client
 *   address and per address and username pair, for known and unknown names alike (the same
 *   table and the same answers, so counts tell nothing about which names exist, on any instance).
 * - After LOCK_AFTER attempts for one name from one address, that pair waits BASE_LOCK_MS,
 *   doubling with every further failure up to MAX_LOCK_MS. The same name from another address
 *   is not affected, so guessing at `editor` does not lock the real editor out.
 * - After IP_LOCK_AFTER attempts from one address across names, the address waits the same way.
 * - At most one password check runs at a time per address (marked in the database, so across
 *   instances too); another attempt from that address arriving meanwhile is counted and refused
 *   (`busy`), so a burst from one address gets at most LOCK_AFTER passwords checked. Nothing is
 *   serialised per name: attempts at a name from other addresses never make the editor's own
 *   attempt wait or fail.
 * - Password hashing runs one at a time (passwords.ts), first come first served, and every
 *   address has at most one check waiting. When MAX_WAITING_CHECKS ordinary checks wait, a new
 *   attempt is refused (`busy`) before it is counted, so other addresses' traffic never adds to
 *   an editor's own count. An attempt from an address where that name signed in successfully
 *   within KNOWN_ADDRESS_MS goes before the ordinary checks and is never refused for the queue.
 * - A success forgives that attempt and clears the pair's count. Counts are forgotten an hour
 *   after the last attempt.
 */
export const LOCK_AFTER = 5;
export const IP_LOCK_AFTER = 20;
export const BASE_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60_000;
/** How long a password check may hold its name and address (a crashed instance's mark lapses). */
export const CHECK_HOLD_MS = 15_000;
/**
 * Ordinary password checks allowed to wait for the hashing queue before new attempts are refused
 * (each address has at most one waiting, so this many addresses at once; about 4 s of waiting).
 */
export const MAX_WAITING_CHECKS = 64;
/** How long an address where an editor signed in stays known for that name (their priority lane). */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

export function lockDurationMs(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(BASE_LOCK_MS * 2 ** (failures - threshold), MAX_LOCK_MS);
}

export type LoginResult =
  | { ok: true; editor: Editor }
  | { ok: false; reason: 'invalid' }
  /** A penalty on this address, or on this name from this address. */
  | { ok: false; reason: 'locked'; retryAfterSeconds: number }
  /** Another check from this address is running, or too many checks are waiting. */
  | { ok: false; reason: 'busy'; retryAfterSeconds: number };

const MAX_USERNAME = 200;
const MAX_PASSWORD = 1000;

export function createLoginService(database: Db, clock: () => number = Date.now) {
  const editors = new EditorsRepository(database);
  const attempts = new LoginAttemptsRepository(database);

  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const locked = (until: number, now: number): LoginResult => ({
    ok: false,
    reason: 'locked',
    retryAfterSeconds: seconds(until - now),
  });
  const busy: LoginResult = { ok: false, reason: 'busy', retryAfterSeconds: 1 };

  // Penalties this instance has read from the database, so that a burst from a penalised
  // address is refused before any database or provider work (the database stays the authority:
  // a penalty set by another instance is found there on the attempt's first count).
  const knownPenalties = new Map<string, number>();
  const remember = (key: string, until: number) => {
    if (until <= clock()) return;
    knownPenalties.delete(key);
    knownPenalties.set(key, until);
    if (knownPenalties.size > 10_000) knownPenalties.delete(knownPenalties.keys().next().value as string);
  };
  const keysOf = (rawUsername: string, ip: string) => {
    const username = normalizeUsername(rawUsername).slice(0, MAX_USERNAME);
    return { username, ipKey: `ip:${ip}`, pairKey: `pair:${ip}\n${username}`, knownKey: `known:${ip}\n${username}` };
  };

  return {
    /** A penalty already known here for this address or pair: refuse without further work. */
    knownPenalty(rawUsername: string, ip: string): Exclude<LoginResult, { ok: true }> | undefined {
      const now = clock();
      const { ipKey, pairKey } = keysOf(rawUsername, ip);
      const until = Math.max(knownPenalties.get(ipKey) ?? 0, knownPenalties.get(pairKey) ?? 0);
      return until > now ? (locked(until, now) as Exclude<LoginResult, { ok: true }>) : undefined;
    },

    async authenticate(rawUsername: string, password: string, ip: string): Promise<LoginResult> {
      const now = clock();
      const { username, ipKey, pairKey, knownKey } = keysOf(rawUsername, ip);

      // 0. A full hashing queue refuses before counting: others' traffic never counts against this pair.
      //    An address this name signed in from before is not refused, and goes first.
      const known = username ? await attempts.seenWithin(knownKey, now - KNOWN_ADDRESS_MS) : false;
      if (!known && hashQueueLength() >= MAX_WAITING_CHECKS) return busy;

      // 1. Count the attempt before anything else, atomically: each concurrent attempt gets its
      //    own number, and the one that reaches a threshold starts the penalty for those after it.
      const forget = { maxPenaltyMs: MAX_LOCK_MS, forgetMs: MAX_LOCK_MS };
      const pair = await attempts.count(pairKey, username, now, {
        threshold: LOCK_AFTER,
        penaltyMs: (n) => lockDurationMs(n, LOCK_AFTER),
        ...forget,
      });
      remember(pairKey, pair.blockedUntil);
      if (!pair.counted) return locked(pair.blockedUntil, now);
      const address = await attempts.count(ipKey, null, now, {
        threshold: IP_LOCK_AFTER,
        penaltyMs: (n) => lockDurationMs(n, IP_LOCK_AFTER),
        ...forget,
      });
      remember(ipKey, address.blockedUntil);
      if (!address.counted) return locked(address.blockedUntil, now);

      // 2. One check at a time per address (an attempt arriving meanwhile stays counted).
      const token = await attempts.acquire(ipKey, null, now, now + CHECK_HOLD_MS);
      if (!token) return busy;
      try {
        // 3. Check the password: always one scrypt verification, against a dummy hash for unknown names.
        const account = username ? await editors.findCredentials(username) : undefined;
        const valid = await verifyPassword(
          password.slice(0, MAX_PASSWORD),
          account?.passwordHash ?? (await dummyHash()),
          {
            priority: known,
          },
        );
        if (account && valid) {
          knownPenalties.delete(pairKey);
          await attempts.remove(pairKey);
          await attempts.forgive(ipKey);
          await attempts.touch(knownKey, username, clock());
          await editors.recordSuccess(account.id);
          return { ok: true, editor: account };
        }
        return { ok: false, reason: 'invalid' };
      } finally {
        await attempts.release(ipKey, token);
      }
    },

    /** Forgets counts nobody added to for an hour, and addresses not signed in from for KNOWN_ADDRESS_MS. */
    purge(): Promise<number> {
      return attempts.purge(clock(), MAX_LOCK_MS, { prefix: 'known:', forgetMs: KNOWN_ADDRESS_MS });
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
