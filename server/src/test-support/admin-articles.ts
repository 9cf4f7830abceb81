import type { Kysely } from 'kysely';
import { slugify } from '../../../common/slug.ts';
import type { ArticleRow, Database, NewArticleRow } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An ISO time `days` (may be fractional) before `now`. */
export function daysAgo(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** A complete article row for tests; every column can be overridden. */
export function articleRow(overrides: Partial<NewArticleRow> = {}): NewArticleRow {
  const headline = overrides.headline ?? `Test headline ${Math.random().toString(36).slice(2, 10)}`;
  const created = overrides.created_at ?? new Date().toISOString();
  return {
    headline,
    slug: slugify(headline),
    summary: 'A summary.',
    content: 'First paragraph.\n\nSecond paragraph.',
    author: 'Staff Hack',
    category_id: 1,
    source: 'Wire',
    editor_name: 'Desk Editor',
    rating: 5,
    comments: 'Editorial comment.',
    image_url: '',
    original_url: '',
    is_breaking: 0,
    published_at: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
}

/** Inserts rows (in chunks) and returns them as stored, in insertion order. */
export async function insertArticles(db: Kysely<Database>, rows: Partial<NewArticleRow>[]): Promise<ArticleRow[]> {
  const out: ArticleRow[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => articleRow(r));
    const stored = await db.insertInto('articles').values(chunk).returningAll().execute();
    out.push(...(stored as ArticleRow[]));
  }
  return out;
}

export async function insertArticle(db: Kysely<Database>, overrides: Partial<NewArticleRow> = {}): Promise<ArticleRow> {
  const [row] = await insertArticles(db, [overrides]);
  return row!;
}

/** Every article row, by id (to prove that a refused request changed nothing). */
export async function snapshotArticles(db: Kysely<Database>): Promise<ArticleRow[]> {
  return (await db.selectFrom('articles').selectAll().orderBy('id').execute()) as ArticleRow[];
}

/**
 * The body of `PUT /api/admin/articles/{id}` that keeps the article `a` (its admin answer) as it is,
 * at its version, with `fields` changed.
 */
export function editBody(a: Record<string, unknown>, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    headline: a.headline,
    summary: a.summary,
    content: a.content,
    author: a.author,
    categoryId: a.categoryId,
    source: a.source,
    editorName: a.editorName,
    ratingOutOfTen: a.ratingOutOfTen,
    comments: a.comments,
    imageUrl: a.imageUrl ?? '',
    originalUrl: a.originalUrl ?? '',
    isBreaking: a.isBreaking,
    version: a.version,
    ...fields,
  };
}
