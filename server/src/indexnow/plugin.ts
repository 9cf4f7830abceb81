import fp from 'fastify-plugin';
import { INDEXNOW_JOB, IndexNowNotifier } from './notifier.ts';
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
 * `indexnow` jobs on the job queue (app.jobs), run by its workers. Unset: nothing is registered, and
 * the `indexnow` jobs an earlier start queued (while a key was set) and that are still waiting are
 * cancelled: nothing here runs them, and a key set again later must not send them in a burst.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const c = config.indexNow;
    const queue = app.jobs;
    if (!c) {
      const cancelled = await queue.cancel(INDEXNOW_JOB);
      if (cancelled > 0)
        app.log.warn({ cancelled }, 'indexnow: INDEXNOW_KEY is not set; queued notifications cancelled');
      return;
    }
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
    // The workers start once the app is ready; the storage learns the new kind now (pg-boss: a queue).
    await queue.prepare();
    app.decorate('indexNow', notifier);
    await app.register(keyFileRoute, { key: c.key });
  },
  { name: 'indexnow', dependencies: ['jobs'] },
);
