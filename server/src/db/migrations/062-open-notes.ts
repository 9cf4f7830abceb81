import { sql, type Kysely } from 'kysely';

/**
 * The stories with open notes (All Articles' 'Open notes only'): a partial index of the notes that are
 * neither resolved nor replies, by article. It holds only what still needs dealing with, so the filter
 * reads those rows whatever the history of resolved notes, and each row's count of open notes is read
 * from it as well.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('article_notes_open_idx')
    .on('article_notes')
    .column('article_id')
    .where(sql<boolean>`resolved_at is null and reply_to is null`)
    .execute();
}
