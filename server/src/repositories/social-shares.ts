import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Db, Dialect } from '../db/index.ts';
import { PREPARED } from '../db/prepared-statements.ts';
import type {
  ArticleRevisionsTable,
  ArticleRow,
  AuditLogTable,
  Database,
  SharePlatform,
  ShareState,
  SocialShareTable,
} from '../db/schema.ts';
import type { Actor } from './audit-log.ts';

export type { SharePlatform, ShareState, SocialSettingsTable, SocialShareTable } from '../db/schema.ts';

/** The article columns the sharing feature reads. */
export type ArticleShareColumns = Pick<
  ArticleRow,
  'id' | 'headline' | 'slug' | 'published_at' | 'share_to_x' | 'share_to_facebook' | 'share_message'
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

/** The publish's own audit row and revision, for the share work to write first, in its statement. */
export interface PublishTrail {
  audit: Insertable<AuditLogTable>;
  revision: Insertable<ArticleRevisionsTable>;
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
  /**
   * PostgreSQL with pg-boss: the enqueue as a part of the share statement itself (see the job
   * queue's EnqueueInStatement), instead of `enqueueMany` after it.
   */
  jobsInStatement?: {
    row(job: { kind: string; payload: Record<string, unknown>; maxAttempts: number }): object;
    insert(rows: RawBuilder<unknown>): RawBuilder<unknown>;
  };
  /**
   * Written before the share rows (its audit row before theirs), whatever is queued: on PostgreSQL in
   * the same statement, so the publish's trail costs no round trip of its own.
   */
  trail?: PublishTrail;
}

/** States in which a share is not queued again by a publish: a post exists, may exist, or is on its way. */
export const KEPT_ON_PUBLISH: ShareState[] = ['posted', 'posting', 'unconfirmed', 'queued'];

export interface ShareDefaults {
  /** null: on when the account is connected. */
  x: boolean | null;
  facebook: boolean | null;
}

/** SQL of the sharing feature: share rows, sharing defaults, the articles' share choice, audit rows. */
export class SocialSharesRepository {
  readonly db: SharesKysely;
  readonly #dialect: Dialect;

  constructor(database: Pick<Db, 'db'> & { dialect?: Dialect }) {
    this.db = database.db;
    this.#dialect = database.dialect ?? 'sqlite';
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

  /**
   * The share work of a publish, inside its transaction: for each candidate that is chosen (the
   * article's choice, else the default, else on), connected for the persona, and has no share in a
   * KEPT_ON_PUBLISH state, a 'queued' share row (replacing a failed or deleted one), a 'share-queued'
   * audit row and a job; the publish's own trail first when `o.trail` gives it. Answers the
   * platforms queued. On PostgreSQL the trail, the share and the audit rows are one statement, with
   * the jobs in it where the job engine offers its insert for that (`o.jobsInStatement`, pg-boss),
   * else its insert right after (every statement is a round trip made while the article's row is
   * locked and a pool connection held); on SQLite, which runs in-process, a few plain ones. Both
   * write the same rows.
   */
  async queueOnPublish(
    tx: Tx,
    articleId: number,
    candidates: PublishCandidate[],
    o: QueueOnPublishOptions,
    how: 'one-statement' | 'stepwise' = this.#dialect === 'postgres' ? 'one-statement' : 'stepwise',
  ): Promise<SharePlatform[]> {
    if (candidates.length === 0 && !o.trail) return [];
    return how === 'one-statement' && candidates.length > 0
      ? this.#queueOnPublishInOneStatement(tx, articleId, candidates, o)
      : this.#queueOnPublishStepwise(tx, articleId, candidates, o);
  }

  async #queueOnPublishStepwise(
    tx: Tx,
    articleId: number,
    candidates: PublishCandidate[],
    o: QueueOnPublishOptions,
  ): Promise<SharePlatform[]> {
    if (o.trail) {
      await tx.insertInto('audit_log').values(o.trail.audit).execute();
      await tx.insertInto('article_revisions').values(o.trail.revision).execute();
    }
    const connected = await this.connected(o.persona, tx);
    if (!candidates.some((c) => connected.has(c.platform))) return [];
    const defaults = await this.defaults(tx);
    const existing = await this.list(articleId, tx);
    const fresh: PublishCandidate[] = [];
    const renew: SharePlatform[] = [];
    for (const c of candidates) {
      const chosen = c.choice === null ? (defaults[c.platform] ?? true) : c.choice === 1;
      if (!chosen || !connected.has(c.platform)) continue;
      const old = existing.find((s) => s.platform === c.platform);
      if (old && KEPT_ON_PUBLISH.includes(old.state)) continue;
      if (old) renew.push(c.platform);
      fresh.push(c);
    }
    if (fresh.length === 0) return [];
    await this.queueMany(tx, articleId, fresh, renew);
    await this.auditMany(
      articleId,
      fresh.map((f) => ({ platform: f.platform, event: 'queued', details: { message: f.message } })),
      o.actor,
      tx,
    );
    await o.enqueueMany(
      tx,
      fresh.map((f) => ({
        kind: o.job.kind,
        payload: { articleId, platform: f.platform },
        maxAttempts: o.job.maxAttempts,
      })),
    );
    return fresh.map((f) => f.platform);
  }

