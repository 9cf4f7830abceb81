import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

describe('health probes', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('/healthz answers 200 {status:"ok"}, not cached', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database answers and every migration is applied', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 problem+json with Retry-After when the database is gone; /healthz stays 200', async () => {
    t = await createTestApp();
    await t.database.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    const body = expectProblem(res, 503, 'database is not reachable');
    expect(body.title).toBe('Not Ready');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 naming the pending migrations of a database that is not migrated', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-ready-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      ADMIN_USERNAME: 'test.editor',
      ADMIN_PASSWORD: 'test-only password, not a secret',
    });
    const migrated = await openDatabase(config);
    await migrated.destroy();
    // Reopen without migrating, then forget the last migration: the schema is one step behind.
    const database = await openDatabase(config, { skipMigrations: true });
    const app = await buildApp({ config, database, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const app2 = await buildApp({ config, database, logger: false });
      await database.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '004-social' as never)
        .execute();
      const res = await app2.inject({ method: 'GET', url: '/readyz' });
      expectProblem(res, 503, 'Database migrations are not applied yet: 004-social.');
      await app2.close();
    } finally {
      await app.close();
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
