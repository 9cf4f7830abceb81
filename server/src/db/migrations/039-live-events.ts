import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The live event log (decision 036): one row per event the public pages' streams carry. Its id is
 * the event's id on the wire (`id:` of server-sent events), increasing across every instance; a
 * stream that reconnects with Last-Event-ID replays the rows after it. Rows older than a day are
 * pruned by the server.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('live_events')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_created_idx').on('live_events').column('created_at').execute();
}
