import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The one definition of "published" for the reach features (search, older stories, feeds, sitemaps,
 * share cards): every query of those repositories filters with this condition, so a new rule (for
 * example "and not deleted") is a change here only. Written against the table name `articles`.
 */
export const PUBLISHED = sql<boolean>`articles.published_at is not null`;

/** Published articles as a Kysely query over `articles`. */
export function publishedArticles(db: Kysely<Database>) {
  return db.selectFrom('articles').where(PUBLISHED);
}

/** The columns a public list item needs (toPublicArticle in news-repository.ts). */
export const LIST_COLUMNS = [
  'articles.id',
  'articles.slug',
  'articles.headline',
  'articles.summary',
  'articles.author',
  'articles.category_id',
  'articles.source',
  'articles.image_url',
  'articles.image_alt',
  'articles.image_caption',
  'articles.image_credit',
  'articles.image_focal_x',
  'articles.image_focal_y',
  'articles.original_url',
  'articles.published_at',
  'articles.modified_at',
  'articles.is_breaking',
] as const;
