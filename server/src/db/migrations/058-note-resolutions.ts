import type { Kysely } from 'kysely';

/**
 * Resolving a note (decision 058): a note that asked for something is marked done by whoever did it, and
 * can be reopened. `resolved_at` is when, `resolved_by` the display name of the editor who resolved it
 * (the audit trail keeps their subject); both null while the note is open. A resolved note stays on its
 * story, and leaves the Dashboard's lists of notes and the count of new mentions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('article_notes').addColumn('resolved_at', 'varchar(30)').execute();
  await db.schema.alterTable('article_notes').addColumn('resolved_by', 'text').execute();
}
