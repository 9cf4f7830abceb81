import type { Transaction } from 'kysely';
import type { ArticleRow, Database } from '../db/schema.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEntryPost } from '../../../common/live-contract.ts';
import { composeFacebookMessage, composeXText } from '../../../common/share-text.ts';
import { backoffDelay, type ClaimedJob, type JobOutcome, type JobQueue } from '../jobs/queue.ts';
import {
  type ArticleShareColumns,
  type SharePlatform,
  type ShareState,
  type SocialShareTable,
  type SocialSharesRepository,
  ARTICLE_POST,
  RULE_COLUMNS,
  shareJobPayload,
} from './repositories/social-shares.ts';
import type { Actor } from '../repositories/audit-log.ts';
import type { Social } from './social-clients.ts';
import { SocialProblem } from './provider-error.ts';
import type { ShareJobsConfig } from './config.ts';
import { commonXProblem, xErrorText } from './x-client.ts';

export const SHARE_JOB = 'social-share';
export const PLATFORMS: SharePlatform[] = ['x', 'facebook'];
/** Who the audit trail names for what the workers do. */
export const SHARE_WORKER: Actor = { subject: 'share-worker', name: 'share worker' };

const RETRYABLE = new Set([
  'provider-timeout',
  'provider-unreachable',
  'provider-unavailable',
  'x-refresh-busy',
  'x-refresh-conflict',
]);

/** The states of a live entry's post that its Retry queues again (decision 037). */
const RETRIED_ENTRY_POSTS: ShareState[] = ['failed', 'unconfirmed', 'withdrawn'];

const UNCONFIRMED_REASON =
  'The server stopped while this post was being sent, so it is not known whether the provider accepted it. Check the account and press Retry if the post is missing.';

export interface ShareServiceOptions {
  persona: string;
  /** Origin of the public site (article links). */
  siteOrigin: string;
  jobs: ShareJobsConfig;
  log: FastifyBaseLogger;
}

interface Sent {
  postId: string;
  postUrl: string;
}

/**
 * Posts published articles to X and Facebook through durable jobs, at most once per article and
 * platform: a share is moved to 'posting' (compare-and-swap) before the provider call and to
 * 'posted' with the post id after it; a job that finds its share still 'posting' (its previous run
 * ended without an answer) marks it 'unconfirmed' instead of sending again. Only what the rule allows
 * is sent (withdrawnBecause: a published article, its platform not turned off; a live entry still there,
 * a key event, its platform ticked): a change that breaks it withdraws the queued posts at once and
 * cancels their waiting jobs, in its transaction (onArticleChanged, onEntryChanged, setChoice), and the
 * job's take checks it again (SocialSharesRepository.take): a 'withdrawn' share is not sent.
 */
export class ShareService {
  readonly #social: Social;
  readonly #repo: SocialSharesRepository;
  readonly #queue: JobQueue;
  readonly #o: ShareServiceOptions;

  constructor(social: Social, repo: SocialSharesRepository, queue: JobQueue, options: ShareServiceOptions) {
    this.#social = social;
    this.#repo = repo;
    this.#queue = queue;
    this.#o = options;
    queue.handle(SHARE_JOB, (job) => this.run(job));
  }

  link(slug: string): string {
    return `${this.#o.siteOrigin}/article/${encodeURIComponent(slug)}`;
  }

  /** Text of each platform's post for an article (previews and the queued share rows). */
  compose(article: { headline: string; slug: string; share_message: string | null }) {
    const message = article.share_message?.trim() || article.headline;
    const link = this.link(article.slug);
    return {
      link,
      x: composeXText(message, link),
      facebook: { message: composeFacebookMessage(message), link },
    };
  }

