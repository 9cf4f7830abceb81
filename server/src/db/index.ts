import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Config } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { PostgresPoolOptions } from './postgres-pool.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import type { Dialect } from './dialect.ts';

export type { Dialect };

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL connection string (postgres only): for the LISTEN client and scripts. */
  connectionString?: string;
  /** The SQLite connection itself (sqlite only): the online backup copies pages through it. */
  sqliteFile?: SQLite.Database;
  destroy(): Promise<void>;
}

export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'> &
  // databaseStatementTimeoutMs 0: no time limits (bulk tools).
  Partial<Pick<Config, 'databasePoolMax' | 'databaseStatementTimeoutMs'>>;

export interface OpenDatabaseOptions {
  /** Called for errors of idle or checked-out pool clients (a lost server); they never crash the process. */
  onPoolError?: (err: Error) => void;
  /** Skip migrations (scripts that only read, e.g. export; readiness reports pending migrations). Default false. */
  skipMigrations?: boolean;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<Db> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  let sqliteFile: SQLite.Database | undefined;
  if (config.databaseUrl) {
    const { PostgresDialect } = await import('kysely');
    // The PostgreSQL driver (pg) is loaded only for a PostgreSQL database.
    const { createPostgresPool, POSTGRES_DEFAULTS } = await import('./postgres-pool.ts');
    const poolOptions: PostgresPoolOptions = {
      connectionString: config.databaseUrl,
      max: config.databasePoolMax ?? POSTGRES_DEFAULTS.max,
      statementTimeoutMs: config.databaseStatementTimeoutMs ?? POSTGRES_DEFAULTS.statementTimeoutMs,
      onError: options.onPoolError,
    };
    dialect = 'postgres';
    if (!options.skipMigrations) {
      // Migrations on their own connection without time limits (an index build on a million rows
      // takes longer than a request may); the app's pool below keeps its limits.
      const migrator = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: await createPostgresPool({ ...poolOptions, max: 1, statementTimeoutMs: 0 }),
        }),
      });
      try {
        await migrate(migrator, dialect);
      } finally {
        await migrator.destroy();
      }
    }
    const { withPreparedStatements } = await import('./prepared-statements.ts');
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(await createPostgresPool(poolOptions)) }),
    });
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const dbFile = path.join(config.dataDir, 'tabloid.db');
    const file = new SQLite(dbFile);
    file.pragma('journal_mode = WAL');
    // The database holds password hashes and encrypted tokens: readable by its owner only.
    for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    dialect = 'sqlite';
    sqliteFile = file;
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  }
  try {
    if (!options.skipMigrations && dialect === 'sqlite') await migrate(db, dialect);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
  return {
    db,
    dialect,
    connectionString: dialect === 'postgres' ? config.databaseUrl : undefined,
    sqliteFile,
    destroy: () => db.destroy(),
  };
}

/**
 * Session-level advisory lock key for migrations ('tabloid-migrations' folded to 64 bits):
 * instances that start together migrate one after the other; the later ones find nothing to do.
 */
export const MIGRATION_LOCK_KEY = 7_345_901_226_113n;

function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (k) => m.up(k, dialect) };
      return out;
    },
  };
}

export async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // One connection holds the advisory lock for the whole run (Kysely also takes a transaction lock
    // per run, but only after creating its own tables; this covers everything).
    await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${sql.raw(MIGRATION_LOCK_KEY.toString())})`.execute(conn);
      try {
        await runMigrator(conn, dialect);
      } finally {
        await sql`select pg_advisory_unlock(${sql.raw(MIGRATION_LOCK_KEY.toString())})`.execute(conn);
      }
    });
    return;
  }
  await runMigrator(db, dialect);
}

/**
 * Applies the migrations up to and including `name` only: a database as an earlier release left it
 * (upgrade tests start from one).
 */
export async function migrateTo(db: Kysely<Database>, dialect: Dialect, name: string): Promise<void> {
  await runMigrator(db, dialect, name);
}

async function runMigrator(db: Kysely<Database>, dialect: Dialect, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
}

/** Names of known migrations not yet applied to this database (readiness check). */
export async function pendingMigrations(database: Pick<Db, 'db' | 'dialect'>): Promise<string[]> {
  const list = await new Migrator({ db: database.db, provider: migrationProvider(database.dialect) }).getMigrations();
  return list.filter((m) => !m.executedAt).map((m) => m.name);
}

/** The readiness check's round trip: resolves when the database answers a trivial statement. */
export async function ping(database: Pick<Db, 'db'>): Promise<void> {
  await sql`select 1`.execute(database.db);
}

/** PostgreSQL NOTIFY on `channel` (the other instances' listeners receive `payload`). */
export async function notify(database: Pick<Db, 'db'>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
}
