import type { Kysely } from 'kysely';

/**
 * Editing a note (decision 062): its author may change its text while its thread is open; `edited_at` is
 * when they last did (null: as added), shown as 'edited' beside its time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('article_notes').addColumn('edited_at', 'varchar(30)').execute();
}
