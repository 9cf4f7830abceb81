import fp from 'fastify-plugin';
import { siteOrigin } from '../auth/settings.ts';
import { DEFAULT_X_API_URL } from './config.ts';
import { SocialSharesRepository } from './repositories/social-shares.ts';
import { sharesApi } from './routes/shares-api.ts';
import { socialApi } from './routes/social-api.ts';
import { ShareService } from './share-service.ts';
import { createSocial } from './social-clients.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sharing of published articles (set by the sharing plugin). */
    articleShares: ShareService;
  }
}

/**
 * Sharing published articles to X and Facebook, all of it: the provider clients and their stored
 * tokens, the share service (decorated as app.articleShares, whose onPublished the publish
 * transaction calls) and its `share` jobs on the job queue (app.jobs, the jobs plugin), the shares
 * API under /api/admin and the social accounts API under /api/social.
 */
export default fp(
  async (app) => {
    const { config, database } = app;
    const jobs = config.social.shares;
    const social = createSocial(config, database);
    const repo = new SocialSharesRepository(database);
    const queue = app.jobs;
    const service = new ShareService(social, repo, queue, {
      persona: config.siteName,
      siteOrigin: siteOrigin(config),
      jobs,
      log: app.log,
    });
    app.decorate('articleShares', service);
    // Publishing enqueues whether or not this process runs workers: the kind's storage exists from the start.
    await queue.prepare();
    // SQLite: a share a stopped process left 'posting' is marked unconfirmed before this process's
    // workers claim anything (the jobs plugin starts them once the app is ready, after this).
    if (jobs.workers && database.dialect === 'sqlite') await service.reconcileAtStart();

    // The X tab shows the account's profile picture from X's image CDN (and, against the local
    // fake, from the fake's origin): allow exactly those image origins in the pages' CSP.
    app.contentSecurityPolicy.add('img-src', 'https://pbs.twimg.com');
    const apiOrigin = new URL(config.social.xApiUrl).origin;
    if (apiOrigin !== new URL(DEFAULT_X_API_URL).origin) app.contentSecurityPolicy.add('img-src', apiOrigin);

    await app.register(sharesApi, { prefix: '/api/admin', repo, service });
    await app.register(socialApi, { social });
  },
  { name: 'sharing', dependencies: ['problem', 'auth', 'page-settings', 'jobs'] },
);
