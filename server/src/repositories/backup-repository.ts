import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/index.ts';
import type { BackupRunTable, Database } from '../db/schema.ts';

/**
 * The SQL of backups and restores (server/src/backup/): what a manifest records (row counts per
 * table, the latest migration), PostgreSQL's exported snapshot that pg_dump shares with those
 * counts, the checks a restore makes before it writes (a database in use, an empty database), and
 * the `backup_runs` rows behind the dashboard's last backup.
 */

type AnyDb = Kysely<Database> | Transaction<Database>;

/** A table as the manifest names it: `table` on SQLite and in PostgreSQL's public schema, else `schema.table`. */
export interface TableName {
  schema: string;
  table: string;
}

export function tableLabel(t: TableName): string {
  return t.schema === 'public' || t.schema === 'main' ? t.table : `${t.schema}.${t.table}`;
}

/** Every table of the database (PostgreSQL: every schema but the system's, partitions counted in their parent). */
export async function listTables(db: AnyDb, dialect: Dialect): Promise<TableName[]> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`
      select name from sqlite_master
      where type = 'table' and name not like 'sqlite_%'
      order by name`.execute(db);
    return rows.rows.map((r) => ({ schema: 'main', table: r.name }));
  }
  const rows = await sql<{ schema: string; table: string }>`
    select n.nspname as schema, c.relname as table
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    order by n.nspname, c.relname`.execute(db);
  return rows.rows;
}

/** Row counts per table, labelled as tableLabel() does, in a stable order. */
export async function countRows(db: AnyDb, dialect: Dialect): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await listTables(db, dialect)) {
    const ref = dialect === 'sqlite' ? sql.id(t.table) : sql.id(t.schema, t.table);
    const row = await sql<{ n: number | string }>`select count(*) as n from ${ref}`.execute(db);
    out[tableLabel(t)] = Number(row.rows[0]?.n ?? 0);
  }
  return out;
}

/** The latest applied migration (the schema version), or null for a database without any. */
export async function latestMigration(db: AnyDb): Promise<string | null> {
  try {
    const row = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    return row.rows[0]?.name ?? null;
  } catch {
    return null;
  }
}

/**
 * SQLite's own consistency check: 'ok', or the problems it found. `quick` (PRAGMA quick_check)
 * leaves out the comparison of every index with its table: several times faster on a large file.
 */
export async function integrityCheck(db: AnyDb, quick = false): Promise<string[]> {
  const rows = quick
    ? await sql<{ quick_check: string }>`pragma quick_check`.execute(db)
    : await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return rows.rows.map((r) => Object.values(r)[0] as string);
}

/**
 * Runs `fn` inside a read-only REPEATABLE READ transaction whose snapshot is exported: pg_dump
 * --snapshot=<id> then dumps exactly what `fn` counts in the same transaction.
 */
export async function withExportedSnapshot<T>(
  db: Kysely<Database>,
  fn: (snapshot: string, trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const row = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      return fn(row.rows[0]!.id, trx);
    });
}

/** Other sessions connected to this PostgreSQL database (a running server holds some). */
export async function otherSessions(db: AnyDb): Promise<{ applicationName: string; count: number }[]> {
  const rows = await sql<{ application_name: string; n: number | string }>`
    select coalesce(application_name, '') as application_name, count(*) as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
    group by application_name order by application_name`.execute(db);
  return rows.rows.map((r) => ({ applicationName: r.application_name, count: Number(r.n) }));
}

/** Whether a PostgreSQL database exists (through a connection to another one of the same server). */
export async function postgresDatabaseExists(admin: AnyDb, name: string): Promise<boolean> {
  const rows = await sql<{ n: number | string }>`select count(*) as n from pg_database where datname = ${name}`.execute(
    admin,
  );
  return Number(rows.rows[0]?.n ?? 0) > 0;
}

export async function createPostgresDatabase(admin: AnyDb, name: string): Promise<void> {
  await sql`create database ${sql.id(name)}`.execute(admin);
}

/** Moves a database aside under a new name (nothing is deleted). */
export async function renamePostgresDatabase(admin: AnyDb, from: string, to: string): Promise<void> {
  await sql`alter database ${sql.id(from)} rename to ${sql.id(to)}`.execute(admin);
}

/**
 * Runs `fn` only when this session takes the advisory lock `key` (one instance at a time among
 * those sharing the database); false when another session holds it.
 */
export async function withTryAdvisoryLock(
  db: Kysely<Database>,
  key: bigint,
  fn: () => Promise<void>,
): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${sql.raw(key.toString())}) as ok`.execute(conn);
    if (!got.rows[0]?.ok) return false;
    try {
      await fn();
    } finally {
      await sql`select pg_advisory_unlock(${sql.raw(key.toString())})`.execute(conn);
    }
    return true;
  });
}

export type BackupRun = Omit<BackupRunTable, 'id' | 'size_bytes'> & { id: number; size_bytes: number | null };

export type NewBackupRun = Omit<BackupRun, 'id'>;

export async function recordBackupRun(db: Kysely<Database>, run: NewBackupRun): Promise<void> {
  await db.insertInto('backup_runs').values(run).execute();
}

const toRun = (r: Omit<BackupRunTable, 'id'> & { id: number }): BackupRun => ({
  ...r,
  size_bytes: r.size_bytes === null ? null : Number(r.size_bytes),
});

/** The last finished backup, and the last one that succeeded (the same row when the last one did). */
export async function lastBackupRuns(
  db: Kysely<Database>,
): Promise<{ last: BackupRun | null; lastSucceeded: BackupRun | null }> {
  const last = await db
    .selectFrom('backup_runs')
    .selectAll()
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastSucceeded =
    last?.status === 'succeeded'
      ? last
      : await db
          .selectFrom('backup_runs')
          .selectAll()
          .where('status', '=', 'succeeded')
          .orderBy('finished_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
  return { last: last ? toRun(last) : null, lastSucceeded: lastSucceeded ? toRun(lastSucceeded) : null };
}

/**
 * Whether a scheduled backup started after `succeededSince` and succeeded, or started after
 * `failedSince` and failed: then the next one is not due yet (another instance may have taken it).
 */
export async function scheduledRunSince(
  db: Kysely<Database>,
  succeededSince: string,
  failedSince: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('backup_runs')
    .select('id')
    .where('origin', '=', 'scheduled')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'succeeded'), eb('started_at', '>=', succeededSince)]),
        eb.and([eb('status', '=', 'failed'), eb('started_at', '>=', failedSince)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
