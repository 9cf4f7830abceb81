import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type {
  AdminArticle,
  AdminArticleListItem,
  AdminDashboard,
  ArticleListSort,
  ArticleListStatus,
  ArticlePageOf,
} from '../../../common/admin-contract.ts';
import { TRASH_RETENTION_DAYS } from '../../../common/admin-contract.ts';
import type { Dialect } from '../db/index.ts';
import { ARTICLE_SHOWN_DATE } from '../db/migrations/030-list-by-shown-date.ts';
import type { ArticleRow, Database, NewArticleRow } from '../db/schema.ts';
import { authorRefs, imageAltMissing, type NameRef, type ValidArticle } from '../domain/article-input.ts';
import { sameBody } from '../../../common/body/stored.ts';
import { bodyImageIds } from '../../../common/body/validate.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { activeEditorsSince } from './activity-editors.ts';
import { purgeOf, writeAudit, type Actor, type AuditAction, type PurgeRecord } from './audit-log.ts';
import { changedFields, writeRevision } from './article-revisions.ts';
import {
  articleLinks,
  bylineOf,
  deleteArticleLinks,
  resolveLinks,
  storeLinks,
  type ArticleLinks,
  type ResolvedLinks,
} from './authors-and-tags.ts';
import { deletePreviewLinks } from './preview-links.ts';
import {
  LIST_COLUMNS,
  toAdminArticle,
  toListItem,
  type ImageColumns,
  type MetaColumns,
  type ShareColumns,
} from './admin-article-view.ts';

export type { AdminArticle, AdminArticleListItem } from '../../../common/admin-contract.ts';

export type ArticlePage = ArticlePageOf<AdminArticleListItem>;

export type Dashboard = AdminDashboard;

export type ArticleStatus = ArticleListStatus;

export interface ListQuery {
  page: number;
  /** 10, 20, 50, 100, or -1 for every article on one page. */
  pageSize: number;
  status: ArticleStatus;
  /** 0 or undefined: every category. */
  categoryId?: number;
  /** Part of the headline (case-insensitive). */
  search?: string;
  /** Only the articles that name this author. */
  authorId?: number;
  /** Only the articles with this tag. */
  tagId?: number;
  /** Only the articles out of the Trash with open notes (neither resolved nor replies). */
  openNotes?: boolean;
  sort?: ArticleListSort;
}

/** Which articles a list shows: everything of a query but its page, size and order. */
type ListFilter = Pick<ListQuery, 'status' | 'categoryId' | 'search' | 'authorId' | 'tagId' | 'openNotes'>;

/** Why a write was refused. */
export type Refusal<R extends string> =
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'deleted'; deletedAt: string }
  | { ok: false; reason: 'stale'; currentVersion: number; changedBy: string | null; changedAt: string }
  | { ok: false; reason: R };

export type WriteResult<R extends string> = { ok: true; article: AdminArticle; before: AdminArticle } | Refusal<R>;

