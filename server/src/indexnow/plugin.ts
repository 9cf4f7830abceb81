import fp from 'fastify-plugin';
import { IndexNowNotifier } from './notifier.ts';
import { keyFileRoute } from './key-file.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** IndexNow notifications (set by the indexnow plugin only when INDEXNOW_KEY is set). */
    indexNow: IndexNowNotifier;
  }
}

/**
 * IndexNow (decision 045), all of it: with INDEXNOW_KEY set, the key file at /{key}.txt and the
 * notifier (decorated as app.indexNow, whose hooks the article repository's writes call), its
 * `indexnow` jobs run by the share job queue's workers. Unset: nothing is registered.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const c = config.indexNow;
    if (!c) return;
    const queue = app.shareJobs;
    const notifier = new IndexNowNotifier(queue, {
      key: c.key,
      endpoint: c.endpoint,
      siteOrigin: config.publicUrl,
      batchMs: c.batchMs,
      retryBaseMs: config.social.shares.retryBaseMs,
      maxAttempts: config.social.shares.maxAttempts,
      timeoutMs: config.social.httpTimeoutMs,
      log: app.log,
    });
    // The queue is started once the app is ready; its storage learns the new kind now (pg-boss: a queue).
    await queue.prepare();
    app.decorate('indexNow', notifier);
    await app.register(keyFileRoute, { key: c.key });
  },
  { name: 'indexnow', dependencies: ['sharing'] },
);
