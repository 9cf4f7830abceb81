import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { PUBLISHED } from '../../repositories/published-articles.ts';
import type {
  ArticleRow,
  Database,
  LiveEntryRow,
  SharePlatform,
  ShareState,
  SocialShareTable,
} from '../../db/schema.ts';
import type { Actor } from '../../repositories/audit-log.ts';

export type { SharePlatform, ShareState, SocialSettingsTable, SocialShareTable } from '../../db/schema.ts';

/** The article columns the sharing feature reads. */
export type ArticleShareColumns = Pick<
  ArticleRow,
  'id' | 'headline' | 'slug' | 'published_at' | 'deleted_at' | 'share_to_x' | 'share_to_facebook' | 'share_message'
>;

export type SharesKysely = Kysely<Database>;
type Tx = Kysely<Database> | Transaction<Database>;

/** One platform's share as the publish would queue it, if the database state allows (see queueOnPublish). */
export interface PublishCandidate {
  platform: SharePlatform;
  /** The article's choice: 1 on, 0 off, null the Social page's default (itself null: on). */
  choice: number | null;
  message: string;
  link: string;
}

export interface QueueOnPublishOptions {
  /** Whose connected accounts count. */
  persona: string;
  /** Who the 'share-queued' audit rows name. */
  actor: Actor;
  /** The job queued per share: its kind and tries (its payload: shareJobPayload). */
  job: { kind: string; maxAttempts: number };
  /**
   * How the jobs are added, in the same transaction (the job queue's enqueueMany: pg-boss's insert
   * on PostgreSQL, the `jobs` table on SQLite): ready, due now, no attempt yet.
   */
  enqueueMany: (
    tx: Tx,
    jobs: { kind: string; payload: Record<string, unknown>; maxAttempts: number }[],
  ) => Promise<void>;
}

/** social_shares.entry_id of an article's own post (other rows announce one live entry: decision 037). */
export const ARTICLE_POST = 0;

/**
 * A share job's payload: the share (an article's own post names no entry) and `queuedAt`, the share's
 * `created_at` when this job was queued (see take()). Written here once: the jobs are queued with it
 * and a withdrawal or a delete for good cancels the waiting ones by it (ShareService).
 */
export function shareJobPayload(
  articleId: number,
  platform: SharePlatform,
  entryId: number,
  queuedAt: string,
): Record<string, unknown> {
  return { articleId, platform, ...(entryId === ARTICLE_POST ? {} : { entryId }), queuedAt };
}

/**
 * States in which a share is not queued again by a publish: a post exists, may exist, or is on its way.
 * (A 'withdrawn' one is queued again: nothing was sent, the rule refused it while it waited.)
 */
export const KEPT_ON_PUBLISH: ShareState[] = ['posted', 'posting', 'unconfirmed', 'queued'];

/**
 * Why a share is withdrawn instead of posted (withdrawnBecause, the one rule): the reason the article's
 * panel, the live console and the 'share-withdrawn' audit row give.
 */
export const WITHDRAWN_REASONS = {
  unpublished: 'The article was unpublished before it was posted.',
  trash: 'The article was moved to the Trash before it was posted.',
  'entry-deleted': 'The live entry was deleted before it was posted.',
  'not-key-event': 'The entry stopped being a key event before it was posted.',
  'x-off': 'Post to X was turned off before it was posted.',
  'facebook-off': 'Post to Facebook was turned off before it was posted.',
} as const;
export type WithdrawnBecause = keyof typeof WITHDRAWN_REASONS;

/** The article columns the rule reads: a write that changes none of them cannot break it. */
export const RULE_COLUMNS = ['published_at', 'deleted_at', 'share_to_x', 'share_to_facebook'] as const;

/** What the rule reads of the article (RULE_COLUMNS): published (PUBLISHED), in the Trash, its own share choice. */
export interface RuleArticle {
  published: boolean | number;
  deleted_at: string | null;
  share_to_x: number | null;
  share_to_facebook: number | null;
}

/** What the rule reads of a live entry that is not deleted. */
export type RuleEntry = Pick<LiveEntryRow, 'key_event' | 'share_to_x' | 'share_to_facebook'>;

