import type { Transaction } from 'kysely';
import type { ArticleRow, Database } from '../db/schema.ts';
import { articleSections } from '../repositories/article-sections.ts';
import { articleLinks } from '../repositories/authors-and-tags.ts';
import type { NotifiedArticle } from './which-changes-notify.ts';

type Row = Pick<ArticleRow, 'id' | 'slug' | 'published_at' | 'deleted_at'> & Partial<Pick<ArticleRow, 'category_id'>>;

/**
 * The articles as the rule of which-changes-notify.ts reads them, with the authors and tags whose
 * pages list them, read in the write's transaction: one statement for the links, and one for the
 * sections when the rows do not carry them (a picture change's). Drafts, scheduled and trashed
 * articles are on no listing: left out, nothing is read for them.
 */
export async function notifiedArticles(
  trx: Transaction<Database>,
  rows: readonly Row[],
): Promise<(NotifiedArticle & { id: number })[]> {
  const shown = rows.filter((r) => r.published_at && !r.deleted_at);
  if (shown.length === 0) return [];
  const ids = shown.map((r) => Number(r.id));
  const links = await articleLinks(trx, ids);
  const missing = shown.filter((r) => r.category_id === undefined).map((r) => Number(r.id));
  const sections = await articleSections(trx, missing);
  return shown.map((r) => ({
    id: Number(r.id),
    slug: r.slug,
    publishedAt: r.published_at,
    deletedAt: r.deleted_at,
    categoryId: Number(r.category_id ?? sections.get(Number(r.id))),
    authors: links.get(Number(r.id))?.authors ?? [],
    tags: links.get(Number(r.id))?.tags ?? [],
  }));
}
