import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { markDataDirInUse } from './data-dir-lock.ts';
import { BackupScheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    backupScheduler: BackupScheduler;
  }
}

/**
 * Marks DATA_DIR as in use while the server runs (a restore refuses it) and, with
 * BACKUP_INTERVAL_HOURS, takes scheduled backups into BACKUP_DIR.
 */
const backupPlugin: FastifyPluginAsync = async (app) => {
  const unmark = markDataDirInUse(app.config.dataDir);
  const scheduler = new BackupScheduler({ config: app.config, database: app.database, log: app.log });
  app.decorate('backupScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => {
    await scheduler.stop();
    unmark();
  });
};

export default fp(backupPlugin, { name: 'backup' });
