import type { Kysely } from 'kysely';

/**
 * Mentions in notes (decision 060): the colleagues a note names by '@' and their username, one row each,
 * kept with their username and display name as they were when the note was added, and the note's time.
 * Read by note (the primary key, for an article's notes) and by the colleague mentioned, newest first
 * (the Dashboard's 'Notes for you': their index gives the order, so the newest five are read and no more).
 * The rows go with their note (the foreign key's cascade, and so with its article).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('note_mentions')
    .addColumn('note_id', 'integer', (c) => c.notNull().references('article_notes.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_mentions_pkey', ['note_id', 'subject'])
    .execute();
  await db.schema
    .createIndex('note_mentions_subject_idx')
    .on('note_mentions')
    .columns(['subject', 'created_at', 'note_id'])
    .execute();
}
