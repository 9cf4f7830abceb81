import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export type { JobTable } from '../db/schema.ts';

/** The caller's Kysely transaction (or, outside one, the database) that an enqueue joins. */
export type JobTx = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this time (default now). */
  runAt?: Date;
  /** Tries before the job is given up (default 5). */
  maxAttempts?: number;
}

export interface ClaimedJob {
  /** The engine's id of this run's job (a number in the table, a uuid in pg-boss). */
  id: number | string;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** A job as tests and status checks see it, whichever engine keeps it. */
export interface JobView {
  kind: string;
  payload: Record<string, unknown>;
  state: 'ready' | 'running' | 'done' | 'dead';
  /** Tries spent (a running job's current try included). */
  attempts: number;
  maxAttempts: number;
}

/**
 * What a handler answers: done, or run again at `at`. `countsAsAttempt: false` (a provider's rate
 * limit) waits without spending one of the job's tries.
 */
export type JobOutcome = { done: true } | { done: false; at: Date; error: string; countsAsAttempt?: boolean };

export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

/**
 * Where jobs are kept and how they are claimed: the `jobs` table (SQLite, TableJobEngine) or
 * pg-boss (PostgreSQL, PgBossJobEngine). Both give the same guarantees: an enqueue joins the
 * caller's transaction; a job is claimed by one worker at a time; a claimed job whose worker died
 * is claimed again after its lease (the handler decides what a half-done run means); a job that
 * is not done runs again at the time its handler named, spending a try unless told otherwise.
 */
export interface JobEngine {
  readonly name: 'table' | 'pg-boss';
  /** Makes the storage ready for these job kinds (pg-boss: its schema and one queue per kind). */
  prepare(kinds: string[]): Promise<void>;
  /** Adds jobs inside the caller's transaction: they exist exactly when the caller's change commits. */
  enqueueMany(tx: JobTx, jobs: NewJob[]): Promise<void>;
  /** Claims one due job of these kinds (or one whose lease ran out); null when none is due. */
  claim(kinds: string[], now?: Date): Promise<ClaimedJob | null>;
  /** Records the handler's outcome of a claimed job. */
  finish(job: ClaimedJob, outcome: JobOutcome): Promise<void>;
  /** Jobs not finished yet. */
  pending(): Promise<number>;
  /** The jobs of a kind (tests, status). */
  list(kind: string): Promise<JobView[]>;
  /**
   * Ends every unfinished job of a kind (waiting, or claimed) without running it again: a feature
   * turned off. Works whether or not this process handles the kind; answers how many it ended.
   */
  cancel(kind: string): Promise<number>;
  /**
   * Ends the waiting jobs of a kind whose payload is exactly one of `payloads` (the same fields with
   * the same values: samePayload), inside the caller's transaction, as an enqueue joins it: they end
   * exactly when the caller's change commits. A job waiting for its next try is waiting; a claimed one
   * runs on (its handler decides what it finds). Answers how many it ended.
   */
  cancelWaiting(tx: JobTx, kind: string, payloads: Record<string, unknown>[]): Promise<number>;
  /** Stops all of it and frees connections of its own. */
  close(): Promise<void>;
}

/**
 * Background work gives way to the requests the process is answering: while `busy()` is true a
 * free slot waits (looking again every `checkMs`) before it claims a job, for at most `maxWaitMs`
 * in a row; then the free slots claim anyway, so jobs still run under constant load.
 */
export interface GiveWay {
  busy: () => boolean;
  /** The longest a free slot waits for a quiet moment (0: never waits). */
  maxWaitMs: number;
  /** How often a waiting slot looks again (default 20 ms). */
  checkMs?: number;
  now?: () => number;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (ms). */
  pollMs: number;
  /** Jobs one process runs at the same time. */
  concurrency: number;
  giveWay?: GiveWay;
  onError?: (err: unknown) => void;
}

/** Exponential backoff with jitter: base * 2^(attempt-1), then a random 80-120 %. */
export function backoffDelay(attempt: number, baseMs: number, random = Math.random): number {
  const exp = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(exp * (0.8 + 0.4 * random()));
}

/**
 * The in-process workers over a JobEngine: handlers per job kind, up to `concurrency` jobs at
 * once, a poll every `pollMs` while idle, a nudge after an enqueue in this process. Which worker
 * gets which job, leases and retries are the engine's.
 */
export class JobQueue {
  readonly engine: JobEngine;
  readonly #o: JobQueueOptions;
  readonly #handlers = new Map<string, JobHandler>();
  /** Claims this process made (tests and the bench look at how instances shared the work). */
  readonly stats = { claimed: 0 };
  readonly #running = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #stopped = true;
  #polling = false;
  #pollUnderWay: Promise<void> = Promise.resolve();
  /** Look again as soon as the poll under way ends (a nudge came while it ran). */
  #again = false;
  /** The last claim found nothing due: a finished job does not look again until a nudge or the timer. */
  #dry = false;
  /** Since when free slots have been giving way to requests (null: not waiting). */
  #waitingSince: number | null = null;

