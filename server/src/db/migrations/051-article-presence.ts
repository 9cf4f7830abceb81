import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * Editing presence (decision 047): one row per article screen open in an editor's browser tab, kept
 * fresh by its heartbeat. The key is the article, the editor (the signed-in subject, as the audit trail
 * records it) and the tab (a UUID the browser chose), so a heartbeat is one upsert. `opened_at` is the
 * tab's first heartbeat (the notice's 'opened 14:02'), `last_seen` its latest; rows older than the window
 * are deleted by the heartbeats themselves, found by the `last_seen` index. The rows go with their
 * article when it is deleted for good (the foreign key's cascade).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('article_presence')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('editor_subject', 'text', (c) => c.notNull())
    .addColumn('editor_name', 'text', (c) => c.notNull())
    .addColumn('tab_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('opened_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_presence_pk', ['article_id', 'editor_subject', 'tab_id'])
    .execute();
  await db.schema.createIndex('article_presence_last_seen_idx').on('article_presence').column('last_seen').execute();
}