/** How long a deleted article can be restored. */
export { TRASH_RETENTION_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

export const RECENT_ARTICLES = 10;
/** Pages starting before this many rows are read in one statement with their total (see list). */
const SHALLOW_OFFSET = 2_000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The UTC hour of an ISO time as article_hour_counts keys it ('2026-11-22T02'), and the next hour's start. */
export function hourOf(iso: string): { hour: string; nextHour: string } {
  const hour = iso.slice(0, 13);
  return { hour, nextHour: new Date(Date.parse(`${hour}:00:00.000Z`) + 60 * 60 * 1000).toISOString() };
}

/** The image description an input gives, as columns (only what it gives), and the focal point copied from the library. */
function imageColumns(
  a: Pick<ValidArticle, 'imageAlt' | 'imageCaption' | 'imageCredit' | 'imageFocal'>,
): Partial<ImageColumns> {
  return {
    ...(a.imageAlt !== undefined ? { image_alt: a.imageAlt } : {}),
    ...(a.imageCaption !== undefined ? { image_caption: a.imageCaption } : {}),
    ...(a.imageCredit !== undefined ? { image_credit: a.imageCredit } : {}),
    ...(a.imageFocal !== undefined ? { image_focal_x: a.imageFocal.x, image_focal_y: a.imageFocal.y } : {}),
  };
}

/** The search and social fields an input gives, as columns (only what it gives). */
function metaColumns(a: Pick<ValidArticle, 'metaTitle' | 'metaDescription'>): Partial<MetaColumns> {
  return {
    ...(a.metaTitle !== undefined ? { meta_title: a.metaTitle } : {}),
    ...(a.metaDescription !== undefined ? { meta_description: a.metaDescription } : {}),
  };
}

/** An article (as stored) that is public or going to be, with an image and no text alternative for it. */
function altMissing(row: ArticleRow): boolean {
  return Boolean(row.image_url) && !row.image_alt?.trim();
}

const flagColumn = (v: boolean | null) => (v === null ? null : v ? 1 : 0);

/** The share choice an input gives, as columns (only the fields it gives: the others stay as they are). */
function shareColumns(a: Pick<ValidArticle, 'shareToX' | 'shareToFacebook' | 'shareMessage'>): Partial<ShareColumns> {
  return {
    ...(a.shareToX !== undefined ? { share_to_x: flagColumn(a.shareToX) } : {}),
    ...(a.shareToFacebook !== undefined ? { share_to_facebook: flagColumn(a.shareToFacebook) } : {}),
    ...(a.shareMessage !== undefined ? { share_message: a.shareMessage } : {}),
  };
}

/**
 * The columns an edit (or a restored revision) sets: a validated article but its publication date;
 * `editorName` undefined keeps the article's editor name.
 */
export type ArticleEdit = Omit<ValidArticle, 'publishedAt' | 'editorName'> & { editorName?: string };

/** LIKE's wildcards taken literally ('!' is the escape character). */
const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * Admin reads and editorial writes. Every write runs in one transaction together with its audit
 * row and its revision, bumps the article's version, and can be made conditional on the version the
 * editor saw (optimistic locking), so the trail and the history never disagree with the articles.
 */
export class AdminArticlesRepository {
  private readonly db: Kysely<Database>;

  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly onPublished?: PublishHook,
    private readonly onChanged?: ChangeHook,
    private readonly onPurged?: PurgeHook,
  ) {
    this.db = db;
  }

  private filtered({ status, categoryId, search, authorId, tagId, openNotes }: ListFilter) {
    let q = this.db.selectFrom('articles');
    // Each combination has its own (partial) index, in list order: see migration 030-list-by-shown-date
    // (scheduled and trash: the small partial indexes of 007-newsroom).
    if (categoryId) q = q.where('category_id', '=', categoryId);
    if (status === 'trash') q = q.where('deleted_at', 'is not', null);
    else if (status === 'scheduled') q = q.where('publish_at', 'is not', null);
    // A trashed article has published_at null: the published filter needs no trash condition.
    else if (status === 'published') q = q.where('published_at', 'is not', null);
    else {
      q = q.where('deleted_at', 'is', null);
      if (status === 'unpublished' || status === 'draft') {
        // After ANALYZE, SQLite believes `published_at IS NULL` matches ~1 row (the column is almost
        // unique) and picks an index that then needs a sort of every draft; likelihood() tells it
        // the truth, so it walks the drafts index in order (EXPLAIN QUERY PLAN checked, 100k rows).
        q =
          this.dialect === 'sqlite'
            ? q.where(sql<SqlBool>`likelihood(published_at is null, 0.5)`)
            : q.where('published_at', 'is', null);
        if (status === 'draft') q = q.where('publish_at', 'is', null);
      }
    }
    if (search) {
      const pattern = `%${escapeLike(search.toLowerCase())}%`;
      q = q.where(sql<SqlBool>`lower(headline) like ${pattern} escape '!'`);
    }
    // The link tables' (record, article) indexes give the ids.
    if (authorId) {
      q = q.where(
        'id',
        'in',
        this.db.selectFrom('article_authors').select('article_id').where('author_id', '=', authorId),
      );
    }
    if (tagId) {
      q = q.where('id', 'in', this.db.selectFrom('article_tags').select('article_id').where('tag_id', '=', tagId));
    }
    // The partial index of open notes gives their articles (migration 062); a story in the Trash has
    // nothing left to deal with.
    if (openNotes) {
      q = q
        .where('deleted_at', 'is', null)
        .where(
          'id',
          'in',
          this.db
            .selectFrom('article_notes')
            .select('article_id')
            .where('resolved_at', 'is', null)
            .where('reply_to', 'is', null),
        );
    }
    return q;
  }

  /** The number of articles of a status, from the trigger-maintained article_counts (a 12-row read). */
  private countQuery(status: 'all' | 'published' | 'unpublished', categoryId?: number) {
    let q = this.db.selectFrom('article_counts').select((eb) => eb.fn.sum<number | string | null>('n').as('n'));
    if (categoryId) q = q.where('category_id', '=', categoryId);
    if (status === 'published') q = q.where('is_draft', '=', 0);
    else if (status === 'unpublished') q = q.where('is_draft', '=', 1);
    return q;
  }

  /** Counts the filter's rows directly: for the small sets (scheduled, trash), searches and one author's or tag's. */
  private async countRows(filter: ListFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Whether article_counts (kept by triggers per status and category) holds this filter's total. */
  private static countedByTriggers(f: ListFilter): f is ListFilter & { status: 'all' | 'published' | 'unpublished' } {
    return (
      !f.search &&
      !f.authorId &&
      !f.tagId &&
      !f.openNotes &&
      (f.status === 'all' || f.status === 'published' || f.status === 'unpublished')
    );
  }

  /** The number of articles of a status (and category, and headline search). */
  count(status: ArticleStatus = 'all', categoryId?: number, search?: string): Promise<number> {
    return this.total({ status, categoryId, search });
  }

  private async total(filter: ListFilter): Promise<number> {
    if (AdminArticlesRepository.countedByTriggers(filter)) {
      const row = await this.countQuery(filter.status, filter.categoryId).executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    if (filter.status === 'draft' && !filter.search && !filter.authorId && !filter.tagId && !filter.openNotes) {
      const [unpublished, scheduled] = await Promise.all([
        this.total({ ...filter, status: 'unpublished' }),
        this.countRows({ ...filter, status: 'scheduled' }),
      ]);
      return unpublished - scheduled;
    }
    return this.countRows(filter);
  }

  /** One page's rows in list order; the ids are found on the index alone (a deferred join). */
  private pageRows(query: ListQuery, limit: number, offset: number, fromEnd: boolean) {
    const ascending = query.sort === 'oldest';
    // The drafts by their last change (the route allows it with status draft or unpublished only): the
    // index of migration 054; every other list by the date its rows show (migration 030).
    const date = query.sort === 'updated' ? sql.ref<string>('updated_at') : ARTICLE_SHOWN_DATE;
    const dir = ascending !== fromEnd ? 'asc' : 'desc';
    const pageIds = this.filtered(query).select('id').orderBy(date, dir).orderBy('id', dir).limit(limit).offset(offset);
    const outer = ascending ? 'asc' : 'desc';
    return this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .where('id', 'in', pageIds)
      .orderBy(date, outer)
      .orderBy('id', outer);
  }

  /**
   * One page, newest (or oldest) first by the date its rows show (ARTICLE_SHOWN_DATE: publication,
   * else creation), or for the drafts by their last change (`updated`, the latest first), ties by id.
   * A page near the start (most requests) is one statement when the total comes from article_counts:
   * its rows with the total beside them. A deeper
   * page first reads the total, then walks the index from whichever end of the range is nearer.
   * Either way only the page's rows are read.
   */
  async list(query: ListQuery): Promise<ArticlePage> {
    const { status, categoryId } = query;
    const countedByTriggers = AdminArticlesRepository.countedByTriggers(query);
    const all = query.pageSize === -1;
    let articles: AdminArticleListItem[] = [];
    let totalCount: number | undefined;
    const requestedOffset = (query.page - 1) * query.pageSize;
    if (!all && countedByTriggers && requestedOffset < SHALLOW_OFFSET) {
      const rows = await this.pageRows(query, query.pageSize, requestedOffset, false)
        .select(() => this.countQuery(status as 'all', categoryId).as('total_count'))
        .execute();
      if (rows.length > 0) {
        totalCount = Number(rows[0]!.total_count ?? 0);
        articles = rows.map(toListItem);
      }
    }
    if (totalCount === undefined) totalCount = await this.total(query);
    const pageSize = all ? totalCount : query.pageSize;
    const currentPage = all ? 1 : query.page;
    const totalPages = all ? 1 : Math.ceil(totalCount / pageSize);
    const offset = (currentPage - 1) * pageSize;

    if (articles.length === 0 && offset < totalCount && pageSize > 0) {
      const limit = Math.min(pageSize, totalCount - offset);
      const fromEnd = totalCount - offset - limit;
      const reverse = fromEnd < offset;
      const rows = await this.pageRows(query, limit, reverse ? fromEnd : offset, reverse).execute();
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

  /** An article, also one in the trash (its deletedAt tells). */
  async get(id: number): Promise<AdminArticle | undefined> {
    const row = await this.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return toAdminArticle(row, (await articleLinks(this.db, [id])).get(id));
  }

  /** An article deleted for good: when, by whom, its headline then (undefined when there is no such record). */
  purgeOf(id: number): Promise<PurgeRecord | undefined> {
    return purgeOf(this.db, id);
  }

  async dashboard(now: Date = new Date()): Promise<Dashboard> {
    const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
    const cutoff = hourOf(weekAgo);
    // The figures as scalar subqueries (each computed once per statement), beside the recent list:
    // one statement per request. With no articles at all there is no row to carry them, so they are
    // read on their own (the same subqueries).
    // Built from a builder with no outer tables: the subqueries are not correlated with the query they sit in.
    const figures = () => {
      const e = expressionBuilder<Database>();
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
        activeEditorsSince(weekAgo).as('active_users'),
        e
          .selectFrom('articles')
          .select((x) => x.fn.countAll<number | string>().as('n'))
          .where('publish_at', 'is not', null)
          .as('scheduled'),
      ] as const;
    };
    // In the list's order: by the date the rows show (index articles_list_idx).
    const recent = await this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .select(() => figures())
      .where('deleted_at', 'is', null)
      .orderBy(ARTICLE_SHOWN_DATE, 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_ARTICLES)
      .execute();
    const f = recent[0] ?? (await this.db.selectNoFrom(() => figures()).executeTakeFirstOrThrow());
    return {
      totalArticles: Number(f.total ?? 0),
      articlesLastWeek: Number(f.after_cutoff_hour ?? 0) + Number(f.in_cutoff_hour ?? 0),
      activeUsers: Number(f.active_users ?? 0),
      recentArticles: recent.map(toListItem),
      scheduledArticles: Number(f.scheduled ?? 0),
    };
  }

  /** Reads the row inside a transaction, locking it where the database can. */
  private async lockRow(trx: Transaction<Database>, id: number): Promise<ArticleRow | undefined> {
    let q = trx.selectFrom('articles').selectAll().where('id', '=', id);
    if (this.dialect === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /**
   * Applies a change to one article, with its audit row and revision, in one transaction; the
   * version grows by one. The change's rule may refuse the row as it is (nothing is written then).
   * With `expectedVersion`, a different current version is refused as stale. An article in the
   * trash is refused unless `inTrash` says the change is meant for one.
   */
  private async mutate<R extends string>(
    id: number,
    action: AuditAction,
    actor: Actor,
    change: (now: string) => Change<R>,
    options: MutateOptions = {},
  ): Promise<WriteResult<R>> {
    return this.db.transaction().execute((trx) => this.mutateIn(trx, id, action, actor, change, options));
  }

  /**
   * The same statements on both databases: the row read (and locked on PostgreSQL, so that writes
   * of one article wait for each other there), the refusals checked on it in JavaScript
   * (refusalOf), the update made only while the row still has the version read, then the audit row
   * and the revision (and the share work: a publish's through the publish hook, any other write's
   * through the change hook).
   */
  private async mutateIn<R extends string>(
    trx: Transaction<Database>,
    id: number,
    action: AuditAction,
    actor: Actor,
    describe: (now: string) => Change<R>,
    options: MutateOptions,
  ): Promise<WriteResult<R>> {
    const now = (options.now ?? new Date()).toISOString();
    const change = describe(now);
    const before = await this.lockRow(trx, id);
    if (!before) return { ok: false, reason: 'not-found' };
    const refusal = refusalOf(before, change, options);
    if (refusal) return refusal;
    const linksBefore = (await articleLinks(trx, [id])).get(id)!;
    // Authors and tags named by the write (created when new), after the refusals: a refused write creates none.
    const links: ResolvedLinks = options.links ? await resolveLinks(trx, options.links, now, this.dialect) : {};
    if (links.authors) change.set.author = bylineOf(links.authors);
    // The version condition again in the statement: on SQLite (no row lock) it keeps a racing
    // writer from overwriting unseen; on PostgreSQL the row lock above already serialises them.
    const updated = await trx
      .updateTable('articles')
      .set({
        ...resolve(change.set, before),
        updated_at: now,
        updated_by: actor.name,
        version: Number(before.version) + 1,
      })
      .where('id', '=', id)
      .where('version', '=', Number(before.version))
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      const current = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return {
        ok: false,
        reason: 'stale',
        currentVersion: Number(current.version),
        changedBy: current.updated_by,
        changedAt: current.updated_at,
      };
    }
    const after = updated as ArticleRow;
    await storeLinks(trx, id, links);
    const beforeArticle = toAdminArticle(before, linksBefore);
    const afterArticle = toAdminArticle(after, {
      authors: links.authors ?? linksBefore.authors,
      tags: links.tags ?? linksBefore.tags,
    });
    if (change.set.body !== undefined) await keepBodyImages(trx, [afterArticle]);
    await writeAudit(trx, [{ action, articleId: id, actor, at: now, before, after }]);
    await writeRevision(trx, {
      action,
      actor,
      at: now,
      article: afterArticle,
      changed: changedFields(beforeArticle, afterArticle),
      autosave: options.autosave,
    });
    if (action === 'publish') await this.onPublished?.(trx, id, after);
    else await this.onChanged?.(trx, id, before, after, { before: beforeArticle, after: afterArticle });
    return { ok: true, article: afterArticle, before: beforeArticle };
  }

  changeCategory(id: number, categoryId: number, actor: Actor) {
    return this.mutate<'same-category'>(id, 'category', actor, () => ({
      set: { category_id: categoryId },
      rule: {
        refuse: (row) => (row.category_id === categoryId ? 'same-category' : undefined),
      },
    }));
  }

  /**
   * Saves an edit of every editable field. A draft's slug follows its headline; a published
   * article whose slug changes keeps its old slug as a redirect to the new one. An edit of a
   * published article that changes what readers see moves its modification time (`modified_at`,
   * shown as "Updated"), unless the editor marks it `minor` (a typo fix).
   */
  edit(
    id: number,
    edit: ArticleEdit,
    actor: Actor,
    expectedVersion: number,
    action: 'edit' | 'restore' = 'edit',
    {
      minor = false,
      altExempt = false,
      autosave = false,
    }: { minor?: boolean; altExempt?: boolean; autosave?: boolean } = {},
  ) {
    return this.db.transaction().execute(async (trx) => {
      const result = await this.mutateIn<'image-alt-missing' | 'not-a-draft'>(
        trx,
        id,
        action,
        actor,
        () => ({
          set: {
            headline: edit.headline,
            slug: edit.slug,
            summary: edit.summary,
            body: JSON.stringify(edit.body),
            content: edit.content,
            author: edit.author,
            category_id: edit.categoryId,
            source: edit.source,
            ...(edit.editorName !== undefined ? { editor_name: edit.editorName } : {}),
            rating: edit.rating,
            comments: edit.comments,
            image_url: edit.imageUrl,
            original_url: edit.originalUrl,
            is_breaking: edit.isBreaking ? 1 : 0,
            ...(shareColumns(edit) as Partial<ArticleRow>),
            ...imageColumns(edit),
            ...metaColumns(edit),
          },
          rule: {
            refuse: (row) => {
              const isPublic = Boolean(row.published_at || row.publish_at);
              // The form saves a draft by itself as the editor types; a published or scheduled article
              // changes only when the editor saves it.
              if (autosave && isPublic) return 'not-a-draft';
              // An article that is public (or scheduled) keeps a text alternative for its image; one
              // published before alt texts existed may keep its picture without one (decision 033).
              return !altExempt &&
                isPublic &&
                imageAltMissing(
                  { imageUrl: edit.imageUrl || null, imageAlt: edit.imageAlt ?? row.image_alt },
                  { imageUrl: row.image_url || null, imageAlt: row.image_alt },
                )
                ? 'image-alt-missing'
                : undefined;
            },
          },
        }),
        {
          expectedVersion,
          autosave,
          links: { authors: authorRefs(edit), ...(edit.tags ? { tags: edit.tags } : {}) },
        },
      );
      if (result.ok && result.before.slug !== result.article.slug) {
        // The new slug is this article's own again: no redirect may point away from it.
        const release = (db: Pick<QueryCreator<Database>, 'deleteFrom'>) =>
          db.deleteFrom('slug_redirects').where('old_slug', '=', result.article.slug);
        const keep = (db: Pick<QueryCreator<Database>, 'insertInto'>) =>
          db
            .insertInto('slug_redirects')
            .values({ old_slug: result.before.slug, article_id: id, created_at: result.article.updatedAt })
            .onConflict((oc) =>
              oc.column('old_slug').doUpdateSet({ article_id: id, created_at: result.article.updatedAt }),
            );
        await release(trx).execute();
        if (result.before.publishedAt) await keep(trx).execute();
      }
      if (result.ok && !minor && result.article.publishedAt && changesForReaders(result.before, result.article)) {
        await trx.updateTable('articles').set({ modified_at: result.article.updatedAt }).where('id', '=', id).execute();
      }
      return result;
    });
  }

  /** Draft (or scheduled) to published, stamped now; cancels a schedule. Already published: refused (409). */
  publish(id: number, actor: Actor) {
    return this.mutate<'already-published' | 'image-alt-missing'>(id, 'publish', actor, (now) => ({
      set: { published_at: now, publish_at: null },
      rule: {
        refuse: (row) => (row.published_at ? 'already-published' : altMissing(row) ? 'image-alt-missing' : undefined),
      },
    }));
  }

  /** Published to draft; a scheduled article loses its schedule. A plain draft is refused (409). */
  unpublish(id: number, actor: Actor) {
    return this.mutate<'not-published'>(id, 'unpublish', actor, () => ({
      // Off the site, a story leads nothing: its pin goes with it (decision 064).
      set: { published_at: null, publish_at: null, pinned_at: null, pinned_by: null, pinned_until: null },
      rule: {
        refuse: (row) => (row.published_at || row.publish_at ? undefined : 'not-published'),
      },
    }));
  }

  /**
   * Sets (or moves) the time a draft goes out. A published article is refused; with `expectedVersion`
   * (the route's If-Match), so is one changed since (stale), as an edit.
   */
  schedule(id: number, publishAt: string, actor: Actor, expectedVersion?: number) {
    return this.mutate<'already-published' | 'image-alt-missing'>(
      id,
      'schedule',
      actor,
      () => ({
        set: { publish_at: publishAt },
        rule: {
          refuse: (row) => (row.published_at ? 'already-published' : altMissing(row) ? 'image-alt-missing' : undefined),
        },
      }),
      { expectedVersion },
    );
  }

  /** Takes a draft off its schedule; `expectedVersion` as for schedule. */
  unschedule(id: number, actor: Actor, expectedVersion?: number) {
    return this.mutate<'not-scheduled'>(
      id,
      'unschedule',
      actor,
      () => ({
        set: { publish_at: null },
        rule: {
          refuse: (row) => (row.publish_at ? undefined : 'not-scheduled'),
        },
      }),
      { expectedVersion },
    );
  }

  /**
   * Moves an article to the trash: gone from the public site at once (published_at null, its
   * value kept for a restore), its schedule cancelled. Restorable for TRASH_RETENTION_DAYS days.
   */
  delete(id: number, actor: Actor) {
    return this.mutate<'already-deleted'>(
      id,
      'delete',
      actor,
      (now) => ({
        set: {
          deleted_at: now,
          trashed_published_at: was('published_at'),
          published_at: null,
          publish_at: null,
          pinned_at: null,
          pinned_by: null,
          pinned_until: null,
        },
        rule: {
          refuse: (row) => (row.deleted_at ? 'already-deleted' : undefined),
        },
      }),
      { inTrash: true },
    );
  }

  /** Takes an article out of the trash, published again if it was. */
  restoreFromTrash(id: number, actor: Actor, now: Date = new Date()) {
    const oldest = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
    return this.mutate<'not-deleted' | 'expired'>(
      id,
      'undelete',
      actor,
      () => ({
        set: { deleted_at: null, published_at: was('trashed_published_at'), trashed_published_at: null },
        rule: {
          refuse: (row) => {
            if (!row.deleted_at) return 'not-deleted';
            if (row.deleted_at < oldest) return 'expired';
            return undefined;
          },
          // Compared as JavaScript compares strings (by code point, not by the database's collation).
        },
      }),
      { inTrash: true, now },
    );
  }

  /** Stores validated articles in one transaction, each with its 'create' audit row and first revision. */
  async createMany(inputs: ValidArticle[], actor: Actor): Promise<AdminArticle[]> {
    if (inputs.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const rows: NewArticleRow[] = inputs.map((a) => toNewArticleRow(a, now, now));
      const stored: ArticleRow[] = [];
      const linked: ArticleLinks[] = [];
      // Row by row with RETURNING keeps ids exact on both dialects; batches stay one transaction.
      for (const [i, row] of rows.entries()) {
        const links = await resolveLinks(
          trx,
          { authors: authorRefs(inputs[i]!), tags: inputs[i]!.tags ?? [] },
          now,
          this.dialect,
        );
        const saved = await trx
          .insertInto('articles')
          .values({ ...row, author: bylineOf(links.authors!), updated_by: actor.name })
          .returningAll()
          .executeTakeFirstOrThrow();
        await storeLinks(trx, Number(saved.id), links);
        stored.push(saved as ArticleRow);
        linked.push({ authors: links.authors!, tags: links.tags! });
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
      const articles = stored.map((row, i) => toAdminArticle(row, linked[i]));
      await keepBodyImages(trx, articles);
      for (const [i, article] of articles.entries()) {
        await writeRevision(trx, { action: 'create', actor, at: now, article, changed: [] });
        // Created published (the ingestion API): its share jobs are queued in this transaction.
        if (article.publishedAt && this.onPublished) await this.onPublished(trx, article.id, stored[i]);
      }
      return articles;
    });
  }

  async create(input: ValidArticle, actor: Actor): Promise<AdminArticle> {
    const [article] = await this.createMany([input], actor);
    return article!;
  }

  /**
   * Publishes every scheduled article that is due, in one conditional UPDATE ... RETURNING: a row
   * changes (and is returned) only while it is still scheduled, so with several instances and across
   * restarts each article is published exactly once. Audit and revision rows share the transaction.
   */
  async publishDue(actor: Actor, now: Date = new Date()): Promise<AdminArticle[]> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const rows = (await trx
        .updateTable('articles')
        .set((eb) => ({
          published_at: eb.ref('publish_at'),
          publish_at: null,
          updated_at: at,
          updated_by: actor.name,
          version: eb('version', '+', 1),
        }))
        .where('publish_at', 'is not', null)
        .where('publish_at', '<=', at)
        .where('published_at', 'is', null)
        .where('deleted_at', 'is', null)
        .returningAll()
        .execute()) as ArticleRow[];
      const links = await articleLinks(
        trx,
        rows.map((r) => Number(r.id)),
      );
      const published = rows.map((row) => toAdminArticle(row, links.get(Number(row.id))));
      for (const [i, article] of published.entries()) {
        const after = rows[i]!;
        const before: ArticleRow = {
          ...after,
          published_at: null,
          publish_at: after.published_at,
          version: Number(after.version) - 1,
        };
        await writeAudit(trx, [{ action: 'publish', articleId: article.id, actor, at, before, after }]);
        await writeRevision(trx, {
          action: 'publish',
          actor,
          at,
          article,
          changed: ['publishedAt', 'status', 'publishAt'],
        });
        if (this.onPublished) await this.onPublished(trx, article.id, after);
      }
      return published;
    });
  }

  /** Deletes for good what has been in the trash longer than TRASH_RETENTION_DAYS (its audit rows stay). */
  async purgeTrash(actor: Actor, now: Date = new Date()): Promise<number[]> {
    const oldest = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.purge(trx, (eb) => eb('deleted_at', '<', oldest), actor, now);
      return rows.map((r) => Number(r.id));
    });
  }

  /**
   * An editor's "Delete for good": one article in the trash deleted now, as the scheduler's purge would
   * delete it 30 days after the delete. A live article is refused (it goes to the trash first).
   */
  async purgeFromTrash(
    id: number,
    actor: Actor,
    now: Date = new Date(),
  ): Promise<{ ok: true } | { ok: false; reason: 'not-found' | 'not-deleted' }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.lockRow(trx, id);
      if (!row) return { ok: false, reason: 'not-found' } as const;
      if (!row.deleted_at) return { ok: false, reason: 'not-deleted' } as const;
      // The row is locked (PostgreSQL) or the transaction runs alone (SQLite): the purge finds it as read.
      await this.purge(trx, (eb) => eb('id', '=', id), actor, now);
      return { ok: true } as const;
    });
  }

  /**
   * The purge, written once: deletes the articles in the trash that `which` picks, with what belongs to
   * them alone (revisions, body image links, slug redirects, a live blog's entries and their revisions,
   * author and tag links, the share rows of their posts, a preview link), and writes a 'purge' audit row
   * for each, which stays. Answers the rows deleted.
   */
  private async purge(
    trx: Transaction<Database>,
    which: (eb: ExpressionBuilder<Database, 'articles'>) => Expression<SqlBool>,
    actor: Actor,
    now: Date,
  ): Promise<ArticleRow[]> {
    const rows = (await trx
      .deleteFrom('articles')
      .where('deleted_at', 'is not', null)
      .where(which)
      .returningAll()
      .execute()) as ArticleRow[];
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    await trx.deleteFrom('article_revisions').where('article_id', 'in', ids).execute();
    await trx.deleteFrom('article_body_images').where('article_id', 'in', ids).execute();
    await trx.deleteFrom('slug_redirects').where('article_id', 'in', ids).execute();
    // A live blog's entries and their revisions (decision 037) go with it.
    await trx
      .deleteFrom('live_entry_revisions')
      .where('entry_id', 'in', trx.selectFrom('live_entries').select('id').where('article_id', 'in', ids))
      .execute();
    await trx.deleteFrom('live_entries').where('article_id', 'in', ids).execute();
    // Its posts' share rows, its own and its key events' (the editor was offered to delete the posts
    // first): a failed one would stay on the dashboard. Their waiting jobs are cancelled first, by the
    // rows (onPurged); one already claimed finds no share to move and sends nothing. The audit trail
    // keeps what was posted.
    await this.onPurged?.(trx, ids);
    await trx.deleteFrom('social_shares').where('article_id', 'in', ids).execute();
    await deleteArticleLinks(trx, ids);
    await deletePreviewLinks(trx, ids);
    await writeAudit(
      trx,
      rows.map((r) => ({
        action: 'purge' as const,
        articleId: Number(r.id),
        actor,
        at: now.toISOString(),
        before: r,
        after: null,
      })),
    );
    return rows;
  }
}

