import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Search and social fields (decision 043): the title and the description search results and share
 * cards show instead of the headline and the summary ('' : the headline, the summary). The API keeps
 * them to 70 and 160 characters (common/search-social.ts); the columns leave room, so a change of
 * those limits needs no migration. Nothing to fill: every existing article falls back as before.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('articles')
    .addColumn('meta_title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('articles')
    .addColumn('meta_description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
}
