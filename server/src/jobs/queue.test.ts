import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createJobEngine, type JobEngineOptions } from './engines.ts';
import { PGBOSS_SCHEMA } from './pg-boss-engine.ts';
import { claimStatement } from './table-engine.ts';
import { JobQueue, type ClaimedJob, type JobEngine, type JobQueueOptions } from './queue.ts';

// The job queue through its interface, on the engine of the database the project runs on: the
// `jobs` table on SQLite (api), pg-boss on PostgreSQL (api-pg).
let env: TestApp;
const engines: JobEngine[] = [];

beforeAll(async () => {
  env = await createTestApp({ env: { SHARE_JOBS_ENABLED: 'false' } });
});
afterAll(async () => {
  for (const e of engines.splice(0)) await e.close();
  await env?.close();
});

const ENGINE: JobEngineOptions = { leaseMs: 30_000, pgBossPoolMax: 2, supervise: false, pgBossMaintenanceSeconds: 1 };

async function engine(o: Partial<JobEngineOptions> = {}, kinds: string[] = []): Promise<JobEngine> {
  const { engine: e } = await createJobEngine(env.database, { ...ENGINE, ...o });
  engines.push(e);
  await e.prepare(kinds);
  return e;
}

/** Counts every claim, also those that find nothing. */
class CountingQueue extends JobQueue {
  looks = 0;
  dryLooks = 0;
  override async claim(now?: Date): Promise<ClaimedJob | null> {
    this.looks += 1;
    const job = await super.claim(now);
    if (!job) this.dryLooks += 1;
    return job;
  }
}

