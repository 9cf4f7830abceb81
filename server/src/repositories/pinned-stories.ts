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

type PinColumns = Pick<ArticleRow, 'pinned_at' | 'pinned_by' | 'pinned_until'>;
const UNPINNED: PinColumns = { pinned_at: null, pinned_by: null, pinned_until: null };

const categoryName = (id: number) => CATEGORIES.find((c) => c.id === Number(id))?.name ?? '';

/**
 * Stories pinned to the top (decision 064): a published story an editor pins leads the home page and its
 * section's first page, after the breaking stories; at most MAX_PINNED_STORIES at once, the newest pin
 * first. A pin is not an edit of the story: the article's version, revisions and modification time stay
 * as they are (an editor writing in it meanwhile saves without a conflict), and the audit trail records
 * it ('pin', 'unpin'). Pinning a pinned story, or unpinning one that is not, changes nothing.
 * A pin may end by itself (`until`): the scheduler's step unpins it once that time has come (`unpinDue`),
 * as the Scheduler in the audit trail; pinning a pinned story again with another `until` changes only
 * that, and the story keeps its place.
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
      .select(['id', 'headline', 'category_id', 'pinned_at', 'pinned_by', 'pinned_until'])
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
      pinnedUntil: r.pinned_until ?? null,
    }));
  }

  /**
   * Pins a published story until `until` (null: until an editor unpins it). The caller checks that
   * `until` is later than `now` (the route answers 400 otherwise).
   */
  pin(id: number, actor: Actor, until: Date | null = null, now: Date = new Date()): Promise<PinResult> {
    const pinnedUntil = until ? until.toISOString() : null;
    return this.change(id, actor, now, async (trx, row) => {
      if (!row.published_at) return { ok: false, reason: 'not-published' };
      if (row.pinned_at)
        return (row.pinned_until ?? null) === pinnedUntil
          ? 'unchanged'
          : { pinned_at: row.pinned_at, pinned_by: row.pinned_by, pinned_until: pinnedUntil };
      const pinned = await this.pinned(trx);
      if (pinned.length >= MAX_PINNED_STORIES) return { ok: false, reason: 'too-many', pinned };
      return { pinned_at: now.toISOString(), pinned_by: actor.name, pinned_until: pinnedUntil };
    });
  }

  unpin(id: number, actor: Actor, now: Date = new Date()): Promise<PinResult> {
    return this.change(id, actor, now, async (_trx, row) => (row.pinned_at ? UNPINNED : 'unchanged'));
  }

  /**
   * The scheduler's step: unpins each story whose pin has ended by `now`, as the Scheduler. Each goes
   * through `change`, which reads the row again under the lock, so a story an editor unpinned or pinned
   * anew meanwhile is left as it is, and two instances ticking at once unpin it once. Answers the
   * stories unpinned.
   */
  async unpinDue(actor: Actor, now: Date = new Date()): Promise<number[]> {
    const at = now.toISOString();
    const due = await this.db
      .selectFrom('articles')
      .select('id')
      .where('pinned_at', 'is not', null)
      .where('pinned_until', '<=', at)
      .execute();
    const unpinned: number[] = [];
    for (const { id } of due) {
      const result = await this.change(Number(id), actor, now, async (_trx, row) =>
        row.pinned_at && row.pinned_until && row.pinned_until <= at ? UNPINNED : 'unchanged',
      );
      if (result.ok && result.changed) unpinned.push(Number(id));
    }
    return unpinned;
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
    ) => Promise<PinColumns | 'unchanged' | Exclude<PinResult, { ok: true }>>,
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