  /**
   * Called inside the publish transaction: queues one share job per chosen and connected platform
   * (SocialSharesRepository.queueOnPublish), so the publish and its jobs commit (or roll back)
   * together. `article` is the row the publish just wrote (read here when not given).
   */
  async onPublished(trx: Transaction<Database>, articleId: number, article?: ArticleShareColumns): Promise<void> {
    const row = article ?? (await this.#repo.article(articleId, trx));
    if (!row) return;
    const text = this.compose(row);
    const queued = await this.#repo.queueOnPublish(
      trx,
      articleId,
      PLATFORMS.map((platform) => ({
        platform,
        choice: platform === 'x' ? row.share_to_x : row.share_to_facebook,
        message: platform === 'x' ? text.x.text : text.facebook.message,
        link: text.link,
      })),
      {
        persona: this.#o.persona,
        actor: SHARE_WORKER,
        job: { kind: SHARE_JOB, maxAttempts: this.#o.jobs.maxAttempts },
        enqueueMany: (tx, jobs) => this.#queue.enqueueMany(tx, jobs),
      },
    );
    if (queued.length > 0) setTimeout(() => this.#queue.nudge(), 10).unref?.();
  }

  /**
   * Called inside the transaction that posts (or corrects) a live blog's key event: queues its post
   * on each platform asked for and connected, once per entry and platform (decision 037). The text
   * is the entry's summary and the article's link to the entry (`#entry-{id}`).
   */
  async onKeyEvent(
    trx: Transaction<Database>,
    entry: { articleId: number; entryId: number; slug: string; summary: string },
    platforms: SharePlatform[],
  ): Promise<SharePlatform[]> {
    if (platforms.length === 0) return [];
    const link = `${this.link(entry.slug)}#entry-${entry.entryId}`;
    const queued = await this.#repo.queueEntryShares(
      trx,
      entry.articleId,
      entry.entryId,
      platforms.map((platform) => ({
        platform,
        message: platform === 'x' ? composeXText(entry.summary, link).text : composeFacebookMessage(entry.summary),
        link,
      })),
      {
        persona: this.#o.persona,
        actor: SHARE_WORKER,
        job: { kind: SHARE_JOB, maxAttempts: this.#o.jobs.maxAttempts },
        enqueueMany: (tx, jobs) => this.#queue.enqueueMany(tx, jobs),
      },
    );
    if (queued.length > 0) setTimeout(() => this.#queue.nudge(), 10).unref?.();
    return queued;
  }

  /**
   * Called inside the transaction of every other accepted write of an article (an unpublish, a move to
   * the Trash, an edit...), with its row before and after: when a column the rule reads changed, the
   * article's queued posts (its own and its key events') that the rule now refuses are withdrawn there,
   * with their reasons and audit rows, so the panels say so at once (nothing is sent).
   */
  async onArticleChanged(
    trx: Transaction<Database>,
    articleId: number,
    before: ArticleRow,
    after: ArticleRow,
  ): Promise<void> {
    if (RULE_COLUMNS.every((c) => before[c] === after[c])) return;
    await this.#withdrawUnsendable(trx, articleId);
  }

  /**
   * Called inside the transaction that corrects or deletes a live entry: its queued posts that the rule
   * now refuses (deleted, no longer a key event, a platform's box unticked) are withdrawn there.
   */
  async onEntryChanged(trx: Transaction<Database>, articleId: number, entryId: number): Promise<void> {
    await this.#withdrawUnsendable(trx, articleId, entryId);
  }

  /**
   * Called inside the transaction that deletes articles for good (an editor's Delete for good, the
   * scheduler's purge of the expired Trash), before their share rows go: the waiting jobs of all their
   * posts, their own and their entries', are cancelled there by the payload they were queued with
   * (shareJobPayload), as a withdrawal cancels them. A job already claimed runs on and finds no share.
   */
  async onArticlesPurged(trx: Transaction<Database>, articleIds: readonly number[]): Promise<void> {
    const shares = await this.#repo.allOfArticles(trx, articleIds);
    const cancelled = await this.#queue.cancelWaiting(
      trx,
      SHARE_JOB,
      shares.map((s) => shareJobPayload(Number(s.article_id), s.platform, Number(s.entry_id), s.created_at)),
    );
    if (cancelled > 0) this.#o.log.info({ articleIds, cancelled }, 'share jobs cancelled: deleted for good');
  }

  /**
   * The rule applied at a change, in its transaction (SocialSharesRepository.withdrawUnsendable): the
   * queued posts it refuses now are withdrawn, and their waiting jobs are cancelled with them (by the
   * payload they were queued with, so a job of the share queued again later is not touched). A job
   * already claimed runs on and its take finds the share withdrawn (the guard).
   */
  async #withdrawUnsendable(trx: Transaction<Database>, articleId: number, entryId?: number): Promise<void> {
    const moved = await this.#repo.withdrawUnsendable(trx, articleId, SHARE_WORKER, entryId);
    if (moved.length === 0) return;
    await this.#queue.cancelWaiting(
      trx,
      SHARE_JOB,
      moved.map((m) => shareJobPayload(articleId, m.platform, m.entryId, m.queuedAt)),
    );
    for (const { platform, entryId: entry, because } of moved)
      this.#o.log.info({ articleId, entryId: entry, platform, because }, 'share withdrawn: not posted');
  }

