import { sql, type Kysely, type Transaction } from 'kysely';
import { MAX_PINNED_STORIES, type AdminArticle, type PinnedStory } from '../../../common/admin-contract.ts';
import { CATEGORIES } from '../../../common/categories.ts';
import type { Dialect } from '../db/index.ts';
import type { ArticleRow, Database } from '../db/schema.ts';
import { toAdminArticle } from './admin-article-view.ts';
import { writeAudit, type Actor } from './audit-log.ts';
import { articleLinks } from './authors-and-tags.ts';

export type { PinnedStory };

export type PinResult =
  | { ok: true; article: AdminArticle; changed: boolean }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'deleted'; deletedAt: string }
  | { ok: false; reason: 'not-published' }
  | { ok: false; reason: 'too-many'; pinned: PinnedStory[] };

const categoryName = (id: number) => CATEGORIES.find((c) => c.id === Number(id))?.name ?? '';

/**
 * Stories pinned to the top (decision 064): a published story an editor pins leads the home page and its
 * section's first page, after the breaking stories; at most MAX_PINNED_STORIES at once, the newest pin
 * first. A pin is not an edit of the story: the article's version, revisions and modification time stay
 * as they are (an editor writing in it meanwhile saves without a conflict), and the audit trail records
 * it ('pin', 'unpin'). Pinning a pinned story, or unpinning one that is not, changes nothing.
 */
export class PinnedStoriesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The pinned published stories, newest pin first (the partial index of pins, migration 063). */
  async pinned(trx: Kysely<Database> = this.db): Promise<PinnedStory[]> {
    const rows = await trx
      .selectFrom('articles')
      .select(['id', 'headline', 'category_id', 'pinned_at', 'pinned_by'])
      .where('pinned_at', 'is not', null)
      .where('published_at', 'is not', null)
      .orderBy('pinned_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      headline: r.headline,
      category: categoryName(r.category_id),
      pinnedAt: r.pinned_at!,
      pinnedBy: r.pinned_by ?? null,
    }));
  }

  pin(id: number, actor: Actor, now: Date = new Date()): Promise<PinResult> {
    return this.change(id, actor, now, async (trx, row) => {
      if (!row.published_at) return { ok: false, reason: 'not-published' };
      if (row.pinned_at) return 'unchanged';
      const pinned = await this.pinned(trx);
      if (pinned.length >= MAX_PINNED_STORIES) return { ok: false, reason: 'too-many', pinned };
      return { pinned_at: now.toISOString(), pinned_by: actor.name };
    });
  }

  unpin(id: number, actor: Actor, now: Date = new Date()): Promise<PinResult> {
    return this.change(id, actor, now, async (_trx, row) =>
      row.pinned_at ? { pinned_at: null, pinned_by: null } : 'unchanged',
    );
  }

  /**
   * Reads the row (locked on PostgreSQL), refuses a missing or trashed article, asks `decide` what to
   * set, and writes it with its audit row. On PostgreSQL the pins take turns under one transaction lock,
   * so two editors pinning at the same moment cannot pass the limit together (SQLite runs one write
   * transaction at a time already).
   */
  private change(
    id: number,
    actor: Actor,
    now: Date,
    decide: (
      trx: Transaction<Database>,
      row: ArticleRow,
    ) => Promise<Pick<ArticleRow, 'pinned_at' | 'pinned_by'> | 'unchanged' | Exclude<PinResult, { ok: true }>>,
  ): Promise<PinResult> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtext('tabloid pinned stories'))`.execute(trx);
      let q = trx.selectFrom('articles').selectAll().where('id', '=', id);
      if (this.dialect === 'postgres') q = q.forUpdate();
      const before = await q.executeTakeFirst();
      if (!before) return { ok: false, reason: 'not-found' };
      if (before.deleted_at) return { ok: false, reason: 'deleted', deletedAt: before.deleted_at };
      const decision = await decide(trx, before);
      let after = before;
      if (decision !== 'unchanged') {
        if ('ok' in decision) return decision;
        after = (await trx
          .updateTable('articles')
          .set(decision)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow()) as ArticleRow;
        const action = decision.pinned_at ? 'pin' : 'unpin';
        await writeAudit(trx, [{ action, articleId: id, actor, at: now.toISOString(), before, after }]);
      }
      const links = (await articleLinks(trx, [id])).get(id);
      return { ok: true, article: toAdminArticle(after, links), changed: decision !== 'unchanged' };
    });
  }
}
