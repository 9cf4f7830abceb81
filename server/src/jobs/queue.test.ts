import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createJobEngine, type JobEngineOptions } from './engines.ts';
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

  it('on PostgreSQL, a claim reads the first due job of the fetch order, not the whole queue', async () => {
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
    try {
      await pool.query('analyze pgboss.job');
      // pg-boss 10's own fetch statement (its plans.js), as EXPLAIN sees it.
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain select id from pgboss.job where name = $1 and state < 'active' and start_after < now()
         order by priority desc, created_on, id limit 1 for update skip locked`,
        [kind],
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Sort/);
      expect(plan).toMatch(/_fo on /);
    } finally {
      await pool.end();
    }
    // (Jobs of one insert share created_on; their order among themselves is pg-boss's random id.)
    expect(await e.claim([kind])).toMatchObject({ kind, attempt: 1 });
  });

  it("on PostgreSQL, pg-boss's insert inside a caller's statement writes the jobs enqueueMany writes", async () => {
    const kind = 'queue-in-statement';
    const e = await engine({}, [kind]);
    const embed = e.inStatement?.();
    if (e.name !== 'pg-boss') return expect(embed).toBeUndefined();
    if (!embed) throw new Error('pg-boss offers no insert for a statement');
    const job = (n: number) => ({ kind, payload: { n }, maxAttempts: 3 });
    const db = env.database.db;
    // A caller's data-modifying WITH: the jobs of the rows it picked (here: n > 1), in its statement.
    const picked = sql`(select json_agg(r.job::json order by r.n) from cand r where r.n > 1)`;
    const rows = sql.join([1, 2, 3].map((n) => sql`(${n}::integer, ${JSON.stringify(embed.row(job(n)))}::text)`));
    await sql`with cand (n, job) as (values ${rows}), jobs as (${embed.insert(picked)}) select 1`.execute(db);
    // None picked: json_agg of no rows is null, and no job is written.
    await sql`with cand (n, job) as (values ${rows}), jobs as (${embed.insert(sql`(select json_agg(r.job::json) from cand r where r.n > 9)`)}) select 1`.execute(
      db,
    );
    await db.transaction().execute((trx) => e.enqueueMany(trx, [job(12), job(13)]));
    const { rows: stored } = await sql<Record<string, unknown>>`
      select data, priority, retry_limit, retry_delay, retry_backoff, expire_in, policy, dead_letter,
             singleton_key, singleton_on, state, keep_until - start_after as kept,
             start_after <= now() as due
      from pgboss.job where name = ${kind} order by (data->'payload'->>'n')::integer`.execute(db);
    expect(stored.map((r) => (r.data as { payload: { n: number } }).payload.n)).toEqual([2, 3, 12, 13]);
    const same = ({ data, ...rest }: Record<string, unknown>) => ({
      ...rest,
      data: { ...(data as object), payload: null },
    });
    // Every column but the payload is the same either way.
    expect(same(stored[0]!)).toEqual(same(stored[2]!));
    expect(same(stored[1]!)).toEqual(same(stored[3]!));
    expect(stored[0]).toMatchObject({ state: 'created', due: true, retry_limit: 2 });
    expect(await e.claim([kind])).toMatchObject({ kind, attempt: 1, maxAttempts: 3 });
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
