import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Where an old slug leads: the current slug of the published article that once had it. Undefined
 * when the slug never moved, its article is not published now, or a published article has that
 * slug today (a live article always wins over a redirect). One primary-key read when there is no
 * redirect, which is nearly always.
 */
export async function redirectFor(database: Kysely<Database>, oldSlug: string): Promise<string | undefined> {
  const db = database;
  const row = await db
    .selectFrom('slug_redirects')
    .innerJoin('articles', 'articles.id', 'slug_redirects.article_id')
    .select('articles.slug')
    .where('slug_redirects.old_slug', '=', oldSlug)
    .where('articles.published_at', 'is not', null)
    .executeTakeFirst();
  if (!row || row.slug === oldSlug) return undefined;
  const live = await db
    .selectFrom('articles')
    .select('id')
    .where('slug', '=', oldSlug)
    .where('published_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return live ? undefined : row.slug;
}
