import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { TEST_APP_ENV } from '../test-support/test-app.ts';
import { BackupScheduler } from './scheduler.ts';

/** Several instances on one PostgreSQL database: each scheduled backup is taken by one of them. */

let pg: TestPostgresDatabase;
let tmp: string;
const instances: Db[] = [];

beforeAll(async () => {
  pg = await createTestPostgresDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-backup-instances-'));
});
afterAll(async () => {
  for (const d of instances) await d.destroy();
  await pg?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('three instances whose schedules fire at once take one backup', { timeout: 120_000 }, async () => {
  const dir = path.join(tmp, 'backups');
  const config = loadConfig({
    ...TEST_APP_ENV,
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: pg.url,
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    BACKUP_INTERVAL_HOURS: '24',
    BACKUP_DIR: dir,
  });
  for (let i = 0; i < 3; i++) instances.push(await openDatabase({ ...config, databasePoolMax: 3 }));
  const clock = new Date('2026-03-02T03:00:00.000Z');
  const schedulers = instances.map((database) => new BackupScheduler({ config, database, now: () => clock }));
  const outcomes = await Promise.all(schedulers.map((s) => s.runIfDue()));
  expect(outcomes.filter((o) => o.outcome === 'taken')).toHaveLength(1);
  expect(outcomes.filter((o) => o.outcome === 'skipped')).toHaveLength(2);
  expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tar'))).toHaveLength(1);
  // Later the same day, any of them finds it done.
  const again = await Promise.all(schedulers.map((s) => s.runIfDue()));
  expect(again.every((o) => o.outcome === 'skipped')).toBe(true);
  const runs = await instances[0]!.db.selectFrom('backup_runs').selectAll().execute();
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatchObject({ status: 'succeeded', origin: 'scheduled' });
});
