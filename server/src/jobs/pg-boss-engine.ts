import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/index.ts';
import { clientConfig, createPostgresPool } from '../db/postgres-pool.ts';
import { PREPARED } from '../db/prepared-statements.ts';
import {
  spentAfter,
  type ClaimedJob,
  type EnqueueInStatement,
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
   * Run pg-boss's maintenance in this process (expiry of jobs whose worker died, archiving of
   * finished jobs) every `maintenanceSeconds` (PGBOSS_MAINTENANCE_SECONDS). Instances that
   * serve only (no workers) leave it to the others.
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

type BossDb = PgBoss.Db;

/**
 * pg-boss's statements run on the caller's Kysely transaction (same-transaction enqueue). Its
 * insert has a fixed text and costs more to plan than to run: a prepared statement.
 */
function onTransaction(tx: JobTx): BossDb {
  return {
    async executeSql(text: string, values: unknown[]) {
      const r = await tx.executeQuery(CompiledQuery.raw(PREPARED + text, values ?? []));
      return { rows: r.rows as unknown[] };
    },
  };
}

/**
 * pg-boss's insert as it would run, split where its parameters stand: `parts` alternates SQL and
 * parameter numbers ($1 the jobs as JSON, then its settings, whose `values` these are).
 */
interface BossInsert {
  parts: string[];
  values: unknown[];
}

/**
 * pg-boss's own insert statement, captured from `insert` without running it (its `db` records the
 * statement and answers no rows), so the text is pg-boss's, whatever its version. Undefined when
 * the text is not of the shape a caller's statement can hold: the jobs' JSON as `$1` exactly once,
 * numbered parameters only, no dollar quotes (a later pg-boss could change it; the separate insert
 * is used then).
 */
async function captureInsert(boss: PgBoss): Promise<BossInsert | undefined> {
  let captured: { text: string; values: unknown[] } | undefined;
  await boss.insert([], {
    db: {
      async executeSql(text: string, values: unknown[]) {
        captured = { text, values: values ?? [] };
        return { rows: [] };
      },
    },
  });
  if (!captured) return undefined;
  const { text, values } = captured;
  const numbers = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  const fits =
    !text.includes('$$') &&
    numbers.filter((n) => n === 1).length === 1 &&
    numbers.every((n) => n >= 1 && n <= values.length);
  return fits ? { parts: text.split(/\$(\d+)/), values } : undefined;
}