/** The database row of a validated article (shared by the create call, the import and the exact import). */
export function toNewArticleRow(a: ValidArticle, createdAt: string, updatedAt: string): NewArticleRow {
  return {
    headline: a.headline,
    slug: a.slug,
    summary: a.summary,
    body: JSON.stringify(a.body),
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
    ...(shareColumns(a) as object),
    ...imageColumns(a),
    // Always named: rows inserted together (an import's batch) must name the same columns.
    meta_title: a.metaTitle ?? '',
    meta_description: a.metaDescription ?? '',
  };
}

/** Another column of the row as it was before the change (a change that copies one column into another). */
interface Was {
  was: keyof ArticleRow;
}

const was = (name: keyof ArticleRow): Was => ({ was: name });

/** The fields a reader sees on the public site (the slug follows the headline). */
const READER_FIELDS = [
  'headline',
  'summary',
  'content',
  'author',
  'categoryId',
  'source',
  'imageUrl',
  'imageAlt',
  'imageCaption',
  'imageCredit',
  'originalUrl',
  'isBreaking',
] as const satisfies readonly (keyof AdminArticle)[];

export function changesForReaders(before: AdminArticle, after: AdminArticle): boolean {
  return READER_FIELDS.some((f) => before[f] !== after[f]) || !sameBody(before.body, after.body);
}

