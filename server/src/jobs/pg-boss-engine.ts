import { CompiledQuery, sql } from 'kysely';
import type pg from 'pg';
import type { Db as BossDb, JobInsert, PgBoss } from 'pg-boss';
import type { Db } from '../db/index.ts';
import { createPostgresPool } from '../db/postgres-pool.ts';
import { PREPARED } from '../db/prepared-statements.ts';
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

/** pg-boss's schema in the app's database. */
export const PGBOSS_SCHEMA = 'pgboss';

export interface PgBossEngineOptions {
  /** A job whose worker has not finished it after this long is taken again (pg-boss's expireIn); ms. */
  leaseMs: number;
  /** Connections of pg-boss's own pool (PGBOSS_POOL_MAX), beside the app's DATABASE_POOL_MAX. */
  poolMax: number;
  /**
   * Run pg-boss's supervision in this process (expiry of jobs whose worker died, every
   * `maintenanceSeconds`: PGBOSS_MAINTENANCE_SECONDS; deletion of finished jobs after 7 days, once a
   * day). Instances that serve only (no workers) leave it to the others.
   */
  supervise: boolean;
  maintenanceSeconds: number;
  onError?: (err: unknown) => void;
}

/** What pg-boss keeps in a job's `data`: the payload, and the tries its earlier jobs spent. */
interface JobData {
  payload: Record<string, unknown>;
  /** Tries spent before this job was sent (a retry or a rate-limit wait sends a new job). */
  spent: number;
  maxAttempts: number;
}

/**
 * pg-boss's `db` option on the caller's Kysely transaction (same-transaction enqueue): pg-boss
 * runs its own statement, as it wrote it, on our connection. Its insert has a fixed text per
 * queue and costs more to plan than to run, so it runs as a named prepared statement (PREPARED:
 * planned once per pool connection).
 */
function onTransaction(tx: JobTx, prepared = true): BossDb {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const r = await tx.executeQuery(CompiledQuery.raw(prepared ? PREPARED + text : text, values ?? []));
      return { rows: r.rows as unknown[] };
    },
  };
}

const VIEW_STATE: Record<string, JobView['state']> = {
  created: 'ready',
  retry: 'ready',
  active: 'running',
  completed: 'done',
  cancelled: 'done',
  failed: 'dead',
};

/** Runs `work` in a transaction on one connection of `pool`. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The items by key, in their order (pg-boss inserts the jobs of one queue per call). */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The jobs a `findJobs` call answers at most (pg-boss's own upper bound). */
const FIND_LIMIT = 100_000;

/**
 * Where the `pgboss` schema of pg-boss 10 (schema version 24) is kept until its unfinished jobs
 * have moved: pg-boss 12 migrates only schemas of pg-boss 11 and later (version 25 on), so at start
 * an older one is renamed, pg-boss 12 creates its own, and `adopt` moves the jobs and drops it.
 */
export const PGBOSS_10_SCHEMA = 'pgboss_v10';
const FIRST_MIGRATABLE_VERSION = 25;

/** Renames a pg-boss 10 `pgboss` schema out of pg-boss 12's way (once, one instance at a time). */
async function moveVersion10Schema(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(`select pg_advisory_xact_lock(hashtext('tabloid pg-boss 10 schema'))`);
    const { rows } = await client.query<{ found: boolean }>(
      `select to_regclass('${PGBOSS_SCHEMA}.version') is not null and to_regnamespace('${PGBOSS_10_SCHEMA}') is null as found`,
    );
    if (!rows[0]!.found) return;
    const { rows: versions } = await client.query<{ version: number }>(`select version from ${PGBOSS_SCHEMA}.version`);
    if (Number(versions[0]?.version ?? FIRST_MIGRATABLE_VERSION) >= FIRST_MIGRATABLE_VERSION) return;
    await client.query(`alter schema ${PGBOSS_SCHEMA} rename to ${PGBOSS_10_SCHEMA}`);
  });
}

/**
 * The job engine on PostgreSQL: pg-boss 12 (its `pgboss` schema, created and migrated by pg-boss
 * at start; one standard-policy queue per job kind), used through its public API only. pg-boss's
 * fetch claims a job with FOR UPDATE SKIP LOCKED, so several instances share the work and never
 * take the same job at once. A job is `active` for at most `leaseMs` (its expireInSeconds):
 * pg-boss's supervision then puts a job whose worker died back for a retry (its retryLimit counts
 * those), and the handler decides what the half-done run means.
 *
 * The handler's "again at T" (backoff with jitter, or a provider's rate-limit reset that spends no
 * try) is not pg-boss's retryDelay: the job is completed and a follow-up job sent with startAfter
 * T, in one transaction, carrying the tries spent in its data.
 */
