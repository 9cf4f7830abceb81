/**
 * Global setup of the vitest projects `api-pg` and `e2e-pg`: one PostgreSQL database migrated as a
 * first start migrates it (the app's migrations, then pg-boss's schema), which postgres-setup.ts copies
 * (CREATE DATABASE ... TEMPLATE) for every test app's database. An app started on the copy finds its
 * migrations and pg-boss's schema done, as on any later start, and makes what belongs to one
 * installation itself (sign-in keys, the first editor, pg-boss's queues). Migrating a fresh database
 * took about 0.3 s per test app here; copying the template takes about 30 ms.
 *
 * Only the copies made for openDatabase() with migrations start from it: a test that opens a database
 * without migrations (the migration tests, which migrate step by step) gets an empty one. The template
 * is made anew from the code at each run and dropped at its end.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/index.ts';
import { PgBossJobEngine } from '../jobs/pg-boss-engine.ts';
import { createTestPostgresDatabase, testDatabaseAdminUrl } from './postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name of the migrated template database (postgres-template.ts). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createTestPostgresDatabase(testDatabaseAdminUrl(), 'tabloid_template');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-template-'));
  try {
    const database = await openDatabase({ dataDir, databaseUrl: template.url });
    await database.destroy();
    const engine = new PgBossJobEngine(
      { connectionString: template.url },
      { leaseMs: 60_000, poolMax: 2, supervise: false, maintenanceSeconds: 60 },
    );
    try {
      await engine.prepare([]);
    } finally {
      await engine.close();
    }
  } catch (err) {
    await template.drop();
    throw err;
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}