/**
 * THE rule of what may be posted (decision 024), written once: why a share may not be sent now, or
 * undefined when it may. Only a published article is posted (PUBLISHED: not a draft, not in the
 * Trash); its own post (entryId ARTICLE_POST) only while its choice for the platform is not turned off
 * (null follows the Social page's default, resolved when the post was queued); a live entry's post
 * (decision 037) only while the entry is there (`entry` undefined: deleted), a key event, and its box
 * for the platform ticked. The job's take applies it before it sends; the changes that can break it
 * (unpublish, move to the Trash, a choice turned off, an entry corrected or deleted) apply it at once
 * to the article's queued posts (withdrawUnsendable).
 */
export function withdrawnBecause(
  platform: SharePlatform,
  entryId: number,
  article: RuleArticle,
  entry: RuleEntry | undefined,
): WithdrawnBecause | undefined {
  if (!article.published) return article.deleted_at ? 'trash' : 'unpublished';
  const off: WithdrawnBecause = platform === 'x' ? 'x-off' : 'facebook-off';
  if (entryId === ARTICLE_POST) {
    const choice = platform === 'x' ? article.share_to_x : article.share_to_facebook;
    return choice !== null && Number(choice) === 0 ? off : undefined;
  }
  if (!entry) return 'entry-deleted';
  // A correction took its key-event mark away: it is an ordinary entry now, and those are not posted.
  if (Number(entry.key_event) !== 1) return 'not-key-event';
  return Number(platform === 'x' ? entry.share_to_x : entry.share_to_facebook) === 1 ? undefined : off;
}

/** What a share job's take did: moved the share to 'posting' (send it), or to 'withdrawn' (send nothing). */
export type Take =
  | { taken: SocialShareTable; withdrawn?: undefined }
  | { taken?: undefined; withdrawn: SocialShareTable; because: WithdrawnBecause };

export interface ShareDefaults {
  /** null: on when the account is connected. */
  x: boolean | null;
  facebook: boolean | null;
}

/** SQL of the sharing feature: share rows, sharing defaults, the articles' share choice, audit rows. */
export class SocialSharesRepository {
  private readonly db: SharesKysely;
  private readonly dialect: Dialect;

  constructor(database: Pick<Db, 'db' | 'dialect'>) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  /** Runs `work` in one transaction: every call that takes `tx` inside it is part of it. */
  async transaction<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The share rows of several articles (the article list shows each row's status). */
  async ofArticles(ids: readonly number[]): Promise<Selectable<SocialShareTable>[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('social_shares')
      .selectAll()
      .where('article_id', 'in', ids)
      .where('entry_id', '=', ARTICLE_POST)
      .execute();
  }

  /**
   * Every share row of these articles, their own posts' and their entries', with the time each was
   * queued (its `created_at`, which its job carries as `queuedAt`): what a delete for good cancels.
   */
  async allOfArticles(tx: Tx, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return tx
      .selectFrom('social_shares')
      .select(['article_id', 'platform', 'entry_id', 'created_at'])
      .where('article_id', 'in', ids)
      .execute();
  }

  /**
   * The live entries' posts of several articles that are on their platform now (posted, with a post
   * id), by article, entry, then X before Facebook: one read however many articles are asked.
   */
  async postedEntryPosts(
    ids: readonly number[],
  ): Promise<Pick<SocialShareTable, 'article_id' | 'entry_id' | 'platform'>[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('social_shares')
      .select(['article_id', 'entry_id', 'platform'])
      .where('article_id', 'in', ids)
      .where('entry_id', '>', ARTICLE_POST)
      .where('state', '=', 'posted')
      .where('post_id', 'is not', null)
      .orderBy('article_id')
      .orderBy('entry_id')
      .orderBy('platform', 'desc')
      .execute();
  }

  /** The article's sharing columns, live or in the trash (undefined once it is deleted for good). */
  async article(id: number, tx: Tx = this.db): Promise<ArticleShareColumns | undefined> {
    return tx
      .selectFrom('articles')
      .select([
        'id',
        'headline',
        'slug',
        'published_at',
        'deleted_at',
        'share_to_x',
        'share_to_facebook',
        'share_message',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The article's share choice (only the fields given change), refused for an article in the Trash as
   * every write of it is; in the caller's transaction. Answers 'not-found', the Trash's deleted_at, or
   * 'ok'.
   */
  async setChoice(
    tx: Tx,
    id: number,
    choice: { shareToX?: boolean | null; shareToFacebook?: boolean | null; shareMessage?: string | null },
  ): Promise<'ok' | 'not-found' | { inTrash: string }> {
    const set: Partial<Pick<ArticleRow, 'share_to_x' | 'share_to_facebook' | 'share_message'>> = {};
    if (choice.shareToX !== undefined) set.share_to_x = choice.shareToX === null ? null : choice.shareToX ? 1 : 0;
    if (choice.shareToFacebook !== undefined)
      set.share_to_facebook = choice.shareToFacebook === null ? null : choice.shareToFacebook ? 1 : 0;
    if (choice.shareMessage !== undefined) set.share_message = choice.shareMessage?.trim() || null;
    if (Object.keys(set).length > 0) {
      const r = await tx
        .updateTable('articles')
        .set(set)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) return 'ok';
    }
    const article = await this.article(id, tx);
    if (!article) return 'not-found';
    return article.deleted_at ? { inTrash: article.deleted_at } : 'ok';
  }

  async defaults(tx: Tx = this.db): Promise<ShareDefaults> {
    const rows = await tx.selectFrom('social_settings').selectAll().where('key', 'like', 'share_default_%').execute();
    const get = (k: string) => {
      const v = rows.find((r) => r.key === k)?.value;
      return v === undefined ? null : v === 'true';
    };
    return { x: get('share_default_x'), facebook: get('share_default_facebook') };
  }

  async setDefaults(d: Partial<ShareDefaults>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [platform, value] of Object.entries(d) as [SharePlatform, boolean | null | undefined][]) {
        if (value === undefined) continue;
        const key = `share_default_${platform}`;
        await trx.deleteFrom('social_settings').where('key', '=', key).execute();
        if (value !== null)
          await trx
            .insertInto('social_settings')
            .values({ key, value: String(value) })
            .execute();
      }
    });
  }

