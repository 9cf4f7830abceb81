import { sql, type Kysely } from 'kysely';

/**
 * Stories pinned to the top (decision 064): `articles.pinned_at`, when an editor pinned a published
 * story to lead the home page and its section (after the breaking stories), and `pinned_by`, who did.
 * Both null: not pinned. Unpublishing or moving a story to the Trash takes its pin away. A partial index
 * holds the few pinned rows, so the listing reads them without touching the rest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('pinned_at', 'varchar(40)').execute();
  await db.schema.alterTable('articles').addColumn('pinned_by', 'varchar(300)').execute();
  await db.schema
    .createIndex('articles_pinned_idx')
    .on('articles')
    .column('pinned_at')
    .where(sql<boolean>`pinned_at is not null`)
    .execute();
}
