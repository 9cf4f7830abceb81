import type { Kysely, Transaction } from 'kysely';
import type { Correction, CorrectionAuditAction } from '../../../common/corrections-contract.ts';
import type { Dialect } from '../db/dialect.ts';
import type { ArticleCorrectionRow, Database } from '../db/schema.ts';
import { writeAuditRows, type Actor } from './audit-log.ts';

/** A correction row as the newsroom's API gives it. */
export function toCorrection(row: ArticleCorrectionRow): Correction {
  return {
    id: Number(row.id),
    text: row.text,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Why a correction write was refused: no such article or correction, the article in the trash, or (adding) not published. */
export type CorrectionRefusal =
  | { ok: false; reason: 'not-found' | 'correction-not-found' | 'not-published' }
  | { ok: false; reason: 'deleted'; deletedAt: string };

type ArticleState = {
  id: number;
  slug: string;
  headline: string;
  published_at: string | null;
  deleted_at: string | null;
};

/**
 * Run in a correction write's transaction once it is made (`article` as the write found it): IndexNow's
 * hook (decision 045), so a committed change never loses its notification and a rolled-back one sends none.
 */
export type CorrectionWrittenHook = (trx: Transaction<Database>, article: ArticleState) => Promise<void>;

/**
 * Corrections of articles (decision 046). Every write checks the article in its transaction (read
 * locked on PostgreSQL, so a move to the trash running at the same time comes first or after) and
 * writes its audit row there, then runs `onWritten` there (a fix to the same text writes nothing).
 * Adding one moves the article's `modified_at` (readers are told 'Updated'), fixing a correction's
 * wording or removing it does not.
 */
export class ArticleCorrectionsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly onWritten?: CorrectionWrittenHook,
  ) {}

  /** The article's state as the rules need it (undefined: no such article). */
  async article(id: number): Promise<ArticleState | undefined> {
    return this.db
      .selectFrom('articles')
      .select(['id', 'slug', 'headline', 'published_at', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The article's corrections, newest first. */
  async list(articleId: number): Promise<Correction[]> {
    const rows = await this.db
      .selectFrom('article_corrections')
      .selectAll()
      .where('article_id', '=', articleId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toCorrection);
  }

  /** A new correction of a published article, dated `now`; the article's update time becomes `now`. */
  async add(
    articleId: number,
    text: string,
    actor: Actor,
    now: Date,
  ): Promise<{ ok: true; correction: Correction } | CorrectionRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      if (!article.row.published_at) return { ok: false as const, reason: 'not-published' as const };
      const at = now.toISOString();
      const row = await trx
        .insertInto('article_corrections')
        .values({
          article_id: articleId,
          text,
          created_at: at,
          created_by: actor.name,
          updated_at: null,
          updated_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('articles').set({ modified_at: at }).where('id', '=', articleId).execute();
      const correction = toCorrection(row);
      await audit(trx, 'correction-add', articleId, actor, at, {
        before: null,
        after: { headline: article.row.headline, correctionId: correction.id, text },
      });
      await this.onWritten?.(trx, article.row);
      return { ok: true as const, correction };
    });
  }

  /**
   * A correction's wording fixed: its date stays, and so does the article's update time. The same text
   * again changes nothing and writes no audit row.
   */
  async edit(
    articleId: number,
    correctionId: number,
    text: string,
    actor: Actor,
    now: Date,
  ): Promise<{ ok: true; correction: Correction; changed: boolean } | CorrectionRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      const before = await this.correctionOf(trx, articleId, correctionId);
      if (!before) return { ok: false as const, reason: 'correction-not-found' as const };
      if (before.text === text) return { ok: true as const, correction: toCorrection(before), changed: false };
      const at = now.toISOString();
      const row = await trx
        .updateTable('article_corrections')
        .set({ text, updated_at: at, updated_by: actor.name })
        .where('id', '=', correctionId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, 'correction-edit', articleId, actor, at, {
        before: { headline: article.row.headline, correctionId, text: before.text },
        after: { headline: article.row.headline, correctionId, text },
      });
      await this.onWritten?.(trx, article.row);
      return { ok: true as const, correction: toCorrection(row), changed: true };
    });
  }

  /** A correction removed (readers no longer see it); the article's update time stays. */
  async remove(
    articleId: number,
    correctionId: number,
    actor: Actor,
    now: Date,
  ): Promise<{ ok: true } | CorrectionRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      const before = await this.correctionOf(trx, articleId, correctionId);
      if (!before) return { ok: false as const, reason: 'correction-not-found' as const };
      await trx.deleteFrom('article_corrections').where('id', '=', correctionId).execute();
      await audit(trx, 'correction-remove', articleId, actor, now.toISOString(), {
        before: { headline: article.row.headline, correctionId, text: before.text, createdAt: before.created_at },
        after: null,
      });
      await this.onWritten?.(trx, article.row);
      return { ok: true as const };
    });
  }

  private async lockArticle(
    trx: Transaction<Database>,
    articleId: number,
  ): Promise<{ ok: true; row: ArticleState } | CorrectionRefusal> {
    let q = trx
      .selectFrom('articles')
      .select(['id', 'slug', 'headline', 'published_at', 'deleted_at'])
      .where('id', '=', articleId);
    if (this.dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.deleted_at) return { ok: false, reason: 'deleted', deletedAt: row.deleted_at };
    return { ok: true, row };
  }

  private correctionOf(trx: Transaction<Database>, articleId: number, correctionId: number) {
    return trx
      .selectFrom('article_corrections')
      .selectAll()
      .where('id', '=', correctionId)
      .where('article_id', '=', articleId)
      .executeTakeFirst();
  }
}

/** A correction's audit row: the article's headline, the correction's id and text. */
async function audit(
  trx: Transaction<Database>,
  action: CorrectionAuditAction,
  articleId: number,
  actor: Actor,
  at: string,
  { before, after }: { before: object | null; after: object | null },
): Promise<void> {
  await writeAuditRows(trx, [{ action, articleId, actor, at, before, after }]);
}
