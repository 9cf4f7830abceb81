import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LIST_COLUMNS, publishedArticles } from './published-articles.ts';
import type { ListRow } from './news-repository.ts';

/**
 * Older stories and feeds: all published articles (breaking or not), newest first by (published_at, id),
 * read by keyset off the partial indexes of migration 015, never with OFFSET, so page 5,000 costs what
 * page 1 costs and articles published between two page loads never shift a page (no duplicates, no gaps).
 */

/** A position in the newest-first order: the raw stored published_at and the id. */
export interface ArchiveCursor {
  publishedAt: string;
  id: number;
}

export type ArchiveRow = ListRow;

export interface ArchivePage {
  rows: ArchiveRow[];
  /** Cursor for the next older page, or null at the oldest article. */
  older: ArchiveCursor | null;
  /** Cursor for the next newer page, or null at the newest article. */
  newer: ArchiveCursor | null;
}

export interface FeedRow extends ArchiveRow {
  content: string;
  /** The body in the stored format (JSON text). */
  body: string;
}

export function formatCursor(c: ArchiveCursor): string {
  return `${c.publishedAt}_${c.id}`;
}

/** Parses `<publishedAt>_<id>`; undefined when malformed. */
export function parseCursor(value: string): ArchiveCursor | undefined {
  const at = value.lastIndexOf('_');
  if (at <= 0) return undefined;
  const publishedAt = value.slice(0, at);
  const idText = value.slice(at + 1);
  if (!/^\d{1,10}$/.test(idText) || !/^[0-9A-Za-z:.+-]{1,40}$/.test(publishedAt)) return undefined;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
  return { publishedAt, id };
}

const cursorOf = (row: ArchiveRow): ArchiveCursor => ({ publishedAt: String(row.published_at), id: Number(row.id) });

export class ArchiveRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private scope(categoryId: number | undefined) {
    let q = publishedArticles(this.db);
    if (categoryId !== undefined) q = q.where('articles.category_id', '=', categoryId);
    return q;
  }

  /**
   * One page of `count` articles: the newest when no cursor is given, the ones just older than
   * `before`, or the ones just newer than `after`.
   */
  async page({
    categoryId,
    count,
    before,
    after,
  }: {
    categoryId?: number;
    count: number;
    before?: ArchiveCursor;
    after?: ArchiveCursor;
  }): Promise<ArchivePage> {
    const key = sql.join([sql.ref('articles.published_at'), sql.ref('articles.id')]);
    if (after) {
      const rows = (await this.scope(categoryId)
        .select(LIST_COLUMNS)
        .where(sql<boolean>`(${key}) > (${after.publishedAt}, ${after.id})`)
        .orderBy('articles.published_at', 'asc')
        .orderBy('articles.id', 'asc')
        .limit(count + 1)
        .execute()) as ArchiveRow[];
      const hasNewer = rows.length > count;
      const page = rows.slice(0, count).reverse();
      const last = page.at(-1);
      const older = last ? ((await this.exists(categoryId, '<', cursorOf(last))) ? cursorOf(last) : null) : null;
      return { rows: page, older, newer: hasNewer && page[0] ? cursorOf(page[0]) : null };
    }
    let q = this.scope(categoryId).select(LIST_COLUMNS);
    if (before) q = q.where(sql<boolean>`(${key}) < (${before.publishedAt}, ${before.id})`);
    const rows = (await q
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(count + 1)
      .execute()) as ArchiveRow[];
    const hasOlder = rows.length > count;
    const page = rows.slice(0, count);
    const first = page[0];
    const newer =
      before && first ? ((await this.exists(categoryId, '>', cursorOf(first))) ? cursorOf(first) : null) : null;
    const last = page.at(-1);
    return { rows: page, older: hasOlder && last ? cursorOf(last) : null, newer };
  }

  private async exists(categoryId: number | undefined, op: '<' | '>', c: ArchiveCursor): Promise<boolean> {
    const key = sql.join([sql.ref('articles.published_at'), sql.ref('articles.id')]);
    const row = await this.scope(categoryId)
      .select('articles.id')
      .where(sql<boolean>`(${key}) ${sql.raw(op)} (${c.publishedAt}, ${c.id})`)
      .orderBy('articles.published_at', op === '<' ? 'desc' : 'asc')
      .orderBy('articles.id', op === '<' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The newest `count` published articles with their body, for feeds. */
  async latestWithContent(categoryId: number | undefined, count: number): Promise<FeedRow[]> {
    return (await this.scope(categoryId)
      .select([...LIST_COLUMNS, 'articles.content', 'articles.body'])
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(count)
      .execute()) as FeedRow[];
  }
}
