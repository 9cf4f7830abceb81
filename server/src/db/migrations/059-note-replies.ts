import { sql, type Kysely } from 'kysely';

/**
 * Replies to notes (decision 061): `reply_to` is the note a reply answers (the note that starts its
 * thread), null for a note of its own. Replies go with their note (the cascade). The index holds the
 * replies only: it serves that cascade and a thread's replies, and is never taken to find the notes of
 * their own (`reply_to is null`), which the index by article finds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('article_notes')
    .addColumn('reply_to', 'integer', (c) => c.references('article_notes.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('article_notes_reply_idx')
    .on('article_notes')
    .column('reply_to')
    .where(sql.ref('reply_to'), 'is not', null)
    .execute();
}