export class PgBossJobEngine implements JobEngine {
  readonly name = 'pg-boss' as const;
  readonly #connectionString: string;
  readonly #o: PgBossEngineOptions;
  #pool: pg.Pool | null = null;
  #boss: PgBoss | null = null;
  readonly #kinds = new Set<string>();
  /** The tries spent before each claimed job was sent, by job id (for its attempt number and follow-up). */
  readonly #claimed = new Map<string, { data: JobData; retryCount: number }>();

  constructor(database: Pick<Db, 'connectionString'>, options: PgBossEngineOptions) {
    if (!database.connectionString) throw new Error('pg-boss needs the PostgreSQL connection string');
    this.#connectionString = database.connectionString;
    this.#o = options;
  }

  #expireInSeconds(): number {
    return Math.max(1, Math.ceil(this.#o.leaseMs / 1000));
  }

  /** Starts pg-boss (creating or migrating its schema) and creates the queues of these kinds. */
  async prepare(kinds: string[]): Promise<void> {
    if (!this.#boss) {
      const pool = await createPostgresPool({
        connectionString: this.#connectionString,
        max: this.#o.poolMax,
        // pg-boss's schema migration and supervision may take longer than a request.
        statementTimeoutMs: 60_000,
        applicationName: 'tabloid-pgboss',
        onError: (err) => this.#o.onError?.(err),
      });
      this.#pool = pool;
      // One instance at a time moves an old schema aside and lets pg-boss create or migrate its own:
      // two instances starting at once on the same database otherwise raced in pg-boss's creation of
      // its schema (a duplicate-key error from pg_namespace, seen in one start of two). The lock is
      // held on a connection of its own (pg-boss's start needs the pool's).
      const lock = await createPostgresPool({
        connectionString: this.#connectionString,
        max: 1,
        statementTimeoutMs: 0,
        applicationName: 'tabloid-pgboss-start',
        onError: (err) => this.#o.onError?.(err),
      });
      try {
        await lock.query(`select pg_advisory_lock(hashtext('tabloid pg-boss start'))`);
        await moveVersion10Schema(pool);
        await this.#startBoss(pool);
      } finally {
        await lock.end().catch(() => undefined);
      }
    }
    const boss = this.#started();
    for (const kind of kinds) {
      if (this.#kinds.has(kind)) continue;
      // Standard policy (no singleton rules: exactly-once is the share row's compare-and-swap). pg-boss
      // creates a queue under an advisory lock of its own, and creating an existing one changes nothing.
      await boss.createQueue(kind, { policy: 'standard' });
      this.#kinds.add(kind);
    }
  }

  async #startBoss(pool: pg.Pool): Promise<void> {
    const { PgBoss: PgBossClass } = await import('pg-boss');
    const seconds = this.#o.maintenanceSeconds;
    const boss = new PgBossClass({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      schema: PGBOSS_SCHEMA,
      migrate: true,
      // Supervision (expiry of a dead worker's job, deletion of old finished jobs, queue counts)
      // only in instances with workers, every `maintenanceSeconds`.
      supervise: this.#o.supervise,
      superviseIntervalSeconds: seconds,
      monitorIntervalSeconds: seconds,
      // No cron schedules (and so no clock-skew checks of the timekeeper).
      schedule: false,
      // The app's own telemetry covers requests; no span per fetch of an idle poll.
      openTelemetry: { enabled: false },
    });
    boss.on('error', (err) => this.#o.onError?.(err));
    this.#boss = boss;
    await boss.start();
  }

  #started(): PgBoss {
    if (!this.#boss) throw new Error('the pg-boss job engine is not prepared (JobQueue.prepare after handle)');
    return this.#boss;
  }

  #insertRow(data: JobData, startAfter: Date | undefined): JobInsert {
    return {
      data,
      ...(startAfter ? { startAfter } : {}),
      // Runs after a worker died (expiry) count as tries: what is left of the job's tries.
      retryLimit: Math.max(0, data.maxAttempts - data.spent - 1),
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: this.#expireInSeconds(),
    };
  }

  /**
   * pg-boss's insert with its `db` option on the caller's transaction, one statement per job kind
   * (pg-boss refuses a kind whose queue was never created).
   */
  async enqueueMany(tx: JobTx, jobs: NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const boss = this.#started();
    const byKind = groupBy(jobs, (j) => j.kind);
    const db = onTransaction(tx);
    for (const [kind, ofKind] of byKind) {
      const rows = ofKind.map((j) =>
        this.#insertRow({ payload: j.payload, spent: 0, maxAttempts: j.maxAttempts ?? 5 }, j.runAt),
      );
      await boss.insert(kind, rows, { db });
    }
  }

  async claim(kinds: string[]): Promise<ClaimedJob | null> {
    if (!this.#boss) return null;
    for (const kind of kinds) {
      if (!this.#kinds.has(kind)) continue;
      const [job] = await this.#boss.fetch<JobData>(kind, { batchSize: 1 });
      if (!job) continue;
      const data = job.data;
      this.#claimed.set(job.id, { data, retryCount: job.retryCount });
      return {
        id: job.id,
        kind,
        payload: data.payload,
        // retryCount: the runs of this job before, each ended by expiry (its worker died).
        attempt: data.spent + job.retryCount + 1,
        maxAttempts: data.maxAttempts,
      };
    }
    return null;
  }

  async finish(job: ClaimedJob, outcome: JobOutcome): Promise<void> {
    const boss = this.#started();
    const id = String(job.id);
    const claimed = this.#claimed.get(id);
    this.#claimed.delete(id);
    // This run's attempt of the job: a call for a run whose lease ran out (and that another worker
    // took again) leaves the job alone.
    const attempt = claimed ? { id, retryCount: claimed.retryCount } : id;
    if (outcome.done || !claimed) {
      await boss.complete(job.kind, attempt);
      return;
    }
    const spent = spentAfter(job, outcome);
    const error = outcome.error.slice(0, 1000);
    if (spent >= job.maxAttempts) {
      // Its retryCount has reached its retryLimit (both count from the same tries): failed for good.
      await boss.fail(job.kind, attempt, { error });
      return;
    }
    // Completed and followed by the next try's job, atomically: never both runs, never neither.
    await inTransaction(this.#pool!, async (client) => {
      const db: BossDb = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
      const completed = (await boss.complete(
        job.kind,
        attempt,
        { retryAt: outcome.at.toISOString(), error },
        { db },
      )) as {
        affected?: number;
      };
      // Only while this run still holds the job (an expired run that another worker took again
      // leaves the follow-up to that worker).
      if (completed.affected === 1) {
        await boss.insert(job.kind, [this.#insertRow({ ...claimed.data, spent }, outcome.at)], { db });
      }
    });
  }

  /**
   * Jobs not finished yet (tests and the bench wait for 0). pg-boss's API has no live count (its
   * queue counts are those of its last supervision pass), so this is the one read of its tables:
   * queue-test pins it against findJobs' states.
   */
  async pending(): Promise<number> {
    if (!this.#pool || this.#kinds.size === 0) return 0;
    const r = await this.#pool.query<{ n: number }>(
      `select count(*)::int as n from ${PGBOSS_SCHEMA}.job where name = any($1) and state < 'completed'`,
      [[...this.#kinds]],
    );
    return r.rows[0]!.n;
  }

  async list(kind: string): Promise<JobView[]> {
    if (!this.#boss || !this.#kinds.has(kind)) return [];
    const jobs = await this.#boss.findJobs<JobData>(kind, { limit: FIND_LIMIT });
    return jobs.map((job) => ({
      kind,
      payload: job.data.payload,
      state: VIEW_STATE[job.state] ?? 'ready',
      attempts: job.data.spent + (job.startedOn ? job.retryCount + 1 : 0),
      maxAttempts: job.data.maxAttempts,
    }));
  }

  /**
   * pg-boss's `cancel` of the kind's jobs `findJobs` shows unfinished (created, retry, active): they
   * end `cancelled` (shown as done). A kind whose queue was never created has none.
   */
  async cancel(kind: string): Promise<number> {
    const boss = this.#started();
    if (!(await boss.getQueue(kind))) return 0;
    const jobs = await boss.findJobs<JobData>(kind, { limit: FIND_LIMIT });
    const ids = jobs
      .filter((j) => VIEW_STATE[j.state] === 'ready' || VIEW_STATE[j.state] === 'running')
      .map((j) => j.id);
    if (ids.length === 0) return 0;
    const result = (await boss.cancel(kind, ids)) as { affected?: number };
    return result.affected ?? ids.length;
  }

  /**
   * pg-boss's `findJobs` of the kind's queued jobs (created, or waiting for a retry) whose data holds
   * each payload (its `data` containment), compared whole, then its `cancel` of them: both with its
   * `db` option on the caller's transaction, so they end when it commits. A job a worker fetched since
   * the find may be cancelled while active: its run goes on, and its completion then changes nothing.
   * Rare (a withdrawal): plain statements, not prepared ones.
   */
  async cancelWaiting(tx: JobTx, kind: string, payloads: Record<string, unknown>[]): Promise<number> {
    if (payloads.length === 0) return 0;
    const boss = this.#started();
    if (!this.#kinds.has(kind) && !(await boss.getQueue(kind))) return 0;
    const db = onTransaction(tx, false);
    const ids = new Set<string>();
    for (const payload of payloads) {
      const jobs = await boss.findJobs<JobData>(kind, { data: { payload }, queued: true, limit: FIND_LIMIT, db });
      for (const job of jobs) if (samePayload(job.data.payload, payload)) ids.add(job.id);
    }
    if (ids.size === 0) return 0;
    const result = (await boss.cancel(kind, [...ids], { db })) as { affected?: number };
    return result.affected ?? ids.size;
  }

  /**
   * Unfinished jobs an earlier version left, moved into pg-boss once, each source in one
   * transaction: those of the app's own `jobs` table (a version that kept them there on PostgreSQL
   * too), and those of a pg-boss 10 schema renamed at start (which is dropped then). A running one
   * comes back as a retry: its handler finds the share 'posting' and marks it unconfirmed. Answers
   * how many moved.
   */
  async adopt(database: Pick<Db, 'db'>): Promise<number> {
    if (this.#kinds.size === 0) return 0;
    return (await this.#adoptTableJobs(database)) + (await this.#adoptVersion10Jobs(database));
  }

  async #adoptVersion10Jobs(database: Pick<Db, 'db'>): Promise<number> {
    const boss = this.#started();
    return database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('tabloid pg-boss 10 schema'))`.execute(trx);
      const { rows: found } = await sql<{ found: boolean }>`
        select to_regclass(${`${PGBOSS_10_SCHEMA}.job`}) is not null as found`.execute(trx);
      if (!found[0]!.found) return 0;
      // pg-boss 10's job table, read once: its unfinished jobs of the kinds this app handles.
      const { rows } = await sql<{
        name: string;
        data: JobData;
        state: string;
        retry_count: number;
        started_on: Date | null;
        start_after: Date;
      }>`select name, data, state::text as state, retry_count, started_on, start_after
         from ${sql.table(`${PGBOSS_10_SCHEMA}.job`)}
         where state::text in ('created', 'retry', 'active') and name in (${sql.join([...this.#kinds])})`.execute(trx);
      const db = onTransaction(trx);
      for (const [kind, ofKind] of groupBy(rows, (r) => r.name)) {
        await boss.insert(
          kind,
          ofKind.map((r) => {
            const ran = r.started_on ? r.retry_count + 1 : 0;
            const spent = Math.min(r.data.spent + ran, r.data.maxAttempts - 1);
            return this.#insertRow({ ...r.data, spent }, r.state === 'active' ? undefined : new Date(r.start_after));
          }),
          { db },
        );
      }
      await sql`drop schema ${sql.id(PGBOSS_10_SCHEMA)} cascade`.execute(trx);
      return rows.length;
    });
  }

  async #adoptTableJobs(database: Pick<Db, 'db'>): Promise<number> {
    const boss = this.#started();
    return database.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('jobs')
        .set({ state: 'done', last_error: 'moved to pg-boss', updated_at: new Date().toISOString() })
        .where('state', 'in', ['ready', 'running'])
        .where('kind', 'in', [...this.#kinds])
        .returningAll()
        .execute();
      const db = onTransaction(trx);
      for (const [kind, ofKind] of groupBy(rows, (r) => r.kind)) {
        await boss.insert(
          kind,
          ofKind.map((r) =>
            this.#insertRow(
              {
                payload: JSON.parse(r.payload) as Record<string, unknown>,
                spent: Math.min(r.attempts, r.max_attempts - 1),
                maxAttempts: r.max_attempts,
              },
              r.state === 'ready' ? new Date(r.run_at) : undefined,
            ),
          ),
          { db },
        );
      }
      return rows.length;
    });
  }

  async close(): Promise<void> {
    const boss = this.#boss;
    const pool = this.#pool;
    this.#boss = null;
    this.#pool = null;
    // The workers (JobQueue.stop) have finished their jobs already: nothing to wait for here.
    if (boss) await boss.stop({ graceful: false, close: false }).catch((err) => this.#o.onError?.(err));
    if (pool) await pool.end().catch(() => undefined);
  }
}