  /**
   * The share choice route's change (only the fields given), refused in the Trash as every write of the
   * article is; a platform turned off withdraws its queued post in the same transaction.
   */
  async setChoice(
    articleId: number,
    choice: { shareToX?: boolean | null; shareToFacebook?: boolean | null; shareMessage?: string | null },
  ) {
    return this.#repo.transaction(async (trx) => {
      const r = await this.#repo.setChoice(trx, articleId, choice);
      if (r === 'ok') await this.#withdrawUnsendable(trx, articleId);
      return r;
    });
  }

  /**
   * Whether anything may be posted for the article on the platform now: it exists, is not in the Trash,
   * is published, the account is connected.
   */
  async #readyToPost(trx: Transaction<Database>, articleId: number, platform: SharePlatform) {
    const article = await this.#repo.article(articleId, trx);
    if (!article) return { ok: false as const, reason: 'not-found' as const };
    if (article.deleted_at) return { ok: false as const, reason: 'in-trash' as const, deletedAt: article.deleted_at };
    if (!article.published_at) return { ok: false as const, reason: 'not-published' as const };
    const connected = await this.#repo.connected(this.#o.persona, trx);
    if (!connected.has(platform)) return { ok: false as const, reason: 'not-connected' as const };
    return { ok: true as const, article };
  }

  /**
   * 'Retry' (failed/unconfirmed) and 'Post now' (never shared, its post deleted, or withdrawn): queues a
   * new job. The editor asks for this post: an article whose choice for the platform is off gets it
   * turned on, in the same transaction (else the rule would withdraw the post at its turn).
   */
  async requeue(articleId: number, platform: SharePlatform, actor: Actor, mode: 'retry' | 'post-now') {
    const result = await this.#repo.transaction(async (trx) => {
      const ready = await this.#readyToPost(trx, articleId, platform);
      if (!ready.ok) return ready;
      const { article } = ready;
      const existing = await this.#repo.get(articleId, platform, trx);
      const allowed = mode === 'retry' ? ['failed', 'unconfirmed'] : ['deleted', 'withdrawn'];
      if (existing ? !allowed.includes(existing.state) : mode === 'retry') {
        return { ok: false as const, reason: 'wrong-state' as const, state: existing?.state ?? null };
      }
      const text = this.compose(article);
      const message = platform === 'x' ? text.x.text : text.facebook.message;
      const because = await this.#repo.unsendable(trx, articleId, platform);
      if (because === 'x-off' || because === 'facebook-off')
        await this.#repo.setChoice(trx, articleId, platform === 'x' ? { shareToX: true } : { shareToFacebook: true });
      const queuedAt = await this.#repo.queue(trx, articleId, platform, message, text.link);
      await this.#repo.audit(articleId, platform, mode, { message, previous: existing?.state ?? null }, actor, trx);
      await this.#queue.enqueue(trx, {
        kind: SHARE_JOB,
        payload: shareJobPayload(articleId, platform, ARTICLE_POST, queuedAt),
        maxAttempts: this.#o.jobs.maxAttempts,
      });
      return { ok: true as const };
    });
    if (result.ok) this.#queue.nudge();
    return result;
  }

  /** What became of the posts of an article's live entries (the live console shows them), by entry id. */
  async entryPosts(articleId: number): Promise<Map<number, LiveEntryPost[]>> {
    const posts = new Map<number, LiveEntryPost[]>();
    for (const row of await this.#repo.ofEntries(articleId)) {
      const entryId = Number(row.entry_id);
      posts.set(entryId, [
        ...(posts.get(entryId) ?? []),
        { platform: row.platform, state: row.state, postUrl: row.post_url, reason: row.reason },
      ]);
    }
    return posts;
  }

  /**
   * 'Retry' of a live entry's failed or unconfirmed post, or of its withdrawn one (its article was not
   * published at its turn) once the article is published again (decision 037): the same row goes back
   * to 'queued' with the text and link it was queued with, audited, and a new job names the entry.
   * Refused while the article is not published, and while the rule refuses the post ('not-key-event',
   * the entry's box for the platform unticked: `because`). The caller checks that the entry is still
   * there (the job's take checks all of it again).
   */
  async retryEntryPost(articleId: number, entryId: number, platform: SharePlatform, actor: Actor) {
    const result = await this.#repo.transaction(async (trx) => {
      const ready = await this.#readyToPost(trx, articleId, platform);
      if (!ready.ok) return ready;
      const because = await this.#repo.unsendable(trx, articleId, platform, entryId);
      if (because) return { ok: false as const, reason: 'refused' as const, because };
      const existing = await this.#repo.get(articleId, platform, trx, entryId);
      const queuedAt = new Date().toISOString();
      const moved =
        existing &&
        (await this.#repo.transitionAudited(
          articleId,
          platform,
          RETRIED_ENTRY_POSTS,
          'queued',
          { reason: null, next_attempt_at: null, created_at: queuedAt },
          { event: 'retry', details: { previous: existing.state }, actor, when: 'moved' },
          trx,
          entryId,
        ));
      if (!moved) return { ok: false as const, reason: 'wrong-state' as const, state: existing?.state ?? null };
      await this.#queue.enqueue(trx, {
        kind: SHARE_JOB,
        payload: shareJobPayload(articleId, platform, entryId, queuedAt),
        maxAttempts: this.#o.jobs.maxAttempts,
      });
      return { ok: true as const };
    });
    if (result.ok) this.#queue.nudge();
    return result;
  }

  /**
   * On a single-instance (SQLite) start: shares left 'posting' by a process that died mid-call become
   * 'unconfirmed'. (With several instances a 'posting' share may be another instance's live call:
   * there the job's expired lease decides, in run().)
   */
  async reconcileAtStart(): Promise<number> {
    let n = 0;
    for (const s of await this.#repo.postingShares()) {
      if (await this.#markUnconfirmed(s)) n += 1;
    }
    return n;
  }

  async #markUnconfirmed(s: SocialShareTable): Promise<boolean> {
    const moved = await this.#repo.transitionAudited(
      s.article_id,
      s.platform,
      ['posting'],
      'unconfirmed',
      { reason: UNCONFIRMED_REASON },
      { event: 'unconfirmed', details: { reason: UNCONFIRMED_REASON }, actor: SHARE_WORKER, when: 'moved' },
      undefined,
      Number(s.entry_id ?? 0),
    );
    if (moved)
      this.#o.log.warn({ articleId: s.article_id, platform: s.platform }, 'share outcome unknown: unconfirmed');
    return Boolean(moved);
  }

  /**
   * One run of a share job. The common case: the take (the article read and held, the move to
   * 'posting' with its audit row: one transaction), the token read, the outcome with its audit row
   * (one transaction).
   */
  async run(job: ClaimedJob): Promise<JobOutcome> {
    const articleId = Number(job.payload.articleId);
    const platform = job.payload.platform as SharePlatform;
    // A live entry's post (decision 037) names its entry; an article's own post does not (0).
    const entryId = Number(job.payload.entryId ?? 0);
    // When the share was queued for this job (jobs queued before it was named have none: any time).
    const queuedAt = typeof job.payload.queuedAt === 'string' ? job.payload.queuedAt : undefined;
    // The compare-and-swap that makes this run the only sender: queued -> posting, only while the rule
    // allows it (else queued -> withdrawn, and nothing is sent).
    const take = await this.#repo.take(
      articleId,
      platform,
      entryId,
      { details: { attempt: job.attempt }, actor: SHARE_WORKER },
      queuedAt,
    );
    if (take?.withdrawn) {
      this.#o.log.info({ articleId, entryId, platform, because: take.because }, 'share withdrawn: not posted');
      return { done: true };
    }
    const share = take?.taken;
    if (!share) {
      const current = await this.#repo.get(articleId, platform, undefined, entryId);
      // The previous run of this job ended (its lease ran out) without recording an answer; a share
      // queued again since (withdrawn, then queued anew) is another job's, whose run may be sending it.
      if (current?.state === 'posting' && (queuedAt === undefined || current.created_at === queuedAt))
        await this.#markUnconfirmed(current);
      return { done: true };
    }
    try {
      const sent = platform === 'x' ? await this.#postX(share.message) : await this.#postFacebook(share);
      await this.#repo.transitionAudited(
        articleId,
        platform,
        ['posting'],
        'posted',
        { post_id: sent.postId, post_url: sent.postUrl, reason: null, next_attempt_at: null },
        { event: 'posted', details: { ...sent }, actor: SHARE_WORKER, when: 'always' },
        undefined,
        entryId,
      );
      this.#o.log.info({ articleId, entryId, platform, postId: sent.postId }, 'article shared');
      return { done: true };
    } catch (err) {
      return this.#failed(articleId, platform, job, err, entryId);
    }
  }

  async #failed(
    articleId: number,
    platform: SharePlatform,
    job: ClaimedJob,
    err: unknown,
    entryId: number,
  ): Promise<JobOutcome> {
    const p =
      err instanceof SocialProblem
        ? err
        : new SocialProblem({
            status: 502,
            title: 'Posting failed',
            detail: 'An unexpected error happened while posting.',
            type: 'share-internal',
          });
    if (!(err instanceof SocialProblem)) this.#o.log.error({ err, articleId, platform }, 'share failed unexpectedly');
    const rateLimited = p.slug === 'provider-rate-limited';
    const retryable = rateLimited || RETRYABLE.has(p.slug) || !(err instanceof SocialProblem);
    if (retryable && (rateLimited || job.attempt < job.maxAttempts)) {
      const waitMs =
        rateLimited && p.retryAfter ? p.retryAfter * 1000 : backoffDelay(job.attempt, this.#o.jobs.retryBaseMs);
      const at = new Date(Date.now() + waitMs);
      await this.#repo.transitionAudited(
        articleId,
        platform,
        ['posting'],
        'queued',
        { reason: p.detail, next_attempt_at: at.toISOString() },
        {
          event: 'retry',
          details: { attempt: job.attempt, reason: p.detail, nextAttemptAt: at.toISOString() },
          actor: SHARE_WORKER,
          when: 'always',
        },
        undefined,
        entryId,
      );
      this.#o.log.warn({ articleId, platform, type: p.slug, nextAttemptAt: at.toISOString() }, 'share will be retried');
      return { done: false, at, error: p.detail, countsAsAttempt: !rateLimited };
    }
    await this.#repo.transitionAudited(
      articleId,
      platform,
      ['posting'],
      'failed',
      { reason: p.detail, next_attempt_at: null },
      { event: 'failed', details: { attempt: job.attempt, reason: p.detail }, actor: SHARE_WORKER, when: 'always' },
      undefined,
      entryId,
    );
    this.#o.log.warn({ articleId, platform, type: p.slug }, 'share failed');
    return { done: true };
  }

  async #postX(text: string): Promise<Sent> {
    const { xTokens, x } = this.#social;
    const res = await xTokens.call(this.#o.persona, (token) => x.postTweet(token, text));
    const id = (res.body as { data?: { id?: unknown } } | null)?.data?.id;
    if ((res.status === 201 || res.status === 200) && typeof id === 'string') {
      return { postId: id, postUrl: `https://x.com/i/web/status/${encodeURIComponent(id)}` };
    }
    const common = commonXProblem(res);
    if (common) throw common;
    const said = xErrorText(res.body) || 'no reason given';
    throw new SocialProblem({
      status: 502,
      title: 'X rejected the post',
      detail:
        res.status === 401
          ? `X rejected the stored token (status 401). Authorise X again on the Social page. X said: ${said}`
          : `X rejected the post (status ${res.status}). X said: ${said}`,
      type: res.status === 401 ? 'provider-token-revoked' : 'provider-rejected',
    });
  }

  async #postFacebook(share: SocialShareTable): Promise<Sent> {
    const stored = await this.#social.tokens.get('facebook', this.#o.persona);
    if (!stored) {
      throw new SocialProblem({
        status: 409,
        title: 'Facebook is not connected',
        detail: 'No Facebook page token is stored. Connect Facebook on the Social page, then press Retry.',
        type: 'facebook-not-connected',
      });
    }
    try {
      const id = await this.#social.facebook.publish(stored.accessToken, share.message, share.link);
      return { postId: id, postUrl: `https://www.facebook.com/${encodeURIComponent(id)}` };
    } catch (err) {
      if (err instanceof SocialProblem && err.revoked) await this.#social.tokens.delete('facebook', this.#o.persona);
      throw err;
    }
  }

  /**
   * Deletes a posted share at the provider (unpublish/delete of the article, or of a live entry: `entryId`)
   * and records it as 'deleted'. The one rule of both delete routes: the article must exist, live or in
   * the Trash (Delete for good offers to take its posts down first); deleted for good, it has nothing
   * left to delete them through ('not-found', the provider is not called).
   */
  async deletePost(articleId: number, platform: SharePlatform, actor: Actor, entryId = 0) {
    if (!(await this.#repo.article(articleId))) return { ok: false as const, reason: 'not-found' as const };
    const share = await this.#repo.get(articleId, platform, undefined, entryId);
    if (!share || share.state !== 'posted' || !share.post_id) {
      return { ok: false as const, reason: 'no-post' as const, state: share?.state ?? null };
    }
    try {
      if (platform === 'x') {
        const res = await this.#social.xTokens.call(this.#o.persona, (t) =>
          this.#social.x.deleteTweet(t, share.post_id!),
        );
        const deleted = (res.body as { data?: { deleted?: boolean } } | null)?.data?.deleted === true;
        if (res.status !== 200 || !deleted) {
          throw (
            commonXProblem(res) ??
            new SocialProblem({
              status: 502,
              title: 'X did not delete the post',
              detail: `X did not delete the post (status ${res.status}). X said: ${xErrorText(res.body) || 'no reason given'}`,
              type: 'provider-rejected',
            })
          );
        }
      } else {
        const stored = await this.#social.tokens.get('facebook', this.#o.persona);
        if (!stored) {
          throw new SocialProblem({
            status: 409,
            title: 'Facebook is not connected',
            detail: 'No Facebook page token is stored; connect Facebook on the Social page to delete the post.',
            type: 'facebook-not-connected',
          });
        }
        await this.#social.facebook.deletePost(stored.accessToken, share.post_id);
      }
    } catch (err) {
      const detail = err instanceof SocialProblem ? err.detail : 'unexpected error';
      const entry = entryId ? { entryId } : {};
      await this.#repo.audit(
        articleId,
        platform,
        'delete-failed',
        { ...entry, postId: share.post_id, reason: detail },
        actor,
      );
      throw err;
    }
    await this.#repo.transitionAudited(
      articleId,
      platform,
      ['posted'],
      'deleted',
      { reason: null },
      { event: 'deleted', details: { postId: share.post_id }, actor, when: 'always' },
      undefined,
      entryId,
    );
    return { ok: true as const };
  }
}
