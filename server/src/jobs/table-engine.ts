import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import {
  samePayload,
  spentAfter,
  type ClaimedJob,
  type JobEngine,
  type JobOutcome,
  type JobTx,
  type JobView,
  type NewJob,
} from './queue.ts';

/**
 * The job engine of the embedded database: the `jobs` table (migration 016) in the app's own
 * SQLite file (PostgreSQL uses pg-boss). A worker claims one due job in one statement (SQLite
 * serialises writers). A claim is a lease (`locked_until`): a job whose worker died is claimed
 * again after `leaseMs`.
 */
export class TableJobEngine implements JobEngine {
  readonly name = 'table' as const;
  readonly #db: Kysely<Database>;
  readonly #leaseMs: number;
  readonly #workerId = crypto.randomUUID();

  constructor(database: Pick<Db, 'db'>, options: { leaseMs: number }) {
    this.#db = database.db;
    this.#leaseMs = options.leaseMs;
  }

  async prepare(): Promise<void> {
    // The table is the app's own (its migrations made it).
  }

  async close(): Promise<void> {}

  async enqueueMany(tx: JobTx, jobs: NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const now = new Date().toISOString();
    await tx
      .insertInto('jobs')
      .values(
        jobs.map((job) => ({
          kind: job.kind,
          payload: JSON.stringify(job.payload),
          state: 'ready',
          run_at: (job.runAt ?? new Date()).toISOString(),
          attempts: 0,
          max_attempts: job.maxAttempts ?? 5,
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  /** Claims one due job (or one whose lease ran out) of these kinds for this worker. */
  async claim(kinds: string[], now = new Date()): Promise<ClaimedJob | null> {
    if (kinds.length === 0) return null;
    const row = await claimStatement(this.#db, this.#workerId, kinds, now, this.#leaseMs).executeTakeFirst();
    if (!row) return null;
    return {
      id: Number(row.id),
      kind: row.kind,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
  }

  async finish(job: ClaimedJob, outcome: JobOutcome): Promise<void> {
    const now = new Date().toISOString();
    const mine = this.#db.updateTable('jobs').where('id', '=', Number(job.id)).where('locked_by', '=', this.#workerId);
    if (outcome.done) {
      await mine.set({ state: 'done', locked_by: null, locked_until: null, updated_at: now }).execute();
      return;
    }
    const spent = spentAfter(job, outcome);
    await mine
      .set({
        state: spent >= job.maxAttempts ? 'dead' : 'ready',
        attempts: spent,
        run_at: outcome.at.toISOString(),
        locked_by: null,
        locked_until: null,
        last_error: outcome.error.slice(0, 1000),
        updated_at: now,
      })
      .execute();
  }

  async pending(): Promise<number> {
    const r = await this.#db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('state', 'in', ['ready', 'running'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async cancel(kind: string): Promise<number> {
    const rows = await this.#db
      .updateTable('jobs')
      .set({
        state: 'done',
        locked_by: null,
        locked_until: null,
        last_error: 'cancelled',
        updated_at: new Date().toISOString(),
      })
      .where('kind', '=', kind)
      .where('state', 'in', ['ready', 'running'])
      .returning('id')
      .execute();
    return rows.length;
  }

  /**
   * The `ready` jobs of the kind with one of these payloads (narrowed by their text and number fields
   * with SQLite's json_extract, then compared whole) end as a cancel() ends them, in the caller's
   * transaction. A `running` one is left to its worker.
   */
  async cancelWaiting(tx: JobTx, kind: string, payloads: Record<string, unknown>[]): Promise<number> {
    if (payloads.length === 0) return 0;
    const waiting = await tx
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', kind)
      .where('state', '=', 'ready')
      .where((eb) =>
        eb.or(
          payloads.map((p) =>
            eb.and(
              Object.entries(p)
                .filter(([k, v]) => /^\w+$/.test(k) && (typeof v === 'string' || typeof v === 'number'))
                .map(([k, v]) => eb(sql`json_extract(payload, ${`$.${k}`})`, '=', v)),
            ),
          ),
        ),
      )
      .execute();
    const ids = waiting
      .filter((j) => {
        const payload = JSON.parse(j.payload) as Record<string, unknown>;
        return payloads.some((p) => samePayload(payload, p));
      })
      .map((j) => Number(j.id));
    if (ids.length === 0) return 0;
    const rows = await tx
      .updateTable('jobs')
      .set({ state: 'done', last_error: 'cancelled', updated_at: new Date().toISOString() })
      .where('id', 'in', ids)
      .where('state', '=', 'ready')
      .returning('id')
      .execute();
    return rows.length;
  }

  async list(kind: string): Promise<JobView[]> {
    const rows = await this.#db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
    return rows.map((r) => ({
      kind: r.kind,
      payload: JSON.parse(r.payload) as Record<string, unknown>,
      state: r.state,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
    }));
  }
}

/**
 * The claim: the earliest due job among the ready ones and those whose lease ran out, moved to
 * `running` under this worker's lease. Each kind of candidate is read in the order of the index on
 * (state, run_at), one row each, so a claim costs the same with 10 jobs waiting or 100,000 (one
 * query with `OR` sorted every waiting job on each claim).
 */
export function claimStatement(db: Kysely<Database>, workerId: string, kinds: string[], now: Date, leaseMs: number) {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const first = (state: 'ready' | 'running') =>
    db
      .selectFrom('jobs')
      .select(['id', 'run_at'])
      .where('kind', 'in', kinds)
      .where('state', '=', state)
      .where(state === 'ready' ? 'run_at' : 'locked_until', state === 'ready' ? '<=' : '<', at)
      .orderBy('run_at')
      .limit(1);
  const candidate = db
    .selectFrom(first('ready').as('ready'))
    .selectAll()
    .unionAll(db.selectFrom(first('running').as('expired')).selectAll())
    .orderBy('run_at')
    .limit(1);
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      locked_by: workerId,
      locked_until: until,
      attempts: eb('attempts', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', (eb) => eb.selectFrom(candidate.as('c')).select('c.id'))
    .where((eb) =>
      eb.or([eb('state', '=', 'ready'), eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)])]),
    )
    .returningAll();
}