  constructor(engine: JobEngine, options: JobQueueOptions) {
    this.engine = engine;
    this.#o = options;
  }

  handle(kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler);
  }

  /** Makes the engine's storage ready for the kinds handled (call after handle()). */
  async prepare(): Promise<void> {
    await this.engine.prepare([...this.#handlers.keys()]);
  }

  /** Adds jobs inside the caller's transaction (see JobEngine.enqueueMany). */
  enqueueMany(tx: JobTx, jobs: NewJob[]): Promise<void> {
    return jobs.length === 0 ? Promise.resolve() : this.engine.enqueueMany(tx, jobs);
  }

  enqueue(tx: JobTx, job: NewJob): Promise<void> {
    return this.enqueueMany(tx, [job]);
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops claiming; waits for the poll under way (a job it claims still runs) and the jobs in flight. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#pollUnderWay;
    await Promise.allSettled([...this.#running]);
  }

  /** Stops the workers and the engine (server close). */
  async close(): Promise<void> {
    await this.stop();
    await this.engine.close();
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
    this.#timer = setTimeout(() => {
      this.#pollUnderWay = this.#poll();
    }, ms);
    this.#timer.unref?.();
  }

  /** True while a free slot should give way to the requests being answered (see GiveWay). */
  #givingWay(): boolean {
    const g = this.#o.giveWay;
    if (!g || g.maxWaitMs <= 0 || !g.busy()) {
      this.#waitingSince = null;
      return false;
    }
    const now = (g.now ?? Date.now)();
    this.#waitingSince ??= now;
    return now - this.#waitingSince < g.maxWaitMs;
  }

  async #poll(): Promise<void> {
    if (this.#polling || this.#stopped) return;
    this.#polling = true;
    this.#again = false;
    let waiting = false;
    try {
      while (!this.#stopped && this.#running.size < this.#o.concurrency) {
        if (this.#givingWay()) {
          waiting = true;
          break;
        }
        const job = await this.claim();
        this.#dry = !job;
        if (!job) break;
        const p = this.#run(job).finally(() => {
          this.#running.delete(p);
          // A slot is free: claim the next job at once if the last look stopped at the limit with
          // jobs maybe waiting; after a dry look, no claim per finished job (no polls while idle).
          // A poll under way sees the free slot itself: it claims on while it finds jobs, and a
          // look after it found none would be one more dry look.
          if (!this.#dry && !this.#polling) this.#schedule(0);
        });
        this.#running.add(p);
      }
    } catch (err) {
      this.#o.onError?.(err);
    } finally {
      this.#polling = false;
      // The slots that waited their longest have claimed: the next ones wait afresh.
      if (!waiting) this.#waitingSince = null;
      this.#schedule(waiting ? (this.#o.giveWay?.checkMs ?? 20) : this.#again ? 0 : this.#o.pollMs);
    }
  }

  /** Claims one due job of a handled kind for this process; null when none is due. */
  async claim(now = new Date()): Promise<ClaimedJob | null> {
    const job = await this.engine.claim([...this.#handlers.keys()], now);
    if (job) this.stats.claimed += 1;
    return job;
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
    await this.engine.finish(job, outcome).catch((err) => this.#o.onError?.(err));
  }

  /** Jobs not finished yet (tests and the bench wait for 0). */
  pending(): Promise<number> {
    return this.engine.pending();
  }

  /** The jobs of a kind (tests, status). */
  list(kind: string): Promise<JobView[]> {
    return this.engine.list(kind);
  }

  /** Ends every unfinished job of a kind (a feature turned off; see JobEngine.cancel): how many. */
  cancel(kind: string): Promise<number> {
    return this.engine.cancel(kind);
  }

  /** Ends, in the caller's transaction, the waiting jobs with these payloads (see JobEngine.cancelWaiting). */
  cancelWaiting(tx: JobTx, kind: string, payloads: Record<string, unknown>[]): Promise<number> {
    return payloads.length === 0 ? Promise.resolve(0) : this.engine.cancelWaiting(tx, kind, payloads);
  }
}

/** Whether two payloads have the same fields with the same values (JSON-equal), whatever their order. */
export function samePayload(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && JSON.stringify(a[k]) === JSON.stringify(b[k]))
  );
}

/** Tries a finished run leaves spent: a rate limit (countsAsAttempt false) gives its try back. */
export function spentAfter(job: ClaimedJob, outcome: JobOutcome): number {
  return !outcome.done && outcome.countsAsAttempt === false ? job.attempt - 1 : job.attempt;
}
