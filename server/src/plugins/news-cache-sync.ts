import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notify as pgNotify } from '../db/index.ts';

/** The PostgreSQL channel on which instances tell each other that articles changed. */
export const NEWS_CHANGED_CHANNEL = 'tabloid_news_changed';

/** The longest a change waits for others to share its NOTIFY with. */
export const NOTIFY_GATHER_MS = 10;

/**
 * Several instances on one PostgreSQL database: `app.newsCache.clear()` also sends a NOTIFY,
 * and every other instance LISTENing on the channel clears its own cache at once. If the listener
 * loses its connection it reconnects by itself and clears the cache (notifications sent meanwhile
 * are lost); the cache's short TTL bounds staleness in between. SQLite (one process): nothing to do.
 */
export default fp(
  async function newsCacheSync(app: FastifyInstance) {
    const { database } = app;
    if (database.dialect !== 'postgres' || !database.connectionString) return;
    const cache = app.newsCache;
    const clearLocal = cache.clear.bind(cache);
    const instanceId = crypto.randomUUID();
    // Loaded on PostgreSQL only: the embedded database never loads the pg driver.
    const { PgListener } = await import('../db/pg-listener.ts');

    const listener = new PgListener({
      connectionString: database.connectionString,
      channel: NEWS_CHANGED_CHANNEL,
      onMessage: (payload) => {
        if (payload !== instanceId) clearLocal();
      },
      onConnected: clearLocal,
      log: app.log,
    });

    // Changes that come close together (a burst of publishes) share one NOTIFY, sent at most
    // NOTIFY_GATHER_MS after the first of them: each change is committed before it clears the
    // cache, so a NOTIFY sent after the last of them tells the others about all of them.
    let waiting: NodeJS.Timeout | null = null;
    const notify = () => {
      waiting = null;
      pgNotify(database, NEWS_CHANGED_CHANNEL, instanceId).catch((err: unknown) => {
        app.log.warn({ err }, 'could not notify other instances of a news change (their caches expire by TTL)');
      });
    };
    cache.clear = () => {
      clearLocal();
      waiting ??= setTimeout(notify, NOTIFY_GATHER_MS);
    };

    await listener.start();
    app.addHook('onClose', async () => {
      // A change gathered for a NOTIFY still tells the others before this instance goes.
      if (waiting) {
        clearTimeout(waiting);
        notify();
      }
      await listener.stop();
    });
  },
  { name: 'news-cache-sync', dependencies: ['news'] },
);