  /**
   * PostgreSQL: a data-modifying WITH. `cand` holds what JavaScript composed (texts, JSON); `chosen`
   * keeps the candidates the defaults, the connected accounts and the existing shares allow; the
   * upsert replaces a failed or deleted share (its WHERE re-checks the state under the row lock),
   * and the audit rows and the jobs (`jobs`, with `o.jobsInStatement`; else enqueued after the
   * statement) follow the shares it wrote.
   * With `o.trail`, the publish's revision is one more part and its audit row comes first in the
   * audit rows' one INSERT (ordered, so its id is the lower, as when it was a statement of its own).
   */
  async #queueOnPublishInOneStatement(
    tx: Tx,
    articleId: number,
    candidates: PublishCandidate[],
    o: QueueOnPublishOptions,
  ): Promise<SharePlatform[]> {
    const now = new Date().toISOString();
    const kept = sql.join(KEPT_ON_PUBLISH.map((s) => sql.lit(s)));
    const jobOf = (platform: SharePlatform) => ({
      kind: o.job.kind,
      payload: { articleId, platform },
      maxAttempts: o.job.maxAttempts,
    });
    const inStatement = o.jobsInStatement;
    const rows = sql.join(
      candidates.map(
        (c, i) =>
          sql`(${i}::integer, ${c.platform}::text, ${c.choice}::integer, ${c.message}::text, ${c.link}::text, ${JSON.stringify({ platform: c.platform, message: c.message })}::text, ${inStatement ? JSON.stringify(inStatement.row(jobOf(c.platform))) : null}::text)`,
      ),
    );
    // The jobs of the shares written, in the statement (pg-boss's insert of their JSON rows).
    const jobs = inStatement
      ? sql`,
      jobs as (${inStatement.insert(sql`(select json_agg(w.job::json order by w.ord) from written w)`)})`
      : sql``;
    const shareAudit = sql`'share-queued', ${articleId}::integer, ${o.actor.subject}::text, ${o.actor.name}::text, ${now}::text, null`;
    const t = o.trail;
    const audit = t
      ? sql`
      audit as (
        insert into audit_log (action, article_id, actor_subject, actor_name, at, before, after)
        select a.action, a.article_id, a.actor_subject, a.actor_name, a.at, a.before, a.after from (
          select -1 as ord, ${t.audit.action}::text as action, ${t.audit.article_id}::integer as article_id,
                 ${t.audit.actor_subject}::text as actor_subject, ${t.audit.actor_name}::text as actor_name,
                 ${t.audit.at}::text as at, ${t.audit.before ?? null}::text as before, ${t.audit.after ?? null}::text as after
          union all
          select w.ord, ${shareAudit}, w.audit_after from written w
        ) a order by a.ord
      ),
      revision as (${tx.insertInto('article_revisions').values(t.revision)})`
      : sql`
      audit as (
        insert into audit_log (action, article_id, actor_subject, actor_name, at, before, after)
        select ${shareAudit}, w.audit_after
        from written w order by w.ord
      )`;
    // A prepared statement (its text is the same for every publish with a trail, and for every one
    // without; its plan is kept per connection).
    const r = await sql<{ platform: SharePlatform }>`${sql.raw(PREPARED)}
      with cand (ord, platform, choice, message, link, audit_after, job) as (values ${rows}),
      chosen as (
        select c.* from cand c
        where (case when c.choice is null
                 then coalesce((select d.value = 'true' from social_settings d where d.key = 'share_default_' || c.platform), true)
                 else c.choice = 1 end)
          and exists (select 1 from social_tokens t where t.persona = ${o.persona}::text and t.platform = c.platform)
          and not exists (select 1 from social_shares s
                          where s.article_id = ${articleId}::integer and s.platform = c.platform and s.state in (${kept}))
      ),
      shares as (
        insert into social_shares (article_id, platform, state, message, link, post_id, post_url, reason,
                                   attempts, next_attempt_at, created_at, updated_at)
        select ${articleId}::integer, c.platform, 'queued', c.message, c.link, null, null, null, 0, null, ${now}::text, ${now}::text
        from chosen c order by c.ord
        on conflict (article_id, platform) do update set
          state = excluded.state, message = excluded.message, link = excluded.link, post_id = null,
          post_url = null, reason = null, attempts = 0, next_attempt_at = null,
          created_at = excluded.created_at, updated_at = excluded.updated_at
        where social_shares.state not in (${kept})
        returning platform
      ),
      written as (select c.* from chosen c join shares s on s.platform = c.platform),${audit}${jobs}
      select w.platform from written w order by w.ord
    `.execute(tx);
    const queued = r.rows.map((row) => row.platform);
    if (!inStatement) await o.enqueueMany(tx, queued.map(jobOf));
    return queued;
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
   * Moves a share from one of `from` to `to` (compare-and-swap), with its audit row. This is what
   * makes a post happen at most once: only the caller that moved it to 'posting' sends. On
   * PostgreSQL one statement (a data-modifying WITH), on SQLite two. `audit.when` 'moved' writes the audit row only when the share moved (an
   * attempt, an unconfirmed outcome), 'always' also when it did not (a post the provider accepted is
   * recorded even if its share was moved meanwhile). Answers the moved row (as it is now), or
   * undefined when the share was not in `from`.
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
    tx: Tx = this.db,
  ): Promise<SocialShareTable | undefined> {
    const { addAttempt, ...rest } = fields;
    const at = new Date().toISOString();
    const update = tx
      .updateTable('social_shares')
      .set((eb) => ({
        state: to,
        ...rest,
        ...(addAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
        updated_at: at,
      }))
      .where('article_id', '=', articleId)
      .where('platform', '=', platform)
      .where('state', 'in', from)
      .returningAll();
    if (this.#dialect !== 'postgres') {
      const moved = await update.executeTakeFirst();
      if (moved || audit.when === 'always')
        await this.audit(articleId, platform, audit.event, audit.details, audit.actor, tx);
      return moved;
    }
    const values = sql`${`share-${audit.event}`.slice(0, 30)}::text, ${articleId}::integer, ${audit.actor.subject}::text,
      ${audit.actor.name}::text, ${at}::text, null, ${JSON.stringify({ platform, ...audit.details })}::text`;
    const r = await sql<SocialShareTable>`
      with moved as (${update}),
      audit as (
        insert into audit_log (action, article_id, actor_subject, actor_name, at, before, after)
        ${audit.when === 'always' ? sql`values (${values})` : sql`select ${values} from moved`}
      )
      select * from moved
    `.execute(tx);
    return r.rows[0];
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
