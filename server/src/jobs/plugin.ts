import fp from 'fastify-plugin';
import { createJobEngine } from './engines.ts';
import { JobQueue } from './queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The durable job queue (set by the jobs plugin, decision 023): the features register their job
     * kinds on it (the share posts, IndexNow's notifications) and enqueue in their writes' transactions.
     */
    jobs: JobQueue;
  }
}

/** How long no request must have been answered for a moment to count as quiet for the job workers. */
const GIVE_WAY_QUIET_MS = 20;

/**
 * The job queue, the one place it is made: its engine (pg-boss on PostgreSQL, loaded only there; the
 * `jobs` table on SQLite), decorated as app.jobs. Registered before the features that use it: each
 * adds its handlers and prepares its kinds while it registers (so a write can enqueue from the
 * start). Once the app is ready, unfinished jobs an earlier version left are taken over, and, with
 * SHARE_JOBS_ENABLED (default true), this process's workers start; without it jobs are queued here
 * and run by another instance. On close the workers finish their jobs in flight, then the engine stops.
 */
export default fp(
  async (app) => {
    const { config, database } = app;
    const jobs = config.social.shares;
    // Longer than any one run: two provider calls plus a token refresh, each with its time limit.
    const leaseMs = Math.max(5_000, config.social.httpTimeoutMs * 3 + 2_000);
    const onError = (err: unknown) => app.log.error({ err }, 'job queue error');
    const { engine, adopt } = await createJobEngine(database, {
      leaseMs,
      pgBossPoolMax: jobs.pgBossPoolMax,
      supervise: jobs.workers,
      pgBossMaintenanceSeconds: jobs.pgBossMaintenanceSeconds,
      onError,
    });
    const queue = new JobQueue(engine, {
      pollMs: jobs.pollMs,
      concurrency: jobs.concurrency,
      // The jobs wait for a quiet moment (no request answered in the last 20 ms), at most JOBS_GIVE_WAY_MS.
      giveWay: { busy: () => app.requestActivity.busy(GIVE_WAY_QUIET_MS), maxWaitMs: jobs.giveWayMs },
      onError,
    });
    app.decorate('jobs', queue);
    app.addHook('onClose', async () => queue.close());
    // The engine's storage, now (pg-boss: started, its schema created or migrated); the features
    // prepare their own kinds as they register.
    await queue.prepare();
    // onReady hooks run in the order they were added: a feature that registers later and must act
    // before the workers claim does so while it registers (the shares' start-up reconciliation).
    app.addHook('onReady', async () => {
      // Every kind is known now: the unfinished jobs of those kinds an earlier version left move over.
      const moved = await adopt();
      if (moved > 0) app.log.info({ moved }, 'unfinished jobs moved from the jobs table to pg-boss');
      if (jobs.workers) queue.start();
    });
  },
  { name: 'jobs' },
);
