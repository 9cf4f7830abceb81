import type { Kysely } from 'kysely';
import type { ListedCorrection, PublicCorrection } from '../../../common/corrections-contract.ts';
import type { Database } from '../db/schema.ts';
import { keysetPage, type KeysetPage, type PageRequest } from './keyset-page.ts';
import { PUBLISHED } from './published-articles.ts';

/** The corrections readers see under an article, newest first: each one's text and the date it was added. */
export async function publicCorrections(db: Kysely<Database>, articleId: number): Promise<PublicCorrection[]> {
  const rows = await db
    .selectFrom('article_corrections')
    .select(['text', 'created_at'])
    .where('article_id', '=', articleId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ text: r.text, publishedAt: r.created_at }));
}

/** The corrections of published stories (an unpublished or trashed story's are not shown). */
const ofPublishedStories = (db: Kysely<Database>) =>
  db
    .selectFrom('article_corrections')
    .innerJoin('articles', 'articles.id', 'article_corrections.article_id')
    .where(PUBLISHED);

/**
 * A keyset page of every correction of the published stories (/corrections), newest first by
 * (created_at, id): the cursor names a correction, as the older stories' names a story.
 */
export async function correctionsPage(
  db: Kysely<Database>,
  request: PageRequest,
): Promise<KeysetPage<ListedCorrection>> {
  const page = await keysetPage(
    () =>
      ofPublishedStories(db).select([
        'article_corrections.id as id',
        'article_corrections.created_at as published_at',
        'article_corrections.text as text',
        'articles.headline as headline',
        'articles.slug as slug',
      ]),
    { publishedAt: 'article_corrections.created_at', id: 'article_corrections.id' },
    request,
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({ text: r.text, publishedAt: r.published_at, headline: r.headline, slug: r.slug })),
  };
}

/** When the newest correction of a published story was added (the sitemap's lastmod of /corrections). */
export async function newestCorrectionAt(db: Kysely<Database>): Promise<string | undefined> {
  const row = await ofPublishedStories(db)
    .select('article_corrections.created_at')
    .orderBy('article_corrections.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