async function queueOf(
  kind: string,
  o: JobQueueOptions,
  handler: (job: ClaimedJob, queue: CountingQueue) => Promise<void>,
) {
  const queue = new CountingQueue(await engine(), o);
  queue.handle(kind, async (job) => {
    await handler(job, queue);
    return { done: true };
  });
  await queue.prepare();
  return queue;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

describe('the job queue', () => {
  it('runs more jobs than its slots without waiting for the timer, and stops looking once dry', async () => {
    // The timer alone (a minute) would never finish the test: only freed slots and nudges can.
    const done: number[] = [];
    const queue = await queueOf('queue-test', { pollMs: 60_000, concurrency: 3 }, async (job, q) => {
      // The first job is the slow one: it ends only after the six others and after the queue ran
      // dry (a look that found nothing besides the one before the enqueue), whatever order the
      // engine hands the jobs out in (pg-boss's jobs of one transaction come in random order).
      if (job.payload.n === 0) await until(() => done.length === 6 && q.dryLooks >= 2);
      else await sleep(20);
      done.push(Number(job.payload.n));
    });
    queue.start();
    await sleep(50);
    expect(queue.looks).toBe(1);
    await env.database.db.transaction().execute((trx) =>
      queue.enqueueMany(
        trx,
        Array.from({ length: 7 }, (_, n) => ({ kind: 'queue-test', payload: { n } })),
      ),
    );
    queue.nudge();
    try {
      await until(() => done.length === 7);
      // The slow first job finishes last: the jobs finished before it, after the queue ran dry,
      // looked no further.
      expect(done.at(-1)).toBe(0);
      expect(queue.stats.claimed).toBe(7);
      // Claims that found nothing: the look before the enqueue, and the two fast slots that ran dry
      // together (one or both, as their claims interleave); the slow job's slot, finishing after
      // the queue ran dry, looks no further (a queue polled per finished job would make it 4).
      expect(queue.looks - queue.stats.claimed).toBeLessThanOrEqual(3);
      const looks = queue.looks;
      await sleep(100);
      expect(queue.looks).toBe(looks);
      await until(async () => (await queue.pending()) === 0);

      // A nudge after an enqueue claims at once.
      await env.database.db
        .transaction()
        .execute((trx) => queue.enqueueMany(trx, [{ kind: 'queue-test', payload: { n: 7 } }]));
      queue.nudge();
      await until(() => done.length === 8);
    } finally {
      await queue.stop();
    }
  });

  it('gives way to requests: a free slot waits while the process is busy, at most maxWaitMs in a row', async () => {
    let busy = true;
    let clock = 0;
    const done: number[] = [];
    const queue = await queueOf(
      'queue-give-way',
      {
        pollMs: 60_000,
        concurrency: 2,
        giveWay: { busy: () => busy, maxWaitMs: 1_000, checkMs: 5, now: () => clock },
      },
      async (job) => {
        done.push(Number(job.payload.n));
      },
    );
    const enqueue = (n: number) =>
      env.database.db.transaction().execute((trx) => queue.enqueue(trx, { kind: 'queue-give-way', payload: { n } }));
    queue.start();
    try {
      await enqueue(1);
      queue.nudge();
      // Busy, and the wait (on the test's clock) is shorter than maxWaitMs: no claim at all.
      await sleep(100);
      expect(queue.looks).toBe(0);
      // A quiet moment: the job is taken at once.
      busy = false;
      await until(() => done.length === 1);
      expect(done).toEqual([1]);
      // The other free slot's look, which finds nothing, has ended too: no claim is under way when
      // the load comes back (one still running would take the next job without giving way).
      await until(() => queue.dryLooks === 1);

      // Busy all the time: the free slots wait their longest (1 s on the clock), then claim anyway.
      busy = true;
      await enqueue(2);
      queue.nudge();
      await sleep(50);
      const looks = queue.looks;
      clock += 999;
      await sleep(50);
      expect(queue.looks).toBe(looks);
      expect(done).toEqual([1]);
      clock += 1;
      await until(() => done.length === 2);
      expect(done).toEqual([1, 2]);
    } finally {
      await queue.stop();
    }
  });

  it('an enqueue joins the caller transaction: a rolled-back one leaves no job', async () => {
    const e = await engine({}, ['queue-rollback']);
    await expect(
      env.database.db.transaction().execute(async (trx) => {
        await e.enqueueMany(trx, [{ kind: 'queue-rollback', payload: { n: 1 } }]);
        // Seen inside the transaction ...
        throw new Error('publish failed');
      }),
    ).rejects.toThrow('publish failed');
    // ... and gone with it.
    expect(await e.list('queue-rollback')).toEqual([]);
    expect(await e.claim(['queue-rollback'])).toBeNull();
    await env.database.db
      .transaction()
      .execute((trx) => e.enqueueMany(trx, [{ kind: 'queue-rollback', payload: { n: 2 } }]));
    expect(await e.list('queue-rollback')).toEqual([
      { kind: 'queue-rollback', payload: { n: 2 }, state: 'ready', attempts: 0, maxAttempts: 5 },
    ]);
  });

  it("cancel ends a kind's unfinished jobs (waiting, claimed), not its finished ones nor other kinds'", async () => {
    const e = await engine({}, ['queue-cancel', 'queue-kept']);
    await env.database.db.transaction().execute((trx) =>
      e.enqueueMany(trx, [
        { kind: 'queue-cancel', payload: { n: 1 } },
        { kind: 'queue-cancel', payload: { n: 2 } },
        { kind: 'queue-cancel', payload: { n: 3 }, runAt: new Date(Date.now() + 3_600_000) },
        { kind: 'queue-kept', payload: { n: 4 } },
      ]),
    );
    const done = await e.claim(['queue-cancel']);
    await e.finish(done!, { done: true });
    const running = await e.claim(['queue-cancel']);
    expect(running).not.toBeNull();
    expect(await e.cancel('queue-cancel')).toBe(2);
    expect((await e.list('queue-cancel')).map((j) => j.state)).toEqual(['done', 'done', 'done']);
    expect(await e.claim(['queue-cancel'], new Date(Date.now() + 7_200_000))).toBeNull();
    expect(await e.list('queue-kept')).toMatchObject([{ state: 'ready' }]);
    // Again: nothing left to cancel; a kind never prepared (no pg-boss queue) has nothing either.
    expect(await e.cancel('queue-cancel')).toBe(0);
    expect(await e.cancel('queue-never-prepared')).toBe(0);
  });

  it('cancelWaiting ends, in the caller transaction, the waiting jobs with exactly a given payload', async () => {
    const e = await engine({}, ['queue-withdraw', 'queue-other']);
    const share = { articleId: 7, platform: 'x', queuedAt: '2026-11-30T10:00:00.000Z' };
    await env.database.db.transaction().execute((trx) =>
      e.enqueueMany(trx, [
        { kind: 'queue-withdraw', payload: share },
        // Waiting for its next try (later): waiting too.
        { kind: 'queue-withdraw', payload: { ...share }, runAt: new Date(Date.now() + 3_600_000) },
        // The same share queued again since (another time), an entry's post (one field more), another kind.
        { kind: 'queue-withdraw', payload: { ...share, queuedAt: '2026-11-30T11:00:00.000Z' } },
        { kind: 'queue-withdraw', payload: { ...share, entryId: 3 } },
        { kind: 'queue-other', payload: share },
      ]),
    );
    // Jobs queued in one transaction share their creation time: the engines list them in no set order.
    const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    const waiting = async (kind = 'queue-withdraw') =>
      (await e.list(kind))
        .filter((j) => j.state === 'ready')
        .map((j) => j.payload)
        .sort(byJson);
    // Rolled back with the caller's change: nothing ends.
    await expect(
      env.database.db.transaction().execute(async (trx) => {
        expect(await e.cancelWaiting(trx, 'queue-withdraw', [share])).toBe(2);
        throw new Error('unpublish failed');
      }),
    ).rejects.toThrow('unpublish failed');
    expect(await waiting()).toHaveLength(4);
    expect(
      await env.database.db
        .transaction()
        .execute((trx) =>
          e.cancelWaiting(trx, 'queue-withdraw', [{ queuedAt: share.queuedAt, platform: 'x', articleId: 7 }]),
        ),
    ).toBe(2);
    expect(await waiting()).toEqual(
      [
        { ...share, queuedAt: '2026-11-30T11:00:00.000Z' },
        { ...share, entryId: 3 },
      ].sort(byJson),
    );
    expect(await waiting('queue-other')).toEqual([share]);
    // A claimed job (either of the two: they were created together) runs on: its handler decides.
    const claimed = await e.claim(['queue-withdraw'], new Date(Date.now() + 7_200_000));
    expect(claimed).not.toBeNull();
    const running = claimed!.payload;
    expect(
      await env.database.db.transaction().execute((trx) => e.cancelWaiting(trx, 'queue-withdraw', [running])),
    ).toBe(0);
    expect((await e.list('queue-withdraw')).filter((j) => j.state === 'running').map((j) => j.payload)).toEqual([
      running,
    ]);
  });

  it('a retry spends a try, a rate-limit wait does not, the last try ends the job', async () => {
    let held: ClaimedJob | null = null;
    const e = await engine({}, ['queue-retry']);
    await env.database.db
      .transaction()
      .execute((trx) => e.enqueueMany(trx, [{ kind: 'queue-retry', payload: { n: 1 }, maxAttempts: 2 }]));
    const first = await e.claim(['queue-retry']);
    expect(first).toMatchObject({ payload: { n: 1 }, attempt: 1, maxAttempts: 2 });
    // A rate limit: again at once here, without spending the try.
    await e.finish(first!, { done: false, at: new Date(), error: 'rate limited', countsAsAttempt: false });
    const open = async () => (await e.list('queue-retry')).filter((j) => j.state !== 'done');
    expect(await open()).toMatchObject([{ state: 'ready', attempts: 0 }]);
    await until(async () => (await e.claim(['queue-retry']).then((j) => (j ? (held = j) : null))) !== null);
    expect(held).toMatchObject({ payload: { n: 1 }, attempt: 1 });
    // A failure that counts: the second and last try follows.
    await e.finish(held!, { done: false, at: new Date(), error: 'server error' });
    expect(await open()).toMatchObject([{ state: 'ready', attempts: 1 }]);
    held = null;
    await until(async () => (await e.claim(['queue-retry']).then((j) => (j ? (held = j) : null))) !== null);
    expect(held).toMatchObject({ attempt: 2 });
    await e.finish(held!, { done: false, at: new Date(), error: 'server error' });
    expect(await open()).toMatchObject([{ state: 'dead', attempts: 2 }]);
    expect(await e.claim(['queue-retry'])).toBeNull();
  });

  it('two engines never take the same job; a job whose worker died is taken again after its lease', async () => {
    const kind = 'queue-shared';
    const [a, b] = [
      await engine({ leaseMs: 1_000, supervise: true }, [kind]),
      await engine({ leaseMs: 1_000 }, [kind]),
    ];
    await env.database.db.transaction().execute((trx) =>
      a.enqueueMany(
        trx,
        Array.from({ length: 20 }, (_, n) => ({ kind, payload: { n } })),
      ),
    );
    const taken: ClaimedJob[] = [];
    const take = async (e: JobEngine) => {
      for (let job = await e.claim([kind]); job; job = await e.claim([kind])) {
        taken.push(job);
        if (job.payload.n !== 0) await e.finish(job, { done: true });
      }
    };
    const claimEither = async () => {
      for (const e of [a, b]) {
        const job = await e.claim([kind]);
        if (job) return { e, job };
      }
      return null;
    };
    await Promise.all([take(a), take(b), take(a), take(b)]);
    const ns = taken.map((j) => Number(j.payload.n)).sort((x, y) => x - y);
    expect(ns).toEqual(Array.from({ length: 20 }, (_, n) => n));
    // Job 0's worker "died" (never finished it): after its lease it is claimed again, as try 2.
    let again: Awaited<ReturnType<typeof claimEither>> = null;
    await until(async () => (again = await claimEither()) !== null);
    expect(again!.job).toMatchObject({ payload: { n: 0 }, attempt: 2 });
    await again!.e.finish(again!.job, { done: true });
    expect((await a.list(kind)).map((j) => j.state)).toEqual(Array.from({ length: 20 }, () => 'done'));
  });

  it("on PostgreSQL, pg-boss's fetch reads the first due job through its index, not the whole queue", async () => {
    const kind = 'queue-order';
    const e = await engine({}, [kind]);
    if (e.name !== 'pg-boss') return expect(e.name).toBe('table');
    await env.database.db.transaction().execute((trx) =>
      e.enqueueMany(
        trx,
        Array.from({ length: 2_000 }, (_, n) => ({ kind, payload: { n } })),
      ),
    );
    const pool = new pg.Pool({ connectionString: env.database.connectionString!, max: 1 });
    // pg-boss's own fetch statement, as it runs it, seen through its `db` option and EXPLAINed
    // (not run: the job stays where it is).
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      schema: PGBOSS_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    try {
      await boss.start();
      await pool.query(`analyze ${PGBOSS_SCHEMA}.job`);
      let plan = '';
      await boss.fetch(kind, {
        batchSize: 1,
        db: {
          async executeSql(text: string, values?: unknown[]) {
            const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
            plan = rows.map((r) => r['QUERY PLAN']).join('\n');
            return { rows: [] };
          },
        },
      });
      expect(plan).toMatch(/Index Scan using \w*_i11 on /);
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await boss.stop({ graceful: false, close: false });
      await pool.end();
    }
    expect(await e.claim([kind])).toMatchObject({ kind, attempt: 1 });
  });

  it('on SQLite, a claim reads the first due job in the order of its index, sorting none of the waiting jobs', async () => {
    const kind = 'queue-order-table';
    const e = await engine({}, [kind]);
    if (e.name !== 'table') return expect(e.name).toBe('pg-boss');
    await env.database.db.transaction().execute((trx) =>
      e.enqueueMany(
        trx,
        Array.from({ length: 2_000 }, (_, n) => ({ kind, payload: { n }, runAt: new Date(Date.now() - 2_000 + n) })),
      ),
    );
    const statement = claimStatement(env.database.db, 'plan', [kind], new Date(), 30_000).compile();
    const { rows } = await env.database.db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    const reads = rows.filter((r) => / jobs /.test(`${r.detail} `) && !/PRIMARY KEY/.test(r.detail));
    // Two reads (the ready jobs, the expired leases), each through the (state, run_at) index ...
    expect(reads.map((r) => r.detail)).toEqual([
      expect.stringMatching(/^SEARCH jobs USING INDEX jobs_due_idx \(state=\? AND run_at<\?\)/),
      expect.stringMatching(/^SEARCH jobs USING INDEX jobs_due_idx \(state=\?\)/),
    ]);
    // ... each alone in its subquery, with no sort: the index gives the order, one row is read
    // from each (not every waiting job sorted by run_at).
    for (const read of reads) {
      const subquery = rows.find((r) => r.id === read.parent)!;
      expect(subquery.detail).toMatch(/^CO-ROUTINE /);
      expect(rows.filter((r) => r.parent === subquery.id).map((r) => r.detail)).toEqual([read.detail]);
    }
    // The oldest due job comes first.
    expect(await e.claim([kind])).toMatchObject({ payload: { n: 0 }, attempt: 1 });
  });

  it("on PostgreSQL, pending() (the one read of pg-boss's tables) counts the jobs findJobs shows unfinished", async () => {
    const kind = 'queue-pending';
    const e = await engine({}, [kind]);
    if (e.name !== 'pg-boss') return expect(e.name).toBe('table');
    await env.database.db.transaction().execute((trx) =>
      e.enqueueMany(
        trx,
        Array.from({ length: 5 }, (_, n) => ({ kind, payload: { n }, maxAttempts: 1 })),
      ),
    );
    expect(await e.pending()).toBe(5);
    // One running, one done, one failed for good, one waiting for a later try: three unfinished.
    const [done, running, failed] = [await e.claim([kind]), await e.claim([kind]), await e.claim([kind])];
    await e.finish(done!, { done: true });
    await e.finish(failed!, { done: false, at: new Date(), error: 'gone' });
    expect(running).not.toBeNull();
    const states = (await e.list(kind)).map((j) => j.state).sort();
    expect(states).toEqual(['dead', 'done', 'ready', 'ready', 'running']);
    expect(await e.pending()).toBe(3);
  });

  it('on PostgreSQL, unfinished jobs left in the jobs table move into pg-boss once', async () => {
    const kind = 'queue-adopt';
    const setup = await createJobEngine(env.database, ENGINE);
    engines.push(setup.engine);
    await setup.engine.prepare([kind]);
    const now = new Date().toISOString();
    const row = { kind, state: 'ready' as const, run_at: now, max_attempts: 5, created_at: now, updated_at: now };
    await env.database.db
      .insertInto('jobs')
      .values([
        { ...row, payload: JSON.stringify({ n: 1 }), attempts: 2 },
        { ...row, payload: JSON.stringify({ n: 2 }), state: 'done', attempts: 1 },
      ])
      .execute();
    if (setup.engine.name === 'pg-boss') {
      expect(await setup.adopt()).toBe(1);
      expect(await setup.adopt()).toBe(0);
      expect(await setup.engine.list(kind)).toEqual([
        { kind, payload: { n: 1 }, state: 'ready', attempts: 2, maxAttempts: 5 },
      ]);
      const left = await env.database.db.selectFrom('jobs').select('state').where('kind', '=', kind).execute();
      expect(left.map((r) => r.state)).toEqual(['done', 'done']);
      expect(await setup.engine.claim([kind])).toMatchObject({ payload: { n: 1 }, attempt: 3 });
    } else {
      // The table is this engine's own storage: nothing to move.
      expect(await setup.adopt()).toBe(0);
      expect((await setup.engine.list(kind)).map((j) => j.state)).toEqual(['ready', 'done']);
    }
  });
});