  async connected(persona: string, tx: Tx = this.db): Promise<Set<SharePlatform>> {
    const rows = await tx.selectFrom('social_tokens').select('platform').where('persona', '=', persona).execute();
    return new Set(rows.map((r) => r.platform as SharePlatform));
  }

  async list(articleId: number, tx: Tx = this.db): Promise<SocialShareTable[]> {
    return tx
      .selectFrom('social_shares')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('entry_id', '=', ARTICLE_POST)
      .execute();
  }

  async get(
    articleId: number,
    platform: SharePlatform,
    tx: Tx = this.db,
    entryId = ARTICLE_POST,
  ): Promise<SocialShareTable | undefined> {
    return tx
      .selectFrom('social_shares')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('platform', '=', platform)
      .where('entry_id', '=', entryId)
      .executeTakeFirst();
  }

  /**
   * A new or renewed 'queued' share (renewing resets the post fields). Answers the time it was queued
   * (its `created_at`), which its job carries as `queuedAt` (see take()).
   */
  async queue(tx: Tx, articleId: number, platform: SharePlatform, message: string, link: string): Promise<string> {
    return this.queueMany(tx, articleId, [{ platform, message, link }], [platform]);
  }

  /**
   * New 'queued' shares of one article on several platforms in one INSERT (the publish transaction
   * keeps its statements few); `renew` names platforms whose old row (failed, deleted) goes first.
   * Answers the time they were queued (their `created_at`).
   */
  async queueMany(
    tx: Tx,
    articleId: number,
    shares: { platform: SharePlatform; message: string; link: string }[],
    renew: SharePlatform[] = [],
  ): Promise<string> {
    const now = new Date().toISOString();
    if (shares.length === 0) return now;
    if (renew.length > 0)
      await tx
        .deleteFrom('social_shares')
        .where('article_id', '=', articleId)
        .where('platform', 'in', renew)
        .where('entry_id', '=', ARTICLE_POST)
        .execute();
    await tx
      .insertInto('social_shares')
      .values(
        shares.map((s) => ({
          article_id: articleId,
          entry_id: ARTICLE_POST,
          platform: s.platform,
          state: 'queued' as const,
          message: s.message,
          link: s.link,
          post_id: null,
          post_url: null,
          reason: null,
          attempts: 0,
          next_attempt_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    return now;
  }

  /**
   * The share work of a publish, inside its transaction, the same statements on both databases:
   * for each candidate that is chosen (the article's choice, else the Social page's default, else
   * on) and connected for the persona, a 'queued' share row, a 'share-queued' audit row and a job,
   * unless its share is in a KEPT_ON_PUBLISH state (a post exists, may exist, or is on its way).
   * Answers the platforms queued.
   *
   * One read (the connected accounts and the defaults); when something is chosen and connected, one
   * upsert of the shares that writes a new row or replaces a failed or deleted one and leaves a
   * kept one as it is (its condition reads the share row as it is when written, so a share another
   * transaction queued meanwhile is kept too), answering the platforms it wrote; then their audit
   * rows and their jobs.
   */
  async queueOnPublish(
    tx: Tx,
    articleId: number,
    candidates: PublishCandidate[],
    o: QueueOnPublishOptions,
  ): Promise<SharePlatform[]> {
    if (candidates.length === 0) return [];
    const rows = await tx
      .selectFrom('social_tokens')
      .select([sql<string>`'connected'`.as('source'), 'platform as name', sql<string | null>`null`.as('value')])
      .where('persona', '=', o.persona)
      .unionAll((eb) =>
        eb
          .selectFrom('social_settings')
          .select([sql<string>`'default'`.as('source'), 'key as name', 'value'])
          .where('key', 'like', 'share_default_%'),
      )
      .execute();
    const connected = new Set(rows.filter((r) => r.source === 'connected').map((r) => r.name));
    const byDefault = (platform: SharePlatform) => {
      const value = rows.find((r) => r.source === 'default' && r.name === `share_default_${platform}`)?.value;
      return value === undefined || value === null ? true : value === 'true';
    };
    const chosen = candidates.filter(
      (c) => connected.has(c.platform) && (c.choice === null ? byDefault(c.platform) : c.choice === 1),
    );
    if (chosen.length === 0) return [];
    return this.#queue(tx, articleId, ARTICLE_POST, chosen, o);
  }

  /**
   * The posts of a live blog's key event (decision 037), inside the transaction that posts or
   * corrects the entry: for each platform asked for and connected for the persona, a 'queued' share
   * row for the entry (never a second one: an entry is announced at most once per platform), its
   * 'share-queued' audit row and its job (shareJobPayload, naming the entry). Answers the
   * platforms queued.
   */
  async queueEntryShares(
    tx: Tx,
    articleId: number,
    entryId: number,
    shares: { platform: SharePlatform; message: string; link: string }[],
    o: Omit<QueueOnPublishOptions, 'persona'> & { persona: string },
  ): Promise<SharePlatform[]> {
    if (shares.length === 0) return [];
    const connected = await this.connected(o.persona, tx);
    const chosen = shares.filter((s) => connected.has(s.platform));
    if (chosen.length === 0) return [];
    return this.#queue(tx, articleId, entryId, chosen, o);
  }

  /**
   * The 'queued' share rows of `chosen` for the article's own post (entryId ARTICLE_POST) or for a
   * live entry, their 'share-queued' audit rows and their jobs (each naming the share's `created_at` as
   * `queuedAt`: see take()); answers the platforms written.
   * The article's post replaces a share that is not in a KEPT_ON_PUBLISH state (its condition reads
   * the row as it is when written, so a share another transaction queued meanwhile is kept); an
   * entry's post is written once and never replaced.
   */
  async #queue(
    tx: Tx,
    articleId: number,
    entryId: number,
    chosen: { platform: SharePlatform; message: string; link: string }[],
    o: Omit<QueueOnPublishOptions, 'persona'>,
  ): Promise<SharePlatform[]> {
    const now = new Date().toISOString();
    const written = await tx
      .insertInto('social_shares')
      .values(
        chosen.map((c) => ({
          article_id: articleId,
          entry_id: entryId,
          platform: c.platform,
          state: 'queued' as const,
          message: c.message,
          link: c.link,
          post_id: null,
          post_url: null,
          reason: null,
          attempts: 0,
          next_attempt_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => {
        const key = oc.columns(['article_id', 'platform', 'entry_id']);
        if (entryId !== ARTICLE_POST) return key.doNothing();
        return key
          .doUpdateSet((eb) => ({
            state: eb.ref('excluded.state'),
            message: eb.ref('excluded.message'),
            link: eb.ref('excluded.link'),
            post_id: null,
            post_url: null,
            reason: null,
            attempts: 0,
            next_attempt_at: null,
            created_at: eb.ref('excluded.created_at'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('social_shares.state', 'not in', KEPT_ON_PUBLISH);
      })
      .returning('platform')
      .execute();
    const queued = chosen.filter((c) => written.some((w) => w.platform === c.platform));
    if (queued.length === 0) return [];
    const entry = entryId === ARTICLE_POST ? {} : { entryId };
    await this.auditMany(
      articleId,
      queued.map((q) => ({ platform: q.platform, event: 'queued', details: { ...entry, message: q.message } })),
      o.actor,
      tx,
    );
    await o.enqueueMany(
      tx,
      queued.map((q) => ({
        kind: o.job.kind,
        payload: shareJobPayload(articleId, q.platform, entryId, now),
        maxAttempts: o.job.maxAttempts,
      })),
    );
    return queued.map((q) => q.platform);
  }

  /** The share rows of one live entry (decision 037). */
  async ofEntry(articleId: number, entryId: number, tx: Tx = this.db): Promise<SocialShareTable[]> {
    return tx
      .selectFrom('social_shares')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('entry_id', '=', entryId)
      .execute();
  }

  /** The share rows of every live entry of an article (not the article's own post), by entry then platform. */
  async ofEntries(articleId: number): Promise<SocialShareTable[]> {
    return this.db
      .selectFrom('social_shares')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('entry_id', '>', ARTICLE_POST)
      .orderBy('entry_id')
      .orderBy('platform', 'desc')
      .execute();
  }

  /** Several audit rows of one article in one INSERT (as audit() writes them one by one). */
  async auditMany(
    articleId: number,
    rows: { platform: SharePlatform; event: string; details: Record<string, unknown> }[],
    actor: Actor,
    tx: Tx = this.db,
  ): Promise<void> {
    if (rows.length === 0) return;
    const at = new Date().toISOString();
    await tx
      .insertInto('audit_log')
      .values(
        rows.map(
          (r) =>
            ({
              action: `share-${r.event}`.slice(0, 30),
              article_id: articleId,
              actor_subject: actor.subject,
              actor_name: actor.name,
              at,
              before: null,
              after: JSON.stringify({ platform: r.platform, ...r.details }),
            }) as never,
        ),
      )
      .execute();
  }

  /**
   * What the rule (withdrawnBecause) reads, in the caller's transaction: the article, and the live
   * entries named (those not deleted), by id; undefined once the article is deleted for good. `hold`
   * (the take) holds the rows read on PostgreSQL (FOR SHARE) until the transaction ends; a change's own
   * transaction already holds what it changed.
   */
  async #ruleRows(tx: Tx, articleId: number, entryIds: number[], hold: boolean) {
    const held = <Q extends { forShare(): Q }>(q: Q) => (hold && this.dialect === 'postgres' ? q.forShare() : q);
    const article = await held(
      tx
        .selectFrom('articles')
        .select([PUBLISHED.as('published'), 'deleted_at', 'share_to_x', 'share_to_facebook'])
        .where('id', '=', articleId),
    ).executeTakeFirst();
    if (!article) return undefined;
    const ids = [...new Set(entryIds.filter((id) => id !== ARTICLE_POST))];
    const entries = new Map<number, RuleEntry>();
    if (ids.length > 0) {
      const rows = await held(
        tx
          .selectFrom('live_entries')
          .select(['id', 'key_event', 'share_to_x', 'share_to_facebook'])
          .where('id', 'in', ids)
          .where('article_id', '=', articleId)
          .where('deleted_at', 'is', null),
      ).execute();
      for (const r of rows) entries.set(Number(r.id), r);
    }
    return { article, entries };
  }

  /** Why the rule refuses a share now (undefined: it may be sent), as read in the caller's transaction. */
  async unsendable(
    tx: Tx,
    articleId: number,
    platform: SharePlatform,
    entryId = ARTICLE_POST,
  ): Promise<WithdrawnBecause | undefined> {
    const rows = await this.#ruleRows(tx, articleId, [entryId], false);
    return rows && withdrawnBecause(platform, entryId, rows.article, rows.entries.get(entryId));
  }

  /** A 'queued' share moved to 'withdrawn' with the rule's reason and its 'share-withdrawn' audit row. */
  #withdraw(
    tx: Tx,
    articleId: number,
    platform: SharePlatform,
    entryId: number,
    because: WithdrawnBecause,
    actor: Actor,
    queuedAt?: string,
  ) {
    const reason = WITHDRAWN_REASONS[because];
    return this.transitionAudited(
      articleId,
      platform,
      ['queued'],
      'withdrawn',
      { reason, next_attempt_at: null },
      { event: 'withdrawn', details: { reason }, actor, when: 'moved' },
      tx,
      entryId,
      queuedAt,
    );
  }

  /**
   * The rule applied at once, inside the transaction of a change that may have broken it (an unpublish,
   * a move to the Trash, a share choice turned off, a live entry corrected or deleted): the article's
   * 'queued' shares (or only those of `entryId`) that the rule refuses now move to 'withdrawn', each with
   * its reason and 'share-withdrawn' audit row, as the take would move them; nothing is sent. One read
   * when nothing is queued. Answers what moved, each with the `queuedAt` its jobs name (the caller
   * cancels them: ShareService; a job that runs anyway finds nothing queued, see take()).
   */
  async withdrawUnsendable(
    tx: Tx,
    articleId: number,
    actor: Actor,
    entryId?: number,
  ): Promise<{ platform: SharePlatform; entryId: number; because: WithdrawnBecause; queuedAt: string }[]> {
    let q = tx
      .selectFrom('social_shares')
      .select(['platform', 'entry_id', 'created_at'])
      .where('article_id', '=', articleId)
      .where('state', '=', 'queued');
    if (entryId !== undefined) q = q.where('entry_id', '=', entryId);
    // One order for every change: two of them withdrawing the same rows on PostgreSQL lock them alike.
    const queued = await q.orderBy('entry_id').orderBy('platform').execute();
    if (queued.length === 0) return [];
    const rows = await this.#ruleRows(
      tx,
      articleId,
      queued.map((s) => Number(s.entry_id)),
      false,
    );
    if (!rows) return [];
    const withdrawn: { platform: SharePlatform; entryId: number; because: WithdrawnBecause; queuedAt: string }[] = [];
    for (const share of queued) {
      const entry = Number(share.entry_id);
      const because = withdrawnBecause(share.platform, entry, rows.article, rows.entries.get(entry));
      // The share as it was read (queued at that time), so what moved is what its jobs name.
      if (because && (await this.#withdraw(tx, articleId, share.platform, entry, because, actor, share.created_at)))
        withdrawn.push({ platform: share.platform, entryId: entry, because, queuedAt: share.created_at });
    }
    return withdrawn;
  }

  /**
   * The take of a share job, where the rule (withdrawnBecause) guards the send: in one transaction, the
   * article (and for a live entry's post, the entry) is read, held on PostgreSQL (FOR SHARE: an
   * unpublish, a move to the Trash, a publish, a purge, a change of the share choice, the entry's
   * deletion or correction waits until the take commits, and a take waits for them), then the share
   * moves by compare-and-swap from 'queued' to 'posting' with its 'share-attempt' audit row while the
   * rule allows it, else to 'withdrawn' with the reason and a 'share-withdrawn' audit row. SQLite runs
   * one write transaction at a time and needs no lock. `queuedAt` (the job's, when it names one) must
   * be the share's `created_at`: a share queued again since (withdrawn at once by a change, then
   * published, retried or posted again, with a new job) belongs to the newer job, and an older job
   * moves nothing. Answers what moved; undefined when nothing did (the share was not 'queued', or queued
   * for another job, or the article was deleted for good, its share rows with it).
   */
  async take(
    articleId: number,
    platform: SharePlatform,
    entryId: number,
    attempt: { details: Record<string, unknown>; actor: Actor },
    queuedAt?: string,
  ): Promise<Take | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.#ruleRows(trx, articleId, [entryId], true);
      if (!rows) return undefined;
      const because = withdrawnBecause(platform, entryId, rows.article, rows.entries.get(entryId));
      if (!because) {
        const taken = await this.transitionAudited(
          articleId,
          platform,
          ['queued'],
          'posting',
          { addAttempt: true },
          { event: 'attempt', ...attempt, when: 'moved' },
          trx,
          entryId,
          queuedAt,
        );
        return taken && { taken };
      }
      const withdrawn = await this.#withdraw(trx, articleId, platform, entryId, because, attempt.actor, queuedAt);
      return withdrawn && { withdrawn, because };
    });
  }

  /**
   * Moves a share from one of `from` to `to` (compare-and-swap), with its audit row, in one
   * transaction (the caller's, or one of its own). This is what makes a post happen at most once:
   * only the caller that moved it to 'posting' sends. `audit.when` 'moved' writes the audit row only
   * when the share moved (an attempt, an unconfirmed outcome), 'always' also when it did not (a post
   * the provider accepted is recorded even if its share was moved meanwhile). Answers the moved row
   * (as it is now), or undefined when the share was not in `from` (or, with `queuedAt`, was queued at
   * another time: see take()).
   */
  async transitionAudited(
    articleId: number,
    platform: SharePlatform,
    from: ShareState[],
    to: ShareState,
    fields: Partial<Pick<SocialShareTable, 'post_id' | 'post_url' | 'reason' | 'next_attempt_at' | 'created_at'>> & {
      addAttempt?: boolean;
    },
    audit: { event: string; details: Record<string, unknown>; actor: Actor; when: 'moved' | 'always' },
    tx?: Tx,
    entryId = ARTICLE_POST,
    queuedAt?: string,
  ): Promise<SocialShareTable | undefined> {
    const { addAttempt, ...rest } = fields;
    const move = async (t: Tx) => {
      let update = t
        .updateTable('social_shares')
        .set((eb) => ({
          state: to,
          ...rest,
          ...(addAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
          updated_at: new Date().toISOString(),
        }))
        .where('article_id', '=', articleId)
        .where('platform', '=', platform)
        .where('entry_id', '=', entryId)
        .where('state', 'in', from);
      if (queuedAt !== undefined) update = update.where('created_at', '=', queuedAt);
      const moved = await update.returningAll().executeTakeFirst();
      if (moved || audit.when === 'always')
        await this.audit(
          articleId,
          platform,
          audit.event,
          entryId === ARTICLE_POST ? audit.details : { entryId, ...audit.details },
          audit.actor,
          t,
        );
      return moved;
    };
    return tx ? move(tx) : this.db.transaction().execute(move);
  }

  /** One audit row per attempt and outcome (action 'share:<platform>:<event>', details JSON in `after`). */
  async audit(
    articleId: number,
    platform: SharePlatform,
    event: string,
    details: Record<string, unknown>,
    actor: Actor,
    tx: Tx = this.db,
  ): Promise<void> {
    await tx
      .insertInto('audit_log')
      .values({
        action: `share-${event}`.slice(0, 30),
        article_id: articleId,
        actor_subject: actor.subject,
        actor_name: actor.name,
        at: new Date().toISOString(),
        before: null,
        after: JSON.stringify({ platform, ...details }),
      })
      .execute();
  }

  /**
   * Failed (and unconfirmed) posts since `since`, newest first, with the article's headline: the
   * articles' own posts and the live entries' (`entry_id` above 0). Only of articles that exist: Delete
   * for good takes an article's share rows with it, and a row an earlier purge left behind has no
   * article to name or to retry.
   */
  async failedSince(since: string, limit = 50) {
    return this.db
      .selectFrom('social_shares as s')
      .innerJoin('articles as a', 'a.id', 's.article_id')
      .select(['s.article_id', 's.entry_id', 's.platform', 's.state', 's.reason', 's.updated_at', 'a.headline'])
      .where('s.state', 'in', ['failed', 'unconfirmed'])
      .where('s.updated_at', '>=', since)
      .orderBy('s.updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Shares in 'posting' with no result (a run that ended without recording): they become 'unconfirmed'. */
  async postingShares(): Promise<SocialShareTable[]> {
    return this.db.selectFrom('social_shares').selectAll().where('state', '=', 'posting').execute();
  }
}
