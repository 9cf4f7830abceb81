import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC strings
 * ('2026-11-21T23:01:00.000Z') on both SQLite and PostgreSQL, so they sort as text
 * and compare the same way on both dialects. Booleans are 0/1 integers.
 */
export interface CategoryTable {
  id: number;
  name: string;
  path: string;
}

export interface ArticleTable {
  id: Generated<number>;
  headline: string;
  slug: string;
  summary: string;
  content: string;
  author: string;
  category_id: number;
  source: string;
  editor_name: string;
  rating: number;
  comments: string;
  image_url: string;
  original_url: string;
  is_breaking: number;
  /** null means draft (unpublished). */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  categories: CategoryTable;
  articles: ArticleTable;
}

export type ArticleRow = Selectable<ArticleTable>;
export type NewArticleRow = Insertable<ArticleTable>;
export type ArticleUpdate = Updateable<ArticleTable>;
