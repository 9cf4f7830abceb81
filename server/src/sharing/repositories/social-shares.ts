import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import { PUBLISHED } from '../../repositories/published-articles.ts';
import type { ArticleRow, Database, SharePlatform, ShareState, SocialShareTable } from '../../db/schema.ts';
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
  /** The job queued per share: its kind and tries (its payload is { articleId, platform }). */
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
 * States in which a share is not queued again by a publish: a post exists, may exist, or is on its way.
 * (A 'withdrawn' one is queued again: its article was not published when its job took it.)
 */
export const KEPT_ON_PUBLISH: ShareState[] = ['posted', 'posting', 'unconfirmed', 'queued'];

/** Why a share job's take withdrew its share instead of posting it (see take()). */
export const WITHDRAWN_REASONS = {
  unpublished: 'The article was unpublished before it was posted.',
  trash: 'The article was moved to the Trash before it was posted.',
  'entry-deleted': 'The live entry was deleted before it was posted.',
  'not-key-event': 'The entry stopped being a key event before it was posted.',
} as const;
export type WithdrawnBecause = keyof typeof WITHDRAWN_REASONS;

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

  async setChoice(
    id: number,
    choice: { shareToX?: boolean | null; shareToFacebook?: boolean | null; shareMessage?: string | null },
  ): Promise<boolean> {
    const set: Partial<Pick<ArticleRow, 'share_to_x' | 'share_to_facebook' | 'share_message'>> = {};
    if (choice.shareToX !== undefined) set.share_to_x = choice.shareToX === null ? null : choice.shareToX ? 1 : 0;
    if (choice.shareToFacebook !== undefined)
      set.share_to_facebook = choice.shareToFacebook === null ? null : choice.shareToFacebook ? 1 : 0;
    if (choice.shareMessage !== undefined) set.share_message = choice.shareMessage?.trim() || null;
    if (Object.keys(set).length === 0) return Boolean(await this.article(id));
    const r = await this.db.updateTable('articles').set(set).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
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

  /** A new or renewed 'queued' share (renewing resets the post fields). */
  async queue(tx: Tx, articleId: number, platform: SharePlatform, message: string, link: string): Promise<void> {
    await this.queueMany(tx, articleId, [{ platform, message, link }], [platform]);
  }

  /**
   * New 'queued' shares of one article on several platforms in one INSERT (the publish transaction
   * keeps its statements few); `renew` names platforms whose old row (failed, deleted) goes first.
   */
  async queueMany(
    tx: Tx,
    articleId: number,
    shares: { platform: SharePlatform; message: string; link: string }[],
    renew: SharePlatform[] = [],
  ): Promise<void> {
    if (shares.length === 0) return;
    const now = new Date().toISOString();
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
   * 'share-queued' audit row and its job (payload { articleId, platform, entryId }). Answers the
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
   * live entry, their 'share-queued' audit rows and their jobs; answers the platforms written.
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
        payload: { articleId, platform: q.platform, ...entry },
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
   * The take of a share job, the one place where the rule "only a published article (and only a live
   * entry that is still a key event) is posted" is applied: in one transaction, the article (and for a
   * live entry's post, the entry) is read, held on PostgreSQL (FOR SHARE: an unpublish, a move to the
   * Trash, a publish, a purge, the entry's deletion or correction waits until the take commits, and a
   * take waits for them), then the share moves by compare-and-swap from 'queued' to 'posting' with its
   * 'share-attempt' audit row while the article is published (PUBLISHED: not a draft, not in the Trash)
   * and the entry is there and a key event, else to 'withdrawn' with the reason and a 'share-withdrawn'
   * audit row. SQLite runs one write transaction at a time and needs no lock. Answers what moved;
   * undefined when the share was not 'queued' (or the article was deleted for good, its share rows
   * with it).
   */
  async take(
    articleId: number,
    platform: SharePlatform,
    entryId: number,
    attempt: { details: Record<string, unknown>; actor: Actor },
  ): Promise<Take | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const held = <Q extends { forShare(): Q }>(q: Q) => (this.dialect === 'postgres' ? q.forShare() : q);
      const article = await held(
        trx
          .selectFrom('articles')
          .select([PUBLISHED.as('published'), 'deleted_at'])
          .where('id', '=', articleId),
      ).executeTakeFirst();
      if (!article) return undefined;
      let because: WithdrawnBecause | undefined;
      if (!article.published) because = article.deleted_at ? 'trash' : 'unpublished';
      else if (entryId !== ARTICLE_POST) {
        const entry = await held(
          trx
            .selectFrom('live_entries')
            .select('key_event')
            .where('id', '=', entryId)
            .where('article_id', '=', articleId)
            .where('deleted_at', 'is', null),
        ).executeTakeFirst();
        if (!entry) because = 'entry-deleted';
        // A correction took its key-event mark away: it is an ordinary entry now, and those are not posted.
        else if (Number(entry.key_event) !== 1) because = 'not-key-event';
      }
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
        );
        return taken && { taken };
      }
      const reason = WITHDRAWN_REASONS[because];
      const withdrawn = await this.transitionAudited(
        articleId,
        platform,
        ['queued'],
        'withdrawn',
        { reason, next_attempt_at: null },
        { event: 'withdrawn', details: { reason }, actor: attempt.actor, when: 'moved' },
        trx,
        entryId,
      );
      return withdrawn && { withdrawn, because };
    });
  }

  /**
   * Moves a share from one of `from` to `to` (compare-and-swap), with its audit row, in one
   * transaction (the caller's, or one of its own). This is what makes a post happen at most once:
   * only the caller that moved it to 'posting' sends. `audit.when` 'moved' writes the audit row only
   * when the share moved (an attempt, an unconfirmed outcome), 'always' also when it did not (a post
   * the provider accepted is recorded even if its share was moved meanwhile). Answers the moved row
   * (as it is now), or undefined when the share was not in `from`.
   */
  async transitionAudited(
    articleId: number,
    platform: SharePlatform,
    from: ShareState[],
    to: ShareState,
    fields: Partial<Pick<SocialShareTable, 'post_id' | 'post_url' | 'reason' | 'next_attempt_at'>> & {
      addAttempt?: boolean;
    },
    audit: { event: string; details: Record<string, unknown>; actor: Actor; when: 'moved' | 'always' },
    tx?: Tx,
    entryId = ARTICLE_POST,
  ): Promise<SocialShareTable | undefined> {
    const { addAttempt, ...rest } = fields;
    const move = async (t: Tx) => {
      const moved = await t
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
        .where('state', 'in', from)
        .returningAll()
        .executeTakeFirst();
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
