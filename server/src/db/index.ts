import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Config } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  if (config.databaseUrl) {
    const { PostgresDialect } = await import('kysely');
    const pg = await import('pg');
    dialect = 'postgres';
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.default.Pool({ connectionString: config.databaseUrl, max: 10 }) }),
    });
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const file = new SQLite(path.join(config.dataDir, 'tabloid.db'));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    dialect = 'sqlite';
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  }
  await migrate(db, dialect);
  return { db, dialect, destroy: () => db.destroy() };
}

export async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (k) => m.up(k, dialect) };
      return out;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
}
