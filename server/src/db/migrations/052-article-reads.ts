import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Read counts (decision 049): one row per published article and UTC hour in which readers' browsers
 * reported reading it. `hour` is the hour's start as ISO-8601 UTC ('2026-11-30T20:00:00.000Z'); each
 * instance adds its buffered counts to `reads` with an upsert, so several instances' counts add up. The
 * `hour` index, with the article and the count in it, serves "the sum by article over the last 24 hours"
 * from the index alone, and the purge of buckets older than 90 days. The rows go with their article
 * when it is deleted for good (the foreign key's cascade).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('article_reads')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('hour', 'varchar(30)', (c) => c.notNull())
    .addColumn('reads', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_reads_pk', ['article_id', 'hour'])
    .execute();
  await db.schema
    .createIndex('article_reads_hour_idx')
    .on('article_reads')
    .columns(['hour', 'article_id', 'reads'])
    .execute();
}
