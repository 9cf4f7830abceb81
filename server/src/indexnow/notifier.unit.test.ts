import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { IndexNowNotifier, MAX_URLS_PER_JOB } from './notifier.ts';

const BATCH_MS = 150;

/** A queue that records what is queued; each enqueue takes longer than a window, as on a slow machine. */
function slowQueue() {
  const queued: { runAt: Date; urls: string[] }[] = [];
  const queue = {
    handle() {},
    nudge() {},
    async enqueue(_trx: unknown, job: { runAt: Date; payload: { urls: string[] } }) {
      queued.push({ runAt: job.runAt, urls: job.payload.urls });
      vi.advanceTimersByTime(BATCH_MS + 50);
    },
  };
  return { queue: queue as unknown as JobQueue, queued };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('IndexNow: a change queued in several jobs', () => {
  it('falls due in one window however long the queueing takes, so its jobs go in one submission', async () => {
    vi.useFakeTimers({ now: 1_000_000 + 140 });
    const { queue, queued } = slowQueue();
    const notifier = new IndexNowNotifier(queue, {
      key: 'k'.repeat(32),
      endpoint: 'http://127.0.0.1:1/indexnow',
      siteOrigin: 'https://smear.example',
      batchMs: BATCH_MS,
      retryBaseMs: 1000,
      maxAttempts: 3,
      timeoutMs: 1000,
      log: { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger,
    });
    const articles = Array.from({ length: 2 * MAX_URLS_PER_JOB + 1 }, (_, i) => ({
      id: i + 1,
      slug: `story-${i + 1}`,
      published_at: '2026-11-29T10:00:00.000Z',
      deleted_at: null,
    }));
    await notifier.onRecordChanged({} as Transaction<Database>, {
      kind: 'tags',
      before: { id: 7, name: 'Everything', slug: 'everything' },
      after: { id: 7, name: 'Absolutely everything', slug: 'absolutely-everything' },
      articles,
      formerSlugs: [],
    });
    expect(queued.map((j) => j.urls.length)).toEqual([1000, 1000, 3]);
    // Queued across three windows of the clock, due at the end of the first.
    expect(Date.now() - 1_000_140).toBeGreaterThan(2 * BATCH_MS);
    expect(new Set(queued.map((j) => j.runAt.getTime()))).toEqual(new Set([1_000_200]));
  });
});
