import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db, Dialect } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

export type { JobTable } from '../db/schema.ts';

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this time (default now). */
  runAt?: Date;
  /** Tries before the job is given up (default 5). */
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/**
 * What a handler answers: done, or run again at `at`. `countsAsAttempt: false` (a provider's rate
 * limit) waits without spending one of the job's tries.
 */
export type JobOutcome = { done: true } | { done: false; at: Date; error: string; countsAsAttempt?: boolean };

export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (ms). */
  pollMs: number;
  /** Jobs one process runs at the same time. */
  concurrency: number;
  /** A claimed job is another worker's after this long without finishing (ms); longer than any handler run. */
  leaseMs: number;
  onError?: (err: unknown) => void;
}

/** Exponential backoff with jitter: base * 2^(attempt-1), then a random 80-120 %. */
export function backoffDelay(attempt: number, baseMs: number, random = Math.random): number {
  const exp = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(exp * (0.8 + 0.4 * random()));
}

/** Adds a job inside the caller's transaction: it exists exactly when the caller's change commits. */
export async function enqueue(tx: Kysely<Database> | Transaction<Database>, job: NewJob): Promise<void> {
  await enqueueMany(tx, [job]);
}

/** Adds several jobs in one INSERT inside the caller's transaction (see enqueue). */
export async function enqueueMany(tx: Kysely<Database> | Transaction<Database>, jobs: NewJob[]): Promise<void> {
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

/**
 * The durable job queue over the `jobs` table of the app's own database (both dialects).
 * A worker claims one due job in one statement: on PostgreSQL the candidate row is locked with
 * FOR UPDATE SKIP LOCKED, so several instances share the work and never take the same job; on
 * SQLite writes are serialised by the database. A claim is a lease: a job whose worker died is
 * claimed again after `leaseMs` (the handler decides what a half-done run means).
 */
export class JobQueue {
  readonly #db: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly #o: JobQueueOptions;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #workerId = crypto.randomUUID();
  /** Claims this process made (tests and the bench look at how instances shared the work). */
  readonly stats = { claimed: 0 };
  readonly #running = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #stopped = true;
  #polling = false;
  /** Look again as soon as the poll under way ends (a nudge or a free slot came while it ran). */
  #again = false;
  /** The last claim found nothing due: a finished job does not look again until a nudge or the timer. */
  #dry = false;

  constructor(database: Pick<Db, 'db' | 'dialect'>, options: JobQueueOptions) {
    this.#db = database.db;
    this.#dialect = database.dialect;
    this.#o = options;
  }

  handle(kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler);
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops claiming; waits for the jobs in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await Promise.allSettled([...this.#running]);
  }

  /** Looks for due jobs now (after an enqueue in this process). */
  nudge(): void {
    this.#dry = false;
    this.#soon();
  }

  /** Polls at once, or right after the poll under way. */
  #soon(): void {
    if (this.#stopped) return;
    if (this.#polling) this.#again = true;
    else this.#schedule(0);
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), ms);
    this.#timer.unref?.();
  }

  async #poll(): Promise<void> {
    if (this.#polling || this.#stopped) return;
    this.#polling = true;
    this.#again = false;
    try {
      while (!this.#stopped && this.#running.size < this.#o.concurrency) {
        const job = await this.claim();
        this.#dry = !job;
        if (!job) break;
        const p = this.#run(job).finally(() => {
          this.#running.delete(p);
          // A slot is free: claim the next job at once if the last look stopped at the limit with
          // jobs maybe waiting; after a dry look, no claim per finished job (no polls while idle).
          if (!this.#dry) this.#soon();
        });
        this.#running.add(p);
      }
    } catch (err) {
      this.#o.onError?.(err);
    } finally {
      this.#polling = false;
      this.#schedule(this.#again ? 0 : this.#o.pollMs);
    }
  }

  /** Claims one due job (or one whose lease ran out) for this worker; null when none is due. */
  async claim(now = new Date()): Promise<ClaimedJob | null> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + this.#o.leaseMs).toISOString();
    let candidate = this.#db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'ready'), eb('run_at', '<=', at)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)]),
        ]),
      )
      .orderBy('run_at')
      .limit(1);
    if (this.#dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    const row = await this.#db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        locked_by: this.#workerId,
        locked_until: until,
        attempts: eb('attempts', '+', 1),
        updated_at: at,
      }))
      .where('id', '=', (eb) => eb.selectFrom(candidate.as('c')).select('c.id'))
      .where((eb) =>
        eb.or([eb('state', '=', 'ready'), eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)])]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    this.stats.claimed += 1;
    return {
      id: Number(row.id),
      kind: row.kind,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
  }

  async #run(job: ClaimedJob): Promise<void> {
    const handler = this.#handlers.get(job.kind);
    let outcome: JobOutcome;
    try {
      outcome = handler ? await handler(job) : { done: true };
    } catch (err) {
      this.#o.onError?.(err);
      outcome = {
        done: false,
        at: new Date(Date.now() + this.#o.pollMs),
        error: err instanceof Error ? err.message : String(err),
      };
    }
    await this.#finish(job, outcome).catch((err) => this.#o.onError?.(err));
  }

  async #finish(job: ClaimedJob, outcome: JobOutcome): Promise<void> {
    const now = new Date().toISOString();
    const mine = this.#db.updateTable('jobs').where('id', '=', job.id).where('locked_by', '=', this.#workerId);
    if (outcome.done) {
      await mine.set({ state: 'done', locked_by: null, locked_until: null, updated_at: now }).execute();
      return;
    }
    const spent = outcome.countsAsAttempt === false ? job.attempt - 1 : job.attempt;
    const dead = spent >= job.maxAttempts;
    await mine
      .set({
        state: dead ? 'dead' : 'ready',
        attempts: spent,
        run_at: outcome.at.toISOString(),
        locked_by: null,
        locked_until: null,
        last_error: outcome.error.slice(0, 1000),
        updated_at: now,
      })
      .execute();
  }

  /** Jobs not finished yet (tests and the bench wait for 0). */
  async pending(): Promise<number> {
    const r = await this.#db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .where('state', 'in', ['ready', 'running'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
