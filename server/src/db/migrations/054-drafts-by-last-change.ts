import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

/**
 * The drafts by their last change (decision 055): the calendar's Drafts panel lists the drafts an editor
 * changed last (`GET /api/admin/articles?status=draft&sort=updated`), not the newest created. The list's
 * other orders have their indexes (migration 030); this one is the drafts' (not published, not in the
 * trash) by (updated_at, id), read backwards for the latest first. The drafts without a schedule (the
 * panel's) walk it too, skipping the few scheduled entries: on PostgreSQL `publish_at` is included so the
 * page's ids still come from the index alone. The route allows `sort=updated` with the drafts only, so no
 * request sorts the whole table by that date.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const where = sql.raw<boolean>('published_at is null and deleted_at is null');
  if (dialect === 'postgres') {
    await sql`create index articles_list_unpublished_updated_idx on articles (updated_at, id) include (publish_at) where ${where}`.execute(
      db,
    );
  } else {
    await db.schema
      .createIndex('articles_list_unpublished_updated_idx')
      .on('articles')
      .columns(['updated_at', 'id'])
      .where(where)
      .execute();
  }
}
