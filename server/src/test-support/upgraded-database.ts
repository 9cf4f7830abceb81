import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateTo, openDatabase, type Db } from '../db/index.ts';

export interface UpgradedDatabase {
  /** The database as the server opens it after the upgrade (every later migration has run). */
  database: Db;
  /** Its data folder: a test app started on it (DATA_DIR) reaches the same database. */
  dataDir: string;
  /** Closes it and removes its data folder (close a test app started on it first). */
  close(): Promise<void>;
}

/**
 * A database an earlier release left, upgraded as a server start upgrades it (a migration's test):
 * a fresh data folder migrated up to `lastMigration` only, filled by `fill` with what that release
 * stored, closed, then opened with the remaining migrations. SQLite in `api`; in `api-pg` the test's
 * own PostgreSQL database (each migration test gets an empty one).
 */
export async function upgradedDatabase(
  lastMigration: string,
  fill: (before: Db) => Promise<void>,
): Promise<UpgradedDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `tabloid-${lastMigration.slice(0, 3)}-`));
  const before = await openDatabase({ dataDir: dir, databaseUrl: '' }, { skipMigrations: true });
  try {
    await migrateTo(before.db, before.dialect, lastMigration);
    await fill(before);
  } finally {
    await before.destroy();
  }
  const database = await openDatabase({ dataDir: dir, databaseUrl: '' });
  return {
    database,
    dataDir: dir,
    async close() {
      await database.destroy();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
