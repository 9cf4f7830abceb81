import fp from 'fastify-plugin';
import { siteOrigin } from '../auth/settings.ts';
import { DEFAULT_X_API_URL } from './config.ts';
import { createJobEngine } from '../jobs/engines.ts';
import { JobQueue } from '../jobs/queue.ts';
import { SocialSharesRepository } from './repositories/social-shares.ts';
import { sharesApi } from './routes/shares-api.ts';
import { socialApi } from './routes/social-api.ts';
import { ShareService } from './share-service.ts';
import { createSocial } from './social-clients.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sharing of published articles (set by the sharing plugin). */
    articleShares: ShareService;
    shareJobs: JobQueue;
  }
}

/** How long no request must have been answered for a moment to count as quiet for the share workers. */
const GIVE_WAY_QUIET_MS = 20;

/**
 * Sharing published articles to X and Facebook, all of it: the provider clients and their stored
 * tokens, the share service (decorated as app.articleShares, whose onPublished the publish
 * transaction calls), the job queue and its in-process workers, the shares API under /api/admin and
 * the social accounts API under /api/social.
 */
export default fp(
  async (app) => {
    const { config, database } = app;
    const jobs = config.social.shares;
    const social = createSocial(config, database);
    const repo = new SocialSharesRepository(database);
    // Longer than any one run: two provider calls plus a token refresh, each with its time limit.
    const leaseMs = Math.max(5_000, config.social.httpTimeoutMs * 3 + 2_000);
    const onError = (err: unknown) => app.log.error({ err }, 'job queue error');
    // PostgreSQL: pg-boss (loaded only there); SQLite: the app's own `jobs` table (decision 023).
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
      // The posts wait for a quiet moment (no request answered in the last 20 ms), at most JOBS_GIVE_WAY_MS.
      giveWay: { busy: () => app.requestActivity.busy(GIVE_WAY_QUIET_MS), maxWaitMs: jobs.giveWayMs },
      onError,
    });
    const service = new ShareService(social, repo, queue, {
      persona: config.siteName,
      siteOrigin: siteOrigin(config),
      jobs,
      log: app.log,
    });
    app.decorate('articleShares', service);
    app.decorate('shareJobs', queue);
    // Publishing enqueues whether or not this process runs workers: the queues exist from the start.
    app.addHook('onClose', async () => queue.close());
    await queue.prepare();
    const moved = await adopt();
    if (moved > 0) app.log.info({ moved }, 'unfinished jobs moved from the jobs table to pg-boss');
    if (jobs.workers) {
      app.addHook('onReady', async () => {
        if (database.dialect === 'sqlite') await service.reconcileAtStart();
        queue.start();
      });
    }

    // The X tab shows the account's profile picture from X's image CDN (and, against the local
    // fake, from the fake's origin): allow exactly those image origins in the pages' CSP.
    app.contentSecurityPolicy.add('img-src', 'https://pbs.twimg.com');
    const apiOrigin = new URL(config.social.xApiUrl).origin;
    if (apiOrigin !== new URL(DEFAULT_X_API_URL).origin) app.contentSecurityPolicy.add('img-src', apiOrigin);

    await app.register(sharesApi, { prefix: '/api/admin', repo, service });
    await app.register(socialApi, { social });
  },
  { name: 'sharing', dependencies: ['problem', 'auth', 'page-settings'] },
);
