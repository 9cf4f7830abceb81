import type { Kysely, Transaction } from 'kysely';
import type { ArticleRow, Database, LiveEntryRevisionRow, LiveEntryRow } from '../../db/schema.ts';
import type { Actor } from '../../repositories/audit-log.ts';
import type { LiveAuditAction } from '../../../../common/live-contract.ts';

type Tx = Kysely<Database> | Transaction<Database>;

export type { LiveEntryRow, LiveEntryRevisionRow };

/** The article columns live coverage reads. */
export type LiveArticleRow = Pick<
  ArticleRow,
  'id' | 'slug' | 'headline' | 'published_at' | 'deleted_at' | 'live_started_at' | 'live_ended_at'
>;

const ARTICLE_COLUMNS = [
  'id',
  'slug',
  'headline',
  'published_at',
  'deleted_at',
  'live_started_at',
  'live_ended_at',
] as const;

/** What a post or a correction writes. */
export interface EntryWrite {
  body: string;
  keyEvent: boolean;
  shareToX: boolean;
  shareToFacebook: boolean;
}

/** An article in the Trash refuses every write of its coverage (restored, it takes them again). */
export type InTrash = { ok: false; reason: 'in-trash'; deletedAt: string };

const inTrash = (deletedAt: string): InTrash => ({ ok: false, reason: 'in-trash', deletedAt });

export type EntryRefusal =
  | { ok: false; reason: 'article-not-found' }
  | InTrash
  | { ok: false; reason: 'not-live' }
  | { ok: false; reason: 'entry-not-found' }
  | { ok: false; reason: 'stale'; currentVersion: number; changedBy: string; changedAt: string };

/**
 * Work done inside the writing transaction after the row is written (a key event's share jobs queued,
 * the posts a correction or a deletion made unsendable withdrawn).
 */
export type AfterWrite = (trx: Transaction<Database>, entry: LiveEntryRow, article: LiveArticleRow) => Promise<void>;

/** Work done inside a start, resume or end of coverage, after its audit row: `article` as it left it. */
export type AfterCoverage = (trx: Transaction<Database>, article: ArticleRow) => Promise<void>;

const flag = (v: boolean) => (v ? 1 : 0);

/**
 * All SQL of live blogs (decision 037): the coverage columns of articles, live_entries (newest first
 * by posted_at then id, deleted ones left out), live_entry_revisions and their audit rows. Every
 * write is one transaction with its revision and audit rows.
 */
