import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ArticleRow, Database, SharePlatform, ShareState, SocialShareTable } from '../db/schema.ts';
import type { Actor } from './audit-log.ts';

export type { SharePlatform, ShareState, SocialSettingsTable, SocialShareTable } from '../db/schema.ts';

/** The article columns the sharing feature reads. */
export type ArticleShareColumns = Pick<
  ArticleRow,
  'id' | 'headline' | 'slug' | 'published_at' | 'share_to_x' | 'share_to_facebook' | 'share_message'
>;

export type SharesKysely = Kysely<Database>;
type Tx = Kysely<Database> | Transaction<Database>;

export interface ShareDefaults {
  /** null: on when the account is connected. */
  x: boolean | null;
  facebook: boolean | null;
}

/** SQL of the sharing feature: share rows, sharing defaults, the articles' share choice, audit rows. */
export class SocialSharesRepository {
  readonly db: SharesKysely;

  constructor(database: Pick<Db, 'db'>) {
    this.db = database.db;
  }

  async article(id: number, tx: Tx = this.db): Promise<ArticleShareColumns | undefined> {
    return tx
      .selectFrom('articles')
      .select(['id', 'headline', 'slug', 'published_at', 'share_to_x', 'share_to_facebook', 'share_message'])
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
    return tx.selectFrom('social_shares').selectAll().where('article_id', '=', articleId).execute();
  }

  async get(articleId: number, platform: SharePlatform, tx: Tx = this.db): Promise<SocialShareTable | undefined> {
    return tx
      .selectFrom('social_shares')
      .selectAll()
      .where('article_id', '=', articleId)
      .where('platform', '=', platform)
      .executeTakeFirst();
  }

  /** A new or renewed 'queued' share (renewing resets the post fields). */
  async queue(tx: Tx, articleId: number, platform: SharePlatform, message: string, link: string): Promise<void> {
    const now = new Date().toISOString();
    await tx.deleteFrom('social_shares').where('article_id', '=', articleId).where('platform', '=', platform).execute();
    await tx
      .insertInto('social_shares')
      .values({
        article_id: articleId,
        platform,
        state: 'queued',
        message,
        link,
        post_id: null,
        post_url: null,
        reason: null,
        attempts: 0,
        next_attempt_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
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
      await tx.deleteFrom('social_shares').where('article_id', '=', articleId).where('platform', 'in', renew).execute();
    await tx
      .insertInto('social_shares')
      .values(
        shares.map((s) => ({
          article_id: articleId,
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
   * Moves a share from one of `from` to `to` (compare-and-swap); false when it was not in `from`.
   * This is what makes a post happen at most once: only the caller that moved it to 'posting' sends.
   */
  async transition(
    articleId: number,
    platform: SharePlatform,
    from: ShareState[],
    to: ShareState,
    fields: Partial<Pick<SocialShareTable, 'post_id' | 'post_url' | 'reason' | 'next_attempt_at'>> & {
      addAttempt?: boolean;
    } = {},
    tx: Tx = this.db,
  ): Promise<boolean> {
    const { addAttempt, ...rest } = fields;
    const r = await tx
      .updateTable('social_shares')
      .set((eb) => ({
        state: to,
        ...rest,
        ...(addAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
        updated_at: new Date().toISOString(),
      }))
      .where('article_id', '=', articleId)
      .where('platform', '=', platform)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
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

  /** Failed (and unconfirmed) posts since `since`, newest first, with the article's headline. */
  async failedSince(since: string, limit = 50) {
    return this.db
      .selectFrom('social_shares as s')
      .leftJoin('articles as a', 'a.id', 's.article_id')
      .select(['s.article_id', 's.platform', 's.state', 's.reason', 's.updated_at', 'a.headline'])
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
