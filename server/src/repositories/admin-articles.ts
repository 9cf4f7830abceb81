import { sql, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { CATEGORIES } from '../../../common/categories.ts';
import type { AdminArticle, ArticlePageOf } from '../../../common/admin-contract.ts';
import type { Dialect } from '../db/index.ts';
import type { ArticleRow, Database, NewArticleRow } from '../db/schema.ts';
import type { ValidArticle } from '../domain/article-input.ts';
import { adminDb, type AdminDatabase, type AdminKysely } from './admin-tables.ts';
import { activeEditorsSince } from './activity-editors.ts';
import { writeAudit, type Actor, type AuditAction } from './audit-log.ts';

export type { AdminArticle } from '../../../common/admin-contract.ts';

/** List items leave the body out (the detail has it) to keep pages light. */
export type AdminArticleListItem = Omit<AdminArticle, 'content'>;

export type ArticlePage = ArticlePageOf<AdminArticleListItem>;

export interface Dashboard {
  totalArticles: number;
  articlesLastWeek: number;
  activeUsers: number;
  recentArticles: AdminArticleListItem[];
}

export type ArticleStatus = 'all' | 'published' | 'unpublished';

export interface ListQuery {
  page: number;
  /** 10, 20, 50, 100, or -1 for every article on one page. */
  pageSize: number;
  status: ArticleStatus;
  /** 0 or undefined: every category. */
  categoryId?: number;
}

export const RECENT_ARTICLES = 10;
/** Pages starting before this many rows are read in one statement with their total (see list). */
const SHALLOW_OFFSET = 2_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const LIST_COLUMNS = [
  'id',
  'headline',
  'slug',
  'summary',
  'author',
  'category_id',
  'source',
  'editor_name',
  'rating',
  'comments',
  'image_url',
  'original_url',
  'is_breaking',
  'published_at',
  'created_at',
  'updated_at',
] as const;

type ListRow = Omit<ArticleRow, 'content'>;

/** The UTC hour of an ISO time as article_hour_counts keys it ('2026-11-22T02'), and the next hour's start. */
export function hourOf(iso: string): { hour: string; nextHour: string } {
  const hour = iso.slice(0, 13);
  return { hour, nextHour: new Date(Date.parse(`${hour}:00:00.000Z`) + 60 * 60 * 1000).toISOString() };
}

function categoryName(id: number): string {
  return CATEGORIES.find((c) => c.id === id)?.name ?? '';
}

export function toListItem(row: ListRow): AdminArticleListItem {
  return {
    id: Number(row.id),
    headline: row.headline,
    slug: row.slug,
    summary: row.summary,
    author: row.author,
    category: categoryName(row.category_id),
    categoryId: row.category_id,
    source: row.source,
    editorName: row.editor_name,
    ratingOutOfTen: row.rating,
    comments: row.comments,
    imageUrl: row.image_url || null,
    originalUrl: row.original_url || null,
    isBreaking: Number(row.is_breaking) === 1,
    publishedAt: row.published_at || null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAdminArticle(row: ArticleRow): AdminArticle {
  const { content, ...rest } = row;
  return { ...toListItem(rest), content };
}

/**
 * Admin reads and editorial writes. Every write runs in one transaction together with
 * its audit row, so the trail can never disagree with the articles.
 */
export class AdminArticlesRepository {
  private readonly db: AdminKysely;

  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Runs inside the publish transaction (share jobs are queued there, so both commit together). */
    private readonly onPublished?: (trx: Transaction<AdminDatabase>, articleId: number) => Promise<void>,
  ) {
    this.db = adminDb(db);
  }

  private filtered(status: ArticleStatus, categoryId?: number) {
    let q = this.db.selectFrom('articles');
    // Each combination has its own (partial) index: see migration 003-admin.
    if (categoryId) q = q.where('category_id', '=', categoryId);
    if (status === 'published') q = q.where('published_at', 'is not', null);
    else if (status === 'unpublished') {
      // After ANALYZE, SQLite believes `published_at IS NULL` matches ~1 row (the column is almost
      // unique) and picks an index that then needs a sort of every draft; likelihood() tells it
      // the truth, so it walks the drafts index in order (EXPLAIN QUERY PLAN checked, 100k rows).
      q =
        this.dialect === 'sqlite'
          ? q.where(sql<SqlBool>`likelihood(published_at is null, 0.5)`)
          : q.where('published_at', 'is', null);
    }
    return q;
  }

  /** The number of articles matching a filter, from the trigger-maintained article_counts (a 12-row read). */
  private countQuery(status: ArticleStatus, categoryId?: number) {
    let q = this.db.selectFrom('article_counts').select((eb) => eb.fn.sum<number | string | null>('n').as('n'));
    if (categoryId) q = q.where('category_id', '=', categoryId);
    if (status === 'published') q = q.where('is_draft', '=', 0);
    else if (status === 'unpublished') q = q.where('is_draft', '=', 1);
    return q;
  }

  async count(status: ArticleStatus = 'all', categoryId?: number): Promise<number> {
    const row = await this.countQuery(status, categoryId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** One page's rows, newest first; the ids are found on the index alone (a deferred join). */
  private pageRows(
    status: ArticleStatus,
    categoryId: number | undefined,
    limit: number,
    offset: number,
    reverse: boolean,
  ) {
    const dir = reverse ? 'asc' : 'desc';
    const pageIds = this.filtered(status, categoryId)
      .select('id')
      .orderBy('created_at', dir)
      .orderBy('id', dir)
      .limit(limit)
      .offset(offset);
    return this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .where('id', 'in', pageIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  }

  /**
   * One page, newest first (created_at desc, id desc). A page near the start (most requests) is one
   * statement: its rows with the total beside them. A deeper page first reads the total, then walks
   * the index from whichever end of the range is nearer. Either way only the page's rows are read.
   */
  async list(query: ListQuery): Promise<ArticlePage> {
    const { status, categoryId } = query;
    const all = query.pageSize === -1;
    let articles: AdminArticleListItem[] = [];
    let totalCount: number | undefined;
    const requestedOffset = (query.page - 1) * query.pageSize;
    if (!all && requestedOffset < SHALLOW_OFFSET) {
      const rows = await this.pageRows(status, categoryId, query.pageSize, requestedOffset, false)
        .select(() => this.countQuery(status, categoryId).as('total_count'))
        .execute();
      if (rows.length > 0) {
        totalCount = Number(rows[0]!.total_count ?? 0);
        articles = rows.map(toListItem);
      }
    }
    if (totalCount === undefined) totalCount = await this.count(status, categoryId);
    const pageSize = all ? totalCount : query.pageSize;
    const currentPage = all ? 1 : query.page;
    const totalPages = all ? 1 : Math.ceil(totalCount / pageSize);
    const offset = (currentPage - 1) * pageSize;

    if (articles.length === 0 && offset < totalCount && pageSize > 0) {
      const limit = Math.min(pageSize, totalCount - offset);
      const fromEnd = totalCount - offset - limit;
      const reverse = fromEnd < offset;
      const rows = await this.pageRows(status, categoryId, limit, reverse ? fromEnd : offset, reverse).execute();
      articles = rows.map(toListItem);
    }
    return {
      articles,
      currentPage,
      pageSize,
      totalCount,
      totalPages,
      hasNextPage: currentPage < totalPages,
      hasPreviousPage: currentPage > 1,
    };
  }

  async get(id: number): Promise<AdminArticle | undefined> {
    const row = await this.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAdminArticle(row) : undefined;
  }

  async dashboard(now: Date = new Date()): Promise<Dashboard> {
    const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
    const cutoff = hourOf(weekAgo);
    // The figures as scalar subqueries (each computed once per statement), beside the recent list:
    // one statement per request. With no articles at all there is no row to carry them, so they are
    // read on their own (the same subqueries).
    const figures = <TB extends keyof AdminDatabase>(eb: ExpressionBuilder<AdminDatabase, TB>) => {
      const e = eb as unknown as ExpressionBuilder<AdminDatabase, never>;
      return [
        this.countQuery('all').as('total'),
        // created_at >= weekAgo, as whole hours after the cut-off's hour (article_hour_counts,
        // migration 005) plus the part of that hour from the cut-off on (a few index entries).
        e
          .selectFrom('article_hour_counts')
          .select((x) => x.fn.sum<number | string | null>('n').as('n'))
          .where('hour', '>', cutoff.hour)
          .as('after_cutoff_hour'),
        e
          .selectFrom('articles')
          .select((x) => x.fn.countAll<number | string>().as('n'))
          .where('created_at', '>=', weekAgo)
          .where('created_at', '<', cutoff.nextHour)
          .as('in_cutoff_hour'),
        activeEditorsSince(e, weekAgo).as('active_users'),
      ] as const;
    };
    const recent = await this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .select((eb) => figures(eb))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_ARTICLES)
      .execute();
    const f = recent[0] ?? (await this.db.selectNoFrom((eb) => figures(eb)).executeTakeFirstOrThrow());
    return {
      totalArticles: Number(f.total ?? 0),
      articlesLastWeek: Number(f.after_cutoff_hour ?? 0) + Number(f.in_cutoff_hour ?? 0),
      activeUsers: Number(f.active_users ?? 0),
      recentArticles: recent.map(toListItem),
    };
  }

  /** Reads the row inside a transaction, locking it where the database can. */
  private async lockRow(trx: Transaction<AdminDatabase>, id: number): Promise<ArticleRow | undefined> {
    let q = trx.selectFrom('articles').selectAll().where('id', '=', id);
    if (this.dialect === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /**
   * Applies `change` to one article and writes its audit row in the same transaction.
   * `change` returns the columns to set, or a refusal reason (nothing is written then).
   */
  private async mutate<R extends string>(
    id: number,
    action: AuditAction,
    actor: Actor,
    change: (row: ArticleRow, now: string) => Partial<ArticleRow> | { refuse: R },
  ): Promise<{ ok: true; article: AdminArticle } | { ok: false; reason: R | 'not-found' }> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.lockRow(trx, id);
      if (!before) return { ok: false as const, reason: 'not-found' as const };
      const now = new Date().toISOString();
      const set = change(before, now);
      if ('refuse' in set) return { ok: false as const, reason: set.refuse };
      await trx
        .updateTable('articles')
        .set({ ...set, updated_at: now })
        .where('id', '=', id)
        .execute();
      const after = (await trx
        .selectFrom('articles')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as ArticleRow;
      await writeAudit(trx, [{ action, articleId: id, actor, at: now, before, after }]);
      if (action === 'publish' && this.onPublished) await this.onPublished(trx, id);
      return { ok: true as const, article: toAdminArticle(after) };
    });
  }

  changeCategory(id: number, categoryId: number, actor: Actor) {
    return this.mutate<'same-category'>(id, 'category', actor, (row) =>
      row.category_id === categoryId ? { refuse: 'same-category' } : { category_id: categoryId },
    );
  }

  /** Draft to published, stamped now. An already published article is refused (409), not re-stamped. */
  publish(id: number, actor: Actor) {
    return this.mutate<'already-published'>(id, 'publish', actor, (row, now) =>
      row.published_at ? { refuse: 'already-published' } : { published_at: now },
    );
  }

  /** Published to draft. A draft is refused (409). */
  unpublish(id: number, actor: Actor) {
    return this.mutate<'not-published'>(id, 'unpublish', actor, (row) =>
      row.published_at ? { published_at: null } : { refuse: 'not-published' },
    );
  }

  /** Deletes an article; its full record stays in the audit trail. False when unknown. */
  async delete(id: number, actor: Actor): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.lockRow(trx, id);
      if (!before) return false;
      await trx.deleteFrom('articles').where('id', '=', id).execute();
      await writeAudit(trx, [
        { action: 'delete', articleId: id, actor, at: new Date().toISOString(), before, after: null },
      ]);
      return true;
    });
  }

  /** Stores validated articles in one transaction, each with its 'create' audit row. */
  async createMany(inputs: ValidArticle[], actor: Actor): Promise<AdminArticle[]> {
    if (inputs.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const rows: NewArticleRow[] = inputs.map((a) => toNewArticleRow(a, now, now));
      const stored: ArticleRow[] = [];
      // Row by row with RETURNING keeps ids exact on both dialects; batches stay one transaction.
      for (const row of rows) {
        const saved = await trx.insertInto('articles').values(row).returningAll().executeTakeFirstOrThrow();
        stored.push(saved as ArticleRow);
      }
      await writeAudit(
        trx,
        stored.map((s) => ({
          action: 'create' as const,
          articleId: Number(s.id),
          actor,
          at: now,
          before: null,
          after: s,
        })),
      );
      return stored.map(toAdminArticle);
    });
  }

  async create(input: ValidArticle, actor: Actor): Promise<AdminArticle> {
    const [article] = await this.createMany([input], actor);
    return article!;
  }
}

/** The database row of a validated article (shared by the create call, the import and the exact import). */
export function toNewArticleRow(a: ValidArticle, createdAt: string, updatedAt: string): NewArticleRow {
  return {
    headline: a.headline,
    slug: a.slug,
    summary: a.summary,
    content: a.content,
    author: a.author,
    category_id: a.categoryId,
    source: a.source,
    editor_name: a.editorName,
    rating: a.rating,
    comments: a.comments,
    image_url: a.imageUrl,
    original_url: a.originalUrl,
    is_breaking: a.isBreaking ? 1 : 0,
    published_at: a.publishedAt,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}
