import { parseStoredBody } from '../../../common/body/stored.ts';
import { countWords } from '../../../common/body/text.ts';
import type { Kysely } from 'kysely';
import { CATEGORIES } from '../../../common/categories.ts';
import { MAX_PINNED_STORIES } from '../../../common/admin-contract.ts';
import type { Database } from '../db/schema.ts';
import { publicCorrections } from './public-corrections.ts';
import { articleLinks } from './authors-and-tags.ts';
import { renderBodiesForReaders } from '../rendering/body-html.ts';
import { ImagesRepository } from './images-repository.ts';
import { NEWS_LIST_COLUMNS, type ListRow } from './public-columns.ts';

/**
 * All SQL of the public side: published articles only (published_at not null), newest first
 * (published_at, then id; page 1 of a listing puts the pinned stories first), dialect-neutral Kysely. The queries are shaped for the indexes of
 * migration 001: (is_breaking, published_at, id), (category_id, is_breaking, published_at, id)
 * and (slug).
 */

import type { NewsList, PublicArticle } from '../../../common/news-contract.ts';

export type { NewsList, PublicArticle };

const LIST_COLUMNS = NEWS_LIST_COLUMNS;
export type { ListRow };

const categoryNames = new Map<number, string>(CATEGORIES.map((c) => [c.id, c.name]));

function isoOrRaw(value: string | null): string {
  if (!value) return '';
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

/**
 * The time of the last change readers are told about: `modified_at` when it is later than the
 * publication (an article published again after an edit starts afresh), else null.
 */
export function modifiedTime(row: { published_at: string | null; modified_at: string | null }): string | null {
  if (!row.modified_at || !row.published_at) return null;
  const modified = Date.parse(row.modified_at);
  const published = Date.parse(row.published_at);
  return Number.isNaN(modified) || Number.isNaN(published) || modified <= published
    ? null
    : new Date(modified).toISOString();
}

/**
 * A public article; a row read with its plain text carries `content`. The article page's `bodyHtml`
 * is added by findPublishedBySlug, which also reads the sizes of the body's pictures.
 */
export function toPublicArticle(row: ListRow & { content?: string }): PublicArticle {
  const article: PublicArticle = {
    id: Number(row.id),
    slug: row.slug,
    headline: row.headline,
    summary: row.summary,
    author: row.author,
    category: categoryNames.get(Number(row.category_id)) ?? '',
    source: row.source,
    imageUrl: row.image_url ? row.image_url : null,
    imageAlt: row.image_alt ?? '',
    imageCaption: row.image_caption ?? '',
    imageCredit: row.image_credit ?? '',
    imageFocalX: Number(row.image_focal_x ?? 0.5),
    imageFocalY: Number(row.image_focal_y ?? 0.5),
    originalUrl: row.original_url ? row.original_url : null,
    publishedAt: isoOrRaw(row.published_at),
    modifiedAt: modifiedTime(row),
    isBreaking: Number(row.is_breaking) === 1,
  };
  if (row.content !== undefined) article.content = row.content;
  // A live blog while its coverage runs ("Live" on its card); left out otherwise.
  if (row.live_started_at && !row.live_ended_at) article.isLive = true;
  return article;
}

export class NewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Newest published articles, split into breaking and the rest, each at most `count`. The rest start
   * with the pinned stories (decision 064), newest pin first, then the others newest first; so the last
   * of a full list is still the oldest of the newest, where the older pages continue.
   */
  async listPublished({ categoryId, count }: { categoryId?: number; count: number }): Promise<NewsList> {
    const [breaking, pinned, rest] = await Promise.all([
      this.listSlice(1, categoryId, count),
      this.pinnedSlice(categoryId, Math.min(count, MAX_PINNED_STORIES)),
      this.listSlice(0, categoryId, count),
    ]);
    const pinnedIds = new Set(pinned.map((r) => Number(r.id)));
    const others = [...pinned, ...rest.filter((r) => !pinnedIds.has(Number(r.id)))].slice(0, count);
    return { breakingNews: breaking.map(toPublicArticle), allArticles: others.map(toPublicArticle) };
  }

  /** The pinned stories that are not breaking (those lead anyway), from the partial index of pins (migration 063). */
  private pinnedSlice(categoryId: number | undefined, count: number): Promise<ListRow[]> {
    let q = this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .where('pinned_at', 'is not', null)
      .where('is_breaking', '=', 0)
      .where('published_at', 'is not', null);
    if (categoryId !== undefined) q = q.where('category_id', '=', categoryId);
    return q.orderBy('pinned_at', 'desc').orderBy('id', 'desc').limit(count).execute();
  }

  private listSlice(isBreaking: 0 | 1, categoryId: number | undefined, count: number): Promise<ListRow[]> {
    let q = this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .where('is_breaking', '=', isBreaking)
      .where('published_at', 'is not', null);
    if (categoryId !== undefined) q = q.where('category_id', '=', categoryId);
    return q.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(count).execute();
  }

  /** Published articles by id as GET /News lists them (no body), in no particular order; unpublished ones are left out. */
  async listedByIds(ids: number[]): Promise<PublicArticle[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .where('id', 'in', ids)
      .where('published_at', 'is not', null)
      .execute();
    return rows.map(toPublicArticle);
  }

  /**
   * The newest published article with this slug, with its content and `bodyHtml` (the body rendered
   * by the one renderer with site paths and its pictures' sizes); undefined if none.
   */
  async findPublishedBySlug(slug: string): Promise<PublicArticle | undefined> {
    const row = await this.db
      .selectFrom('articles')
      .select([...LIST_COLUMNS, 'content', 'body', 'meta_title', 'meta_description'])
      .where('slug', '=', slug)
      .where('published_at', 'is not', null)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toArticlePage(this.db, row) : undefined;
  }
}

/**
 * The article page's form of a row read with its plain text and stored body: the public fields,
 * `bodyHtml` (the body rendered by the one renderer with site paths and its pictures' sizes) and the
 * byline's authors and tags, and its corrections when it has any. Published stories (above) and preview links (decision 042) alike.
 * A row read with the search and social columns carries them when they are set (decision 043).
 * Its `wordCount` is counted here, once per read (the reads are cached), except for a live blog.
 */
export async function toArticlePage(
  db: Kysely<Database>,
  row: ListRow & { content: string; body: string; meta_title?: string; meta_description?: string },
): Promise<PublicArticle> {
  const { body, meta_title, meta_description, ...listed } = row;
  const article = toPublicArticle(listed);
  if (meta_title) article.metaTitle = meta_title;
  if (meta_description) article.metaDescription = meta_description;
  // A live blog (live_started_at set, running or ended) has no reading time: its entries are the story.
  if (!row.live_started_at) article.wordCount = countWords(row.content ?? '');
  const [[bodyHtml], linked, corrections] = await Promise.all([
    renderBodiesForReaders(new ImagesRepository(db), [parseStoredBody(body, row.content ?? '')]),
    articleLinks(db, [article.id]),
    publicCorrections(db, article.id),
  ]);
  if (corrections.length > 0) article.corrections = corrections;
  article.bodyHtml = bodyHtml;
  const links = linked.get(article.id);
  article.authors = (links?.authors ?? []).map(({ name, slug }) => ({ name, slug }));
  article.tags = (links?.tags ?? []).map(({ name, slug }) => ({ name, slug }));
  return article;
}
