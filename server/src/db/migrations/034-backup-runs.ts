import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Backups the server and `npm run backup` took: one row per finished run (written after the run,
 * so a backup never holds its own row), succeeded or failed, for the dashboard's last backup and
 * for instances that share a PostgreSQL database to take each scheduled backup once.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('file', 'varchar(1000)')
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'varchar(2000)')
    .execute();
  await db.schema.createIndex('backup_runs_finished_idx').on('backup_runs').column('finished_at').execute();
}
