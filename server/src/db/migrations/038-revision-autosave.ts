import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * article_revisions gains autosave: 1 for a revision the edit form saved by itself a few seconds
 * after the editor stopped typing (a draft only), 0 for every other one (every existing revision).
 * The History folds consecutive autosaves into one entry.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('article_revisions')
    .addColumn('autosave', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
