import { sql, type Kysely } from 'kysely';
import type { CalendarStory } from '../../../common/calendar-contract.ts';
import type { Database } from '../db/schema.ts';

/**
 * The editorial calendar's stories in [from, to) (ISO-8601 UTC, as stored), ordered by their time (then
 * id), in one statement: the scheduled articles by `publish_at` and the published ones by `published_at`,
 * each range read off its partial index of 007-newsroom and 015-archive-indexes. Scheduled is a
 * `publish_at` as in All Articles' 'Scheduled Only' (publishing and the trash clear it). A draft without
 * a time and the trash are not in it.
 */
export async function calendarStories(db: Kysely<Database>, from: string, to: string): Promise<CalendarStory[]> {
  const scheduled = db
    .selectFrom('articles')
    .select(['id', 'headline', 'category_id', sql<string>`'scheduled'`.as('state'), 'publish_at as at'])
    .where('publish_at', '>=', from)
    .where('publish_at', '<', to)
    .where('deleted_at', 'is', null);
  const published = db
    .selectFrom('articles')
    .select(['id', 'headline', 'category_id', sql<string>`'published'`.as('state'), 'published_at as at'])
    .where('published_at', '>=', from)
    .where('published_at', '<', to)
    .where('deleted_at', 'is', null);
  const rows = await scheduled.unionAll(published).orderBy('at').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    headline: r.headline,
    categoryId: Number(r.category_id),
    state: r.state === 'scheduled' ? 'scheduled' : 'published',
    at: r.at ?? '',
  }));
}
