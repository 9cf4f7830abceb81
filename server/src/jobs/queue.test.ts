import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { enqueueMany, JobQueue, type ClaimedJob } from './queue.ts';

// The job queue's polling (SQLite, and PostgreSQL in api-pg): a freed slot claims the next job at
// once while jobs wait, a queue that ran dry is not polled per finished job, a nudge wakes it.
let env: TestApp;

beforeAll(async () => {
  env = await createTestApp({ env: { SHARE_JOBS_ENABLED: 'false' } });
});
afterAll(async () => {
  await env?.close();
});

/** Counts every claim, also those that find nothing. */
class CountingQueue extends JobQueue {
  looks = 0;
  override async claim(now?: Date): Promise<ClaimedJob | null> {
    this.looks += 1;
    return super.claim(now);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

describe('the job queue', () => {
  it('runs more jobs than its slots without waiting for the timer, and stops looking once dry', async () => {
    // The timer alone (a minute) would never finish the test: only freed slots and nudges can.
    const queue = new CountingQueue(env.database, { pollMs: 60_000, concurrency: 3, leaseMs: 30_000 });
    const done: number[] = [];
    queue.handle('queue-test', async (job) => {
      await sleep(job.payload.n === 0 ? 150 : 20);
      done.push(Number(job.payload.n));
      return { done: true };
    });
    queue.start();
    await sleep(50);
    expect(queue.looks).toBe(1);
    await env.database.db.transaction().execute((trx) =>
      enqueueMany(
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
      expect(await queue.pending()).toBe(0);

      // A nudge after an enqueue claims at once.
      await env.database.db
        .transaction()
        .execute((trx) => enqueueMany(trx, [{ kind: 'queue-test', payload: { n: 7 } }]));
      queue.nudge();
      await until(() => done.length === 8, 2_000);
    } finally {
      await queue.stop();
    }
  });
});
