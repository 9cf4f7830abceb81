import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AdminTables } from './admin-tables.ts';
import type { Actor } from './audit-log.ts';

export type SharePlatform = 'x' | 'facebook';
export type ShareState = 'queued' | 'posting' | 'posted' | 'failed' | 'unconfirmed' | 'deleted';

/** Row of social_shares (migration 016): the state of one article's post on one platform. No token. */
export interface SocialShareTable {
  article_id: number;
  platform: SharePlatform;
  state: ShareState;
  message: string;
  link: string;
  post_id: string | null;
  post_url: string | null;
  reason: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SocialSettingsTable {
  key: string;
  value: string;
}

/** The sharing columns migration 016 adds to articles. */
export interface ArticleShareColumns {
  id: number;
  headline: string;
  slug: string;
  published_at: string | null;
  share_to_x: number | null;
  share_to_facebook: number | null;
  share_message: string | null;
}

type SharesDb = {
  social_shares: SocialShareTable;
  social_settings: SocialSettingsTable;
  articles: ArticleShareColumns;
  social_tokens: { persona: string; platform: string };
} & Pick<AdminTables, 'audit_log'>;

export type SharesKysely = Kysely<SharesDb>;
type Tx = Kysely<SharesDb> | Transaction<SharesDb>;

export interface ShareDefaults {
  /** null: on when the account is connected. */
  x: boolean | null;
  facebook: boolean | null;
}

export function sharesDb(db: object): Tx {
  return db as unknown as Tx;
}

/** SQL of the sharing feature: share rows, sharing defaults, the articles' share choice, audit rows. */
export class SocialSharesRepository {
  readonly db: SharesKysely;

  constructor(database: Pick<Db, 'db'>) {
    this.db = database.db.withTables<SharesDb>() as unknown as SharesKysely;
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
    const set: Partial<ArticleShareColumns> = {};
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
      } as never)
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