export class LiveEntriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async article(id: number, tx: Tx = this.db): Promise<LiveArticleRow | undefined> {
    return tx.selectFrom('articles').select(ARTICLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /**
   * Starts (or resumes) and ends coverage: live_started_at set once (kept on a resume),
   * live_ended_at set by the end and cleared by a start. Answers the article as it was and is now,
   * or a refusal ('running' / 'not-running' when it already is what was asked, 'in-trash').
   */
  async setCoverage(
    id: number,
    to: 'start' | 'end',
    actor: Actor,
    afterWrite?: AfterCoverage,
    now = new Date().toISOString(),
  ): Promise<
    | { ok: true; before: LiveArticleRow; after: LiveArticleRow }
    | { ok: false; reason: 'not-found' | 'running' | 'not-running' }
    | InTrash
  > {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return { ok: false as const, reason: 'not-found' as const };
      if (before.deleted_at) return inTrash(before.deleted_at);
      const running = Boolean(before.live_started_at) && !before.live_ended_at;
      if (to === 'start' && running) return { ok: false as const, reason: 'running' as const };
      if (to === 'end' && !running) return { ok: false as const, reason: 'not-running' as const };
      const set =
        to === 'start'
          ? { live_started_at: before.live_started_at ?? now, live_ended_at: null }
          : { live_ended_at: now };
      await trx.updateTable('articles').set(set).where('id', '=', id).execute();
      const after = { ...before, ...set };
      const action: LiveAuditAction = to === 'start' ? 'live-start' : 'live-end';
      await trx
        .insertInto('audit_log')
        .values({
          action,
          article_id: id,
          actor_subject: actor.subject,
          actor_name: actor.name,
          at: now,
          before: JSON.stringify(before),
          after: JSON.stringify(after),
        })
        .execute();
      await afterWrite?.(trx, after);
      return { ok: true as const, before: pickArticle(before), after: pickArticle(after) };
    });
  }

  /** A new entry, its first revision and audit row; refused unless coverage runs (and in the Trash). */
  async post(
    articleId: number,
    write: EntryWrite,
    actor: Actor,
    afterWrite?: AfterWrite,
  ): Promise<{ ok: true; entry: LiveEntryRow; article: LiveArticleRow } | EntryRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.article(articleId, trx);
      if (!article) return { ok: false as const, reason: 'article-not-found' as const };
      if (article.deleted_at) return inTrash(article.deleted_at);
      if (!article.live_started_at || article.live_ended_at) return { ok: false as const, reason: 'not-live' as const };
      const now = new Date().toISOString();
      const entry = await trx
        .insertInto('live_entries')
        .values({
          article_id: articleId,
          body: write.body,
          key_event: flag(write.keyEvent),
          share_to_x: flag(write.shareToX),
          share_to_facebook: flag(write.shareToFacebook),
          editor_subject: actor.subject,
          editor_name: actor.name,
          posted_at: now,
          updated_at: null,
          deleted_at: null,
          version: 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.#record(trx, entry, 'post', 'live-entry-post', actor, now);
      await afterWrite?.(trx, entry, article);
      return { ok: true as const, entry, article };
    });
  }

  /** A correction (compare-and-swap on `version`): refused when the entry changed since that version. */
  async edit(
    articleId: number,
    entryId: number,
    version: number,
    write: EntryWrite,
    actor: Actor,
    afterWrite?: AfterWrite,
  ): Promise<{ ok: true; entry: LiveEntryRow; article: LiveArticleRow } | EntryRefusal> {
    return this.#change(articleId, entryId, actor, 'edit', version, write, afterWrite);
  }

  /** Deletes an entry (kept as a row with deleted_at, its revision saying who deleted it). */
  async delete(
    articleId: number,
    entryId: number,
    actor: Actor,
    afterWrite?: AfterWrite,
  ): Promise<{ ok: true; entry: LiveEntryRow; article: LiveArticleRow } | EntryRefusal> {
    return this.#change(articleId, entryId, actor, 'delete', undefined, undefined, afterWrite);
  }

  async #change(
    articleId: number,
    entryId: number,
    actor: Actor,
    action: 'edit' | 'delete',
    version?: number,
    write?: EntryWrite,
    afterWrite?: AfterWrite,
  ): Promise<{ ok: true; entry: LiveEntryRow; article: LiveArticleRow } | EntryRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.article(articleId, trx);
      if (!article) return { ok: false as const, reason: 'article-not-found' as const };
      if (article.deleted_at) return inTrash(article.deleted_at);
      const current = await this.#entry(trx, articleId, entryId);
      if (!current) return { ok: false as const, reason: 'entry-not-found' as const };
      const expected = version ?? Number(current.version);
      // Who changed it last is its newest revision (a colleague's correction, not the entry's author).
      const stale = async () => {
        const last = await trx
          .selectFrom('live_entry_revisions')
          .select(['version', 'editor_name', 'at'])
          .where('entry_id', '=', entryId)
          .orderBy('version', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        return {
          ok: false as const,
          reason: 'stale' as const,
          currentVersion: Number(last?.version ?? current.version),
          changedBy: last?.editor_name ?? current.editor_name,
          changedAt: last?.at ?? current.updated_at ?? current.posted_at,
        };
      };
      if (Number(current.version) !== expected) return stale();
      const now = new Date().toISOString();
      const set =
        action === 'edit' && write
          ? {
              body: write.body,
              key_event: flag(write.keyEvent),
              share_to_x: flag(write.shareToX),
              share_to_facebook: flag(write.shareToFacebook),
              updated_at: now,
            }
          : { deleted_at: now };
      // The version in the WHERE makes two concurrent corrections of one version one success and one 409.
      const entry = await trx
        .updateTable('live_entries')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', entryId)
        .where('version', '=', expected)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!entry) return stale();
      await this.#record(
        trx,
        entry,
        action,
        action === 'edit' ? 'live-entry-edit' : 'live-entry-delete',
        actor,
        now,
        current,
      );
      await afterWrite?.(trx, entry, article);
      return { ok: true as const, entry, article };
    });
  }

  async #entry(tx: Tx, articleId: number, entryId: number): Promise<LiveEntryRow | undefined> {
    return tx
      .selectFrom('live_entries')
      .selectAll()
      .where('id', '=', entryId)
      .where('article_id', '=', articleId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The revision and the audit row of a write (audit `after`: the entry row; `before`: the row it replaced). */
  async #record(
    trx: Transaction<Database>,
    entry: LiveEntryRow,
    action: 'post' | 'edit' | 'delete',
    audit: LiveAuditAction,
    actor: Actor,
    at: string,
    before?: LiveEntryRow,
  ): Promise<void> {
    await trx
      .insertInto('live_entry_revisions')
      .values({
        entry_id: Number(entry.id),
        version: Number(entry.version),
        body: entry.body,
        key_event: Number(entry.key_event),
        action,
        editor_name: actor.name,
        at,
      })
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        action: audit,
        article_id: Number(entry.article_id),
        actor_subject: actor.subject,
        actor_name: actor.name,
        at,
        before: before ? JSON.stringify({ entryId: Number(before.id), ...before }) : null,
        after: action === 'delete' ? null : JSON.stringify({ entryId: Number(entry.id), ...entry }),
      })
      .execute();
  }

  /** One entry that is not deleted. */
  async entry(articleId: number, entryId: number): Promise<LiveEntryRow | undefined> {
    return this.#entry(this.db, articleId, entryId);
  }

  /** Every entry of an article that is not deleted, newest first (the live console). */
  async all(articleId: number): Promise<LiveEntryRow[]> {
    return this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('deleted_at', 'is', null)
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * One page of entries, newest first: the newest `limit`, or those older than entry `before`
   * (by posted_at, then id). `more`: older ones follow. null: `before` is no entry of the article.
   */
  async page(
    articleId: number,
    limit: number,
    before?: number,
  ): Promise<{ entries: LiveEntryRow[]; more: boolean } | null> {
    let q = this.db
      .selectFrom('live_entries')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('deleted_at', 'is', null);
    if (before !== undefined) {
      // A deleted entry still marks a place: a reader paging from it gets what came before it.
      const from = await this.db
        .selectFrom('live_entries')
        .select(['posted_at', 'id'])
        .where('id', '=', before)
        .where('article_id', '=', articleId)
        .executeTakeFirst();
      if (!from) return null;
      q = q.where((eb) =>
        eb.or([
          eb('posted_at', '<', from.posted_at),
          eb.and([eb('posted_at', '=', from.posted_at), eb('id', '<', before)]),
        ]),
      );
    }
    const rows = await q
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return { entries: rows.slice(0, limit), more: rows.length > limit };
  }

  /** Every key event of an article, newest first (the summary at the top of the live page). */
  async keyEvents(articleId: number): Promise<Pick<LiveEntryRow, 'id' | 'posted_at' | 'body'>[]> {
    return this.db
      .selectFrom('live_entries')
      .select(['id', 'posted_at', 'body'])
      .where('article_id', '=', articleId)
      .where('deleted_at', 'is', null)
      .where('key_event', '=', 1)
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * The newest `perArticle` entries of each live blog among several articles, newest first (the
   * feeds): one read of which are live blogs, then one page read per live blog.
   */
  async newestOf(articleIds: readonly number[], perArticle: number): Promise<Map<number, LiveEntryRow[]>> {
    const out = new Map<number, LiveEntryRow[]>();
    if (articleIds.length === 0) return out;
    const live = await this.db
      .selectFrom('articles')
      .select('id')
      .where('id', 'in', articleIds)
      .where('live_started_at', 'is not', null)
      .execute();
    for (const { id } of live) {
      const page = await this.page(Number(id), perArticle);
      out.set(Number(id), page?.entries ?? []);
    }
    return out;
  }

  /**
   * Who made the last correction of each corrected entry of an article (all of them, or `entryIds`):
   * the revision of the entry's current version. Entries never corrected are not in the map.
   */
  async correctedBy(articleId: number, entryIds?: readonly number[]): Promise<Map<number, string>> {
    let q = this.db
      .selectFrom('live_entries as e')
      .innerJoin('live_entry_revisions as r', (join) =>
        join.onRef('r.entry_id', '=', 'e.id').onRef('r.version', '=', 'e.version'),
      )
      .select(['e.id', 'r.editor_name'])
      .where('e.article_id', '=', articleId)
      .where('e.deleted_at', 'is', null)
      .where('e.version', '>', 1);
    if (entryIds) {
      if (entryIds.length === 0) return new Map();
      q = q.where('e.id', 'in', entryIds);
    }
    const rows = await q.execute();
    return new Map(rows.map((r) => [Number(r.id), r.editor_name]));
  }

  /** The revisions of one entry, newest first. */
  async revisions(entryId: number): Promise<LiveEntryRevisionRow[]> {
    return this.db
      .selectFrom('live_entry_revisions')
      .selectAll()
      .where('entry_id', '=', entryId)
      .orderBy('version', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Whether an entry exists in the article (deleted ones too: their revisions stay readable). */
  async exists(articleId: number, entryId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('live_entries')
      .select('id')
      .where('id', '=', entryId)
      .where('article_id', '=', articleId)
      .executeTakeFirst();
    return Boolean(row);
  }
}

function pickArticle(row: LiveArticleRow): LiveArticleRow {
  return {
    id: Number(row.id),
    slug: row.slug,
    headline: row.headline,
    published_at: row.published_at,
    deleted_at: row.deleted_at,
    live_started_at: row.live_started_at,
    live_ended_at: row.live_ended_at,
  };
}