/** pg-boss's insert as SQL of a caller's statement: `$1` becomes `rows`, the other values parameters. */
function embedInsert(insert: BossInsert, rows: RawBuilder<unknown>): RawBuilder<unknown> {
  const pieces = insert.parts.map((part, i) => {
    if (i % 2 === 0) return sql.raw(part);
    const n = Number(part);
    return n === 1 ? rows : sql`${insert.values[n - 1] ?? null}`;
  });
  return sql.join(pieces, sql.raw(''));
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

/**
 * Runs `work` while this process holds a session advisory lock, on a connection of its own (`work`
 * may need every connection of pg-boss's pool): instances starting together prepare pg-boss's
 * queues one at a time. pg-boss 10's createQueue takes no lock of its own, and two instances
 * creating the same queue at once can deadlock: one inserts the queue's row and then adds a foreign
 * key to the queue table, which waits for the other's insert, which waits for that row. Ending the
 * session releases the lock, also when the process dies.
 */
async function oneInstanceAtATime<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client(
    clientConfig({ connectionString, max: 1, statementTimeoutMs: 60_000, applicationName: 'tabloid-pgboss-prepare' }),
  );
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('tabloid pg-boss prepare'))`);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * pg-boss 10's fetch takes the next job with `ORDER BY priority desc, created_on, id LIMIT n` over
 * its index on (name, start_after): every claim reads and sorts every due job, so a claim costs
 * more the longer the queue (about 5 ms with 4,000 jobs waiting, against 0.05 ms with this index,
 * in which the first due job in that order is the first entry). Added to each prepared queue's
 * partition once the queue exists, never to the partitioned parent table (a statement on the
 * parent would take locks on every queue's partition).
 */
async function addFetchOrderIndexes(pool: pg.Pool, kinds: string[]): Promise<void> {
  const { rows } = await pool.query<{ partition_name: string }>(
    `select partition_name from ${PGBOSS_SCHEMA}.queue where name = any($1)`,
    [kinds],
  );
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  for (const { partition_name: table } of rows) {
    await pool.query(
      `create index if not exists ${quoted(`${table}_fo`)} on ${PGBOSS_SCHEMA}.${quoted(table)} ` +
        `(name, priority desc, created_on, id) where state < 'active'`,
    );
  }
}

/**
 * The job engine on PostgreSQL: pg-boss 10 (its `pgboss` schema, created and migrated by pg-boss
 * at start; one standard-policy queue per job kind). pg-boss's fetch claims a job with FOR UPDATE
 * SKIP LOCKED, so several instances share the work and never take the same job at once. A job
 * is `active` for at most `leaseMs` (its expireIn): pg-boss's maintenance then puts a job whose
 * worker died back for a retry (its retryLimit counts those), and the handler decides what the
 * half-done run means.
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
  readonly #claimed = new Map<string, JobData>();
  /** pg-boss's insert as a part of callers' statements (see inStatement), once captured. */
  #inStatement: EnqueueInStatement | undefined;

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
      const { default: PgBossClass } = await import('pg-boss');
      const pool = await createPostgresPool({
        connectionString: this.#connectionString,
        max: this.#o.poolMax,
        // pg-boss's schema migration and maintenance (locked, archiving) may take longer than a request.
        statementTimeoutMs: 60_000,
        applicationName: 'tabloid-pgboss',
        onError: (err) => this.#o.onError?.(err),
      });
      this.#pool = pool;
      const boss = new PgBossClass({
        db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
        schema: PGBOSS_SCHEMA,
        migrate: true,
        supervise: this.#o.supervise,
        maintenanceIntervalSeconds: this.#o.maintenanceSeconds,
        // No cron schedules (and so no clock-skew checks of the timekeeper).
        schedule: false,
      });
      boss.on('error', (err) => this.#o.onError?.(err));
      this.#boss = boss;
      await boss.start();
      const insert = await captureInsert(boss);
      if (insert) {
        this.#inStatement = {
          row: (job) => this.#newJobRow(job),
          insert: (rows) => embedInsert(insert, rows),
        };
      }
    }
    const boss = this.#boss;
    const pool = this.#pool!;
    const added = kinds.filter((kind) => !this.#kinds.has(kind));
    if (added.length === 0) return;
    await oneInstanceAtATime(this.#connectionString, async () => {
      for (const kind of added) {
        // Standard policy (no singleton rules: exactly-once is the share row's compare-and-swap).
        await boss.createQueue(kind, { name: kind, policy: 'standard' });
      }
      await addFetchOrderIndexes(pool, added);
    });
    for (const kind of added) this.#kinds.add(kind);
  }

  #ready(kind: string): PgBoss {
    if (!this.#boss || !this.#kinds.has(kind)) {
      // pg-boss's insert joins its queue table: a job of a queue never created would vanish silently.
      throw new Error(`job queue "${kind}" is not prepared (JobQueue.prepare after handle)`);
    }
    return this.#boss;
  }

  #insertRow(kind: string, data: JobData, startAfter: Date | undefined): PgBoss.JobInsert {
    return {
      name: kind,
      data,
      ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
      // Runs after a worker died (expiry) count as tries: what is left of the job's tries.
      retryLimit: Math.max(0, data.maxAttempts - data.spent - 1),
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: this.#expireInSeconds(),
    } as PgBoss.JobInsert;
  }

  /** A new job's row for pg-boss's insert: ready, no try spent yet. Its kind must be prepared. */
  #newJobRow(job: NewJob): PgBoss.JobInsert {
    this.#ready(job.kind);
    return this.#insertRow(job.kind, { payload: job.payload, spent: 0, maxAttempts: job.maxAttempts ?? 5 }, job.runAt);
  }

  /**
   * pg-boss's insert as a part of the caller's statement: the publish's share statement adds the
   * jobs of the shares it wrote (one round trip fewer while the article's row is locked).
   */
  inStatement(): EnqueueInStatement | undefined {
    return this.#inStatement;
  }

  /** pg-boss's insert (one statement for all jobs) on the caller's transaction. */
  async enqueueMany(tx: JobTx, jobs: NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const rows = jobs.map((j) => this.#newJobRow(j));
    await this.#ready(jobs[0]!.kind).insert(rows, { db: onTransaction(tx) });
  }

  async claim(kinds: string[]): Promise<ClaimedJob | null> {
    if (!this.#boss) return null;
    for (const kind of kinds) {
      if (!this.#kinds.has(kind)) continue;
      const [job] = await this.#boss.fetch<JobData>(kind, { batchSize: 1, includeMetadata: true });
      if (!job) continue;
      const data = job.data;
      this.#claimed.set(job.id, data);
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
    const boss = this.#ready(job.kind);
    const id = String(job.id);
    const data = this.#claimed.get(id);
    this.#claimed.delete(id);
    if (outcome.done || !data) {
      await boss.complete(job.kind, id);
      return;
    }
    const spent = spentAfter(job, outcome);
    const error = outcome.error.slice(0, 1000);
    if (spent >= job.maxAttempts) {
      // Its retryCount has reached its retryLimit (both count from the same tries): failed for good.
      await boss.fail(job.kind, id, { error });
      return;
    }
    // Completed and followed by the next try's job, atomically: never both runs, never neither.
    await inTransaction(this.#pool!, async (client) => {
      // The last statement's answer: complete's is the count of jobs it completed.
      let last: { rows: unknown[] } = { rows: [] };
      const db: BossDb = {
        executeSql: async (text: string, values: unknown[]) => (last = await client.query(text, values)),
      };
      await boss.complete(job.kind, id, { retryAt: outcome.at.toISOString(), error }, { db });
      const completed = Number((last.rows[0] as { count?: string | number } | undefined)?.count ?? 0);
      // Only while this run still holds the job (an expired run that another worker took again
      // leaves the follow-up to that worker).
      if (completed === 1) {
        await boss.insert([this.#insertRow(job.kind, { ...data, spent }, outcome.at)], { db });
      }
    });
  }

  async pending(): Promise<number> {
    if (!this.#pool || this.#kinds.size === 0) return 0;
    const r = await this.#pool.query<{ n: number }>(
      `select count(*)::int as n from ${PGBOSS_SCHEMA}.job where name = any($1) and state < 'completed'`,
      [[...this.#kinds]],
    );
    return r.rows[0]!.n;
  }

  async list(kind: string): Promise<JobView[]> {
    if (!this.#pool) return [];
    const r = await this.#pool.query<{ data: JobData; state: string; retry_count: number; started_on: Date | null }>(
      `select data, state, retry_count, started_on from ${PGBOSS_SCHEMA}.job where name = $1 order by created_on, id`,
      [kind],
    );
    return r.rows.map((row) => ({
      kind,
      payload: row.data.payload,
      state: VIEW_STATE[row.state] ?? 'ready',
      attempts: row.data.spent + (row.started_on ? row.retry_count + 1 : 0),
      maxAttempts: row.data.maxAttempts,
    }));
  }

  /**
   * Jobs left in the app's own `jobs` table by a version that kept them there on PostgreSQL too:
   * moved into pg-boss once, in one transaction (a running one as a retry: its handler finds the
   * share 'posting' and marks it unconfirmed). Answers how many moved.
   */
  async adoptTableJobs(database: Pick<Db, 'db'>): Promise<number> {
    if (this.#kinds.size === 0) return 0;
    return database.db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('jobs')
        .set({ state: 'done', last_error: 'moved to pg-boss', updated_at: new Date().toISOString() })
        .where('state', 'in', ['ready', 'running'])
        .where('kind', 'in', [...this.#kinds])
        .returningAll()
        .execute();
      if (rows.length === 0) return 0;
      await this.#boss!.insert(
        rows.map((r) =>
          this.#insertRow(
            r.kind,
            {
              payload: JSON.parse(r.payload) as Record<string, unknown>,
              spent: Math.min(r.attempts, r.max_attempts - 1),
              maxAttempts: r.max_attempts,
            },
            r.state === 'ready' ? new Date(r.run_at) : undefined,
          ),
        ),
        { db: onTransaction(trx) },
      );
      return rows.length;
    });
  }

  async close(): Promise<void> {
    const boss = this.#boss;
    const pool = this.#pool;
    this.#boss = null;
    this.#pool = null;
    // The workers (JobQueue.stop) have finished their jobs already: nothing to wait for here.
    if (boss) await boss.stop({ graceful: false, close: false, wait: true }).catch((err) => this.#o.onError?.(err));
    if (pool) await pool.end().catch(() => undefined);
  }
}