/**
 * Records the library images the articles' bodies show (pictures, embed thumbnails) in
 * article_body_images, which the image sweep reads. Rows are only added: a revision keeps showing
 * an image the body no longer has, and every save writes a revision; they go with the article.
 */
export async function keepBodyImages(
  trx: Pick<QueryCreator<Database>, 'insertInto'>,
  articles: { id: number; body: BodyDoc }[],
): Promise<void> {
  const rows = articles.flatMap((a) =>
    bodyImageIds(a.body).map((imageId) => ({ article_id: a.id, image_id: imageId })),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('article_body_images')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['article_id', 'image_id']).doNothing())
      .execute();
  }
}

function isWas(value: unknown): value is Was {
  return typeof value === 'object' && value !== null && 'was' in value;
}

/**
 * One editorial change as data: the columns it sets (values, or another column as it was), and the
 * rule that may refuse the row as it is (which reason, or undefined to accept it).
 */
interface Change<R extends string> {
  set: { [K in keyof ArticleRow]?: ArticleRow[K] | Was };
  rule?: { refuse: (row: ArticleRow) => R | undefined };
}

interface MutateOptions {
  expectedVersion?: number;
  /** The authors and tags the write gives (left out: unchanged). */
  links?: { authors?: NameRef[]; tags?: NameRef[] };
  inTrash?: boolean;
  now?: Date;
  /** The revision is an autosave of the edit form (folded in the History). */
  autosave?: boolean;
}

