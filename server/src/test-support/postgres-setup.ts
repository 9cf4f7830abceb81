/**
 * Setup file of the vitest projects `api-pg` and `e2e-pg` (vitest.config.ts; only when
 * TEST_DATABASE_URL is set): the same test files as `api` / `e2e`, but every openDatabase() of a
 * test opens a FRESH PostgreSQL database instead of the SQLite file in its DATA_DIR: a copy of the
 * migrated template (postgres-template.ts), or an empty one when the first open skips migrations.
 * Reopening the same DATA_DIR in one test file reaches the same database (data persists as with
 * the file); every database created by a test file is dropped after that file.
 */
import { afterAll, inject, vi } from 'vitest';
import type { DatabaseConfig, OpenDatabaseOptions } from '../db/index.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './postgres-databases.ts';

/**
 * The databases made by this file's tests, by DATA_DIR. Kept on globalThis: when a worker runs
 * several files in one module graph, a module imported by an earlier file still holds the mock this
 * setup made then, and both must reach the same databases.
 */
const created: Map<string, Promise<TestPostgresDatabase>> = ((
  globalThis as { tabloidTestPostgresDatabases?: Map<string, Promise<TestPostgresDatabase>> }
).tabloidTestPostgresDatabases ??= new Map());

vi.mock('../db/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../db/index.ts')>();
  return {
    ...actual,
    async openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}) {
      if (config.databaseUrl) return actual.openDatabase(config, options);
      let database = created.get(config.dataDir);
      if (!database) {
        const template = options.skipMigrations ? undefined : inject('postgresTemplate');
        database = createTestPostgresDatabase(undefined, undefined, template);
        created.set(config.dataDir, database);
      }
      const { url } = await database;
      return actual.openDatabase(
        { ...config, databaseUrl: url, databasePoolMax: config.databasePoolMax ?? 5 },
        options,
      );
    },
  };
});

afterAll(async () => {
  const all = [...created.values()];
  created.clear();
  for (const database of all) await (await database).drop();
});
