import type { Kysely, Transaction } from 'kysely';
import type { PreviewAuditAction, PreviewLink } from '../../../common/preview-contract.ts';
import type { Dialect } from '../db/index.ts';
import type { ArticleRow, Database, PreviewLinkRow } from '../db/schema.ts';
import { writeAuditRows, type Actor } from './audit-log.ts';
import { toArticlePage, type PublicArticle } from './news-repository.ts';
import { NEWS_LIST_COLUMNS } from './public-columns.ts';

/** The article columns a preview link's rules and its page read. */
const ARTICLE_COLUMNS = [...NEWS_LIST_COLUMNS, 'content', 'body', 'publish_at', 'deleted_at'] as const;

export type PreviewArticleRow = Pick<ArticleRow, (typeof ARTICLE_COLUMNS)[number]>;

/** A link as the newsroom sees it: never its token or hash. */
export function toPreviewLink(row: PreviewLinkRow): PreviewLink {
  return { createdAt: row.created_at, createdBy: row.created_by, expiresAt: row.expires_at };
}

/** Whether a link lets its holder read the article at `now`: not ended by a publication, not expired. */
export function isLive(row: PreviewLinkRow, now: string): boolean {
  return row.ended_at === null && row.expires_at > now;
}

export type CreateRefusal =
  { ok: false; reason: 'not-found' | 'published' } | { ok: false; reason: 'deleted'; deletedAt: string };

/**
 * Preview links (decision 042): at most one per article, found by the SHA-256 of its token (the
 * token is never stored). Turning one on or off writes its audit row in the same transaction.
 */
export class PreviewLinksRepository {
  private readonly db: Kysely<Database>;

  constructor(
    db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {
    this.db = db;
  }

  /** The article's state as the link rules need it (undefined: no such article). */
  async article(id: number): Promise<PreviewArticleRow | undefined> {
    return this.db.selectFrom('articles').select(ARTICLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The article's link row, whatever its state (ended, expired), or undefined. */
  async linkOf(articleId: number): Promise<PreviewLinkRow | undefined> {
    return this.db.selectFrom('preview_links').selectAll().where('article_id', '=', articleId).executeTakeFirst();
  }

  /**
   * Turns a link on for an unpublished article that is not in the trash: the new link replaces any
   * earlier one (whose address stops working). The article row is read locked (PostgreSQL), so a
   * publication running at the same time either comes first (refused here) or ends this link.
   */
  async create(
    articleId: number,
    tokenHash: string,
    actor: Actor,
    now: Date,
    days: number,
  ): Promise<{ ok: true; link: PreviewLink; replaced: boolean } | CreateRefusal> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('articles')
        .select(['id', 'headline', 'published_at', 'deleted_at'])
        .where('id', '=', articleId);
      if (this.dialect === 'postgres') q = q.forUpdate();
      const article = await q.executeTakeFirst();
      if (!article) return { ok: false as const, reason: 'not-found' as const };
      if (article.deleted_at) return { ok: false as const, reason: 'deleted' as const, deletedAt: article.deleted_at };
      if (article.published_at) return { ok: false as const, reason: 'published' as const };
      const at = now.toISOString();
      const row: PreviewLinkRow = {
        article_id: articleId,
        token_hash: tokenHash,
        created_at: at,
        created_by: actor.name,
        expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
        ended_at: null,
      };
      const earlier = await trx
        .deleteFrom('preview_links')
        .where('article_id', '=', articleId)
        .returningAll()
        .executeTakeFirst();
      await trx.insertInto('preview_links').values(row).execute();
      const link = toPreviewLink(row);
      const replaced = Boolean(earlier && isLive(earlier, at));
      await audit(trx, 'preview-link-create', articleId, actor, at, {
        before: earlier ? { headline: article.headline, ...toPreviewLink(earlier) } : null,
        after: { headline: article.headline, ...link, replaced },
      });
      return { ok: true as const, link, replaced };
    });
  }

  /**
   * Turns the article's link off (its row is deleted). `removed` says whether there was one; a
   * link that worked until now gets its audit row.
   */
  async revoke(
    articleId: number,
    actor: Actor,
    now: Date,
  ): Promise<{ ok: true; removed: boolean } | { ok: false; reason: 'not-found' }> {
    return this.db.transaction().execute(async (trx) => {
      const article = await trx
        .selectFrom('articles')
        .select(['id', 'headline'])
        .where('id', '=', articleId)
        .executeTakeFirst();
      if (!article) return { ok: false as const, reason: 'not-found' as const };
      const earlier = await trx
        .deleteFrom('preview_links')
        .where('article_id', '=', articleId)
        .returningAll()
        .executeTakeFirst();
      if (!earlier) return { ok: true as const, removed: false };
      const at = now.toISOString();
      await audit(trx, 'preview-link-revoke', articleId, actor, at, {
        before: { headline: article.headline, ...toPreviewLink(earlier), live: isLive(earlier, at) },
        after: null,
      });
      return { ok: true as const, removed: true };
    });
  }

  /** The link with this token hash and its article (undefined: no such link, or its article is gone). */
  async findByTokenHash(tokenHash: string): Promise<{ link: PreviewLinkRow; article: PreviewArticleRow } | undefined> {
    const link = await this.db
      .selectFrom('preview_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!link) return undefined;
    const article = await this.article(link.article_id);
    return article ? { link, article } : undefined;
  }

  /**
   * The article as its public page will show it once published: the public fields, the rendered body,
   * the byline's authors and tags. A scheduled article shows its publication time; a draft none.
   */
  async readerArticle(row: PreviewArticleRow): Promise<PublicArticle> {
    const { publish_at, deleted_at: _deleted, ...columns } = row;
    return toArticlePage(this.db, { ...columns, published_at: row.published_at ?? publish_at });
  }
}

/** Deletes the links of articles deleted for good, in the purge's transaction. */
export async function deletePreviewLinks(trx: Transaction<Database>, articleIds: number[]): Promise<void> {
  if (articleIds.length === 0) return;
  await trx.deleteFrom('preview_links').where('article_id', 'in', articleIds).execute();
}

/** A preview link's audit row: the link's times and maker, with the article's headline, never its token. */
async function audit(
  trx: Transaction<Database>,
  action: PreviewAuditAction,
  articleId: number,
  actor: Actor,
  at: string,
  { before, after }: { before: object | null; after: object | null },
): Promise<void> {
  await writeAuditRows(trx, [{ action, articleId, actor, at, before, after }]);
}
