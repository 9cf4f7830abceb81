import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AttemptCount {
  failures: number;
  /** Epoch ms of the current penalty's end, 0 when none. */
  blockedUntil: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const epoch = (s: string | null) => (s ? Date.parse(s) : 0);

/**
 * Counters of sign-in attempts in the database (table login_attempts), so that every instance
 * on the same PostgreSQL sees the same counts, penalties and checks in progress. Every write is
 * one atomic statement: concurrent attempts each get their own count.
 */
export class LoginAttemptsRepository {
  readonly #db: Kysely<Database>;

  constructor(database: Pick<Db, 'db'>) {
    this.#db = database.db;
  }

  /**
   * Counts one attempt on `key`, in one atomic statement, unless a penalty is in force (then
   * `counted` is false and nothing changes). When the new count reaches `threshold`, the same
   * statement starts the penalty `penaltyMs(count)` for the attempts after it. A count whose
   * last attempt is older than `forgetMs`, with no penalty left, starts again from 1.
   */
  async count(
    key: string,
    username: string | null,
    now: number,
    opts: { threshold: number; penaltyMs: (failures: number) => number; maxPenaltyMs: number; forgetMs: number },
  ): Promise<AttemptCount & { counted: boolean }> {
    const nowIso = iso(now);
    const attemptId = randomUUID();
    const blocked = sql`(login_attempts.blocked_until is not null and login_attempts.blocked_until > ${nowIso})`;
    const failures = sql`(case
        when login_attempts.updated_at < ${iso(now - opts.forgetMs)} and not ${blocked} then 1
        when ${blocked} then login_attempts.failures
        else login_attempts.failures + 1 end)`;
    // The penalty for each count from the threshold up to the longest one, as literal values.
    const ladder: ReturnType<typeof sql>[] = [];
    for (let n = opts.threshold; ; n++) {
      const ms = opts.penaltyMs(n);
      if (ms >= opts.maxPenaltyMs) {
        ladder.push(sql`else ${iso(now + opts.maxPenaltyMs)}`);
        break;
      }
      ladder.push(sql`when ${n} then ${iso(now + ms)}`);
    }
    const r = await sql<{ failures: number | string; blocked_until: string | null; counted_by: string | null }>`
      insert into login_attempts (key, username, failures, counted_by, updated_at)
      values (${key}, ${username}, 1, ${attemptId}, ${nowIso})
      on conflict (key) do update set
        failures = ${failures},
        blocked_until = case
          when ${blocked} then login_attempts.blocked_until
          when ${failures} >= ${opts.threshold} then (case ${failures} ${sql.join(ladder, sql` `)} end)
          else login_attempts.blocked_until end,
        counted_by = case when ${blocked} then login_attempts.counted_by else ${attemptId} end,
        updated_at = case when ${blocked} then login_attempts.updated_at else ${nowIso} end
      returning failures, blocked_until, counted_by`.execute(this.#db);
    const row = r.rows[0];
    return {
      counted: row.counted_by === attemptId,
      failures: Number(row.failures),
      blockedUntil: epoch(row.blocked_until),
    };
  }

  async read(key: string): Promise<AttemptCount> {
    const row = await this.#db
      .selectFrom('login_attempts')
      .select(['failures', 'blocked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
    return { failures: Number(row?.failures ?? 0), blockedUntil: epoch(row?.blocked_until ?? null) };
  }

  async block(key: string, until: number): Promise<void> {
    await this.#db
      .updateTable('login_attempts')
      .set({ blocked_until: iso(until) })
      .where('key', '=', key)
      .execute();
  }

  /**
   * Marks a password check in progress on `key` until `until` (a crashed instance's mark
   * lapses then). False when another check holds it. Answers the token to release it with.
   */
  async acquire(key: string, username: string | null, now: number, until: number): Promise<string | undefined> {
    const token = iso(until);
    await this.#db
      .insertInto('login_attempts')
      .values({ key, username, failures: 0, updated_at: iso(now) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const r = await this.#db
      .updateTable('login_attempts')
      .set({ busy_until: token })
      .where('key', '=', key)
      .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<=', iso(now))]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? token : undefined;
  }

  async release(key: string, token: string): Promise<void> {
    await this.#db
      .updateTable('login_attempts')
      .set({ busy_until: null })
      .where('key', '=', key)
      .where('busy_until', '=', token)
      .execute();
  }

  /** A successful sign-in: the attempt did not fail. */
  async forgive(key: string): Promise<void> {
    await this.#db
      .updateTable('login_attempts')
      .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
      .where('key', '=', key)
      .execute();
  }

  async remove(key: string): Promise<void> {
    await this.#db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }

  /** Lifts every penalty on a username (a password reset). */
  async clearUsername(username: string): Promise<void> {
    await this.#db.deleteFrom('login_attempts').where('username', '=', username).execute();
  }

  /** True when `key` was touched at or after `since` (an address a name signed in from). */
  async seenWithin(key: string, since: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom('login_attempts')
      .select('updated_at')
      .where('key', '=', key)
      .where('updated_at', '>=', iso(since))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks `key` as seen now (created when missing). */
  async touch(key: string, username: string | null, now: number): Promise<void> {
    await this.#db
      .insertInto('login_attempts')
      .values({ key, username, failures: 0, updated_at: iso(now) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ updated_at: iso(now) }))
      .execute();
  }

  /**
   * Forgets quiet rows: no attempt for `forgetMs`, no penalty, no check in progress. Rows whose key
   * starts with `kept.prefix` are kept longer: until `kept.forgetMs` after they were last touched.
   */
  async purge(now: number, forgetMs: number, kept?: { prefix: string; forgetMs: number }): Promise<number> {
    const nowIso = iso(now);
    let quiet = this.#db
      .deleteFrom('login_attempts')
      .where('updated_at', '<', iso(now - forgetMs))
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', nowIso)]))
      .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<=', nowIso)]));
    if (kept) quiet = quiet.where('key', 'not like', `${kept.prefix}%`);
    let deleted = Number((await quiet.executeTakeFirst()).numDeletedRows);
    if (kept) {
      const old = await this.#db
        .deleteFrom('login_attempts')
        .where('key', 'like', `${kept.prefix}%`)
        .where('updated_at', '<', iso(now - kept.forgetMs))
        .executeTakeFirst();
      deleted += Number(old.numDeletedRows);
    }
    return deleted;
  }
}
