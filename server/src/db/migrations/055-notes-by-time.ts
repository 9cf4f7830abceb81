import type { Kysely } from 'kysely';

/**
 * The newest notes across articles (decision 058): the Dashboard's 'Latest notes' reads `article_notes`
 * by (created_at, id), backwards, probing each note's article by its primary key to leave out those in
 * the Trash, and stops at the fifth. Migration 053's index serves one article's notes only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('article_notes_created_idx').on('article_notes').columns(['created_at', 'id']).execute();
}