/** The columns a change sets, its copied columns read from the row as it was. */
function resolve(set: Change<string>['set'], row: ArticleRow): Partial<ArticleRow> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(set)) values[name] = isWas(value) ? row[value.was] : value;
  return values as Partial<ArticleRow>;
}

/** Why a change is refused for the row as it was (in this order), or undefined. */
function refusalOf<R extends string>(
  row: ArticleRow,
  change: Change<R>,
  options: MutateOptions,
): Refusal<R> | undefined {
  if (row.deleted_at && !options.inTrash) return { ok: false, reason: 'deleted', deletedAt: row.deleted_at };
  if (options.expectedVersion !== undefined && Number(row.version) !== options.expectedVersion) {
    return {
      ok: false,
      reason: 'stale',
      currentVersion: Number(row.version),
      changedBy: row.updated_by,
      changedAt: row.updated_at,
    };
  }
  const reason = change.rule?.refuse(row);
  return reason === undefined ? undefined : { ok: false, reason };
}

/**
 * Runs inside the publish transaction, after the publish's audit row and revision (share jobs are
 * queued there, so both commit together). `row` is the article as the publish left it.
 */
export type PublishHook = (trx: Transaction<Database>, articleId: number, row: ArticleRow) => Promise<void>;

/**
 * Runs inside the transaction that deletes articles for good (purge: an editor's Delete for good or the
 * scheduler's purge of the expired Trash), before their share rows are deleted: the share work cancels
 * their waiting jobs there (decision 024).
 */
export type PurgeHook = (trx: Transaction<Database>, articleIds: readonly number[]) => Promise<void>;

/**
 * Runs inside the transaction of every other accepted write of one article (an unpublish, a move to the
 * Trash, an edit...), after its audit row and revision, with the row as it was and as the write left it
 * (and the same as articles, with their authors and tags): the share work withdraws there the queued
 * posts the change made unsendable (decision 024); IndexNow queues the URLs search engines should
 * crawl again (decision 045).
 */
export type ChangeHook = (
  trx: Transaction<Database>,
  articleId: number,
  before: ArticleRow,
  after: ArticleRow,
  articles: { before: AdminArticle; after: AdminArticle },
) => Promise<void>;
