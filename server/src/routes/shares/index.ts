import fp from 'fastify-plugin';
import { useEditorScope } from '../../plugins/editor-scope.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ArticleShares, PlatformShare } from '../../../../common/admin-contract.ts';
import { siteOrigin } from '../../auth/settings.ts';
import { createJobEngine } from '../../jobs/engines.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { SocialSharesRepository, type SharePlatform, type SocialShareTable } from '../../repositories/social-shares.ts';
import { createSocial } from '../../social/index.ts';
import { SocialProblem } from '../../social/provider-error.ts';
import { PLATFORMS, ShareService } from '../../social/share-service.ts';
import { actorOf } from '../admin/context.ts';
import {
  ArticleSharesSchema,
  FailedSharesQuerySchema,
  FailedSharesSchema,
  ShareChoiceBodySchema,
  ShareDefaultsBodySchema,
  ShareDefaultsSchema,
  ShareParamsSchema,
  SharePlatformParamsSchema,
  SharesOfArticlesQuerySchema,
  SharesOfArticlesSchema,
} from './schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sharing of published articles (set by the shares plugin). */
    articleShares: ShareService;
    shareJobs: JobQueue;
  }
}

const notFound = (id: number) => new HttpProblem(404, `Article ${id} was not found.`);

/** Each platform's share of one article (state null: never shared). */
function platformShares(rows: SocialShareTable[], connected: Set<SharePlatform>): PlatformShare[] {
  return PLATFORMS.map((platform) => {
    const r = rows.find((row) => row.platform === platform);
    return {
      platform,
      state: r?.state ?? null,
      connected: connected.has(platform),
      message: r?.message ?? null,
      postId: r?.post_id ?? null,
      postUrl: r?.post_url ?? null,
      reason: r?.reason ?? null,
      attempts: Number(r?.attempts ?? 0),
      nextAttemptAt: r?.state === 'queued' ? (r.next_attempt_at ?? null) : null,
      updatedAt: r?.updated_at ?? null,
    };
  });
}

/** The shares API under /api/admin (editors only). */
async function sharesApi(
  fastify: FastifyInstance,
  { repo, service }: { repo: SocialSharesRepository; service: ShareService },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const persona = app.config.siteName;

  useEditorScope(app);

  async function view(id: number): Promise<ArticleShares> {
    const article = await repo.article(id);
    if (!article) throw notFound(id);
    const [rows, connected] = await Promise.all([repo.list(id), repo.connected(persona)]);
    const text = service.compose(article);
    const shares = platformShares(rows, connected);
    const bool = (v: number | null) => (v === null ? null : v === 1);
    return {
      articleId: id,
      choice: {
        shareToX: bool(article.share_to_x),
        shareToFacebook: bool(article.share_to_facebook),
        shareMessage: article.share_message,
      },
      preview: {
        link: text.link,
        x: { text: text.x.text, weightedLength: text.x.weightedLength },
        facebook: text.facebook,
      },
      shares,
    };
  }

  // The shares of several articles at once (the article list shows each row's status).
  app.get(
    '/shares',
    { schema: { querystring: SharesOfArticlesQuerySchema, response: { 200: SharesOfArticlesSchema } } },
    async (request) => {
      const ids = [...new Set(request.query.articleIds.split(',').map(Number))];
      if (ids.length > 100 || ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)) {
        throw new HttpProblem(400, 'articleIds must be at most 100 article ids separated by commas.');
      }
      const [rows, connected] = await Promise.all([repo.ofArticles(ids), repo.connected(persona)]);
      return {
        articles: ids.map((articleId) => ({
          articleId,
          shares: platformShares(
            rows.filter((r) => Number(r.article_id) === articleId),
            connected,
          ),
        })),
      };
    },
  );

  app.get(
    '/articles/:id/shares',
    { schema: { params: ShareParamsSchema, response: { 200: ArticleSharesSchema } } },
    async (request) => view(request.params.id),
  );

  app.put(
    '/articles/:id/shares/choice',
    { schema: { params: ShareParamsSchema, body: ShareChoiceBodySchema, response: { 200: ArticleSharesSchema } } },
    async (request) => {
      if (!(await repo.setChoice(request.params.id, request.body))) throw notFound(request.params.id);
      return view(request.params.id);
    },
  );

  const requeue =
    (mode: 'retry' | 'post-now') => async (request: { params: { id: number; platform: SharePlatform } }) => {
      const { id, platform } = request.params;
      const r = await service.requeue(id, platform, actorOf(request as never), mode);
      if (!r.ok) {
        if (r.reason === 'not-found') throw notFound(id);
        if (r.reason === 'not-published') throw new HttpProblem(409, 'The article is not published.');
        if (r.reason === 'not-connected')
          throw new HttpProblem(409, `${platform === 'x' ? 'X' : 'Facebook'} is not connected on the Social page.`);
        throw new HttpProblem(
          409,
          mode === 'retry'
            ? `Only a failed or unconfirmed post can be retried (this one is ${r.state ?? 'not shared'}).`
            : `This article is already shared on ${platform === 'x' ? 'X' : 'Facebook'} (${r.state}); use Retry for a failed post.`,
        );
      }
      return view(id);
    };

  app.post(
    '/articles/:id/shares/:platform/retry',
    { schema: { params: SharePlatformParamsSchema, response: { 202: ArticleSharesSchema } } },
    async (request, reply) => {
      const body = await requeue('retry')(request);
      return reply.code(202).send(body);
    },
  );

  app.post(
    '/articles/:id/shares/:platform',
    { schema: { params: SharePlatformParamsSchema, response: { 202: ArticleSharesSchema } } },
    async (request, reply) => {
      const body = await requeue('post-now')(request);
      return reply.code(202).send(body);
    },
  );

  app.delete(
    '/articles/:id/shares/:platform',
    { schema: { params: SharePlatformParamsSchema, response: { 200: ArticleSharesSchema } } },
    async (request) => {
      const { id, platform } = request.params;
      if (!(await repo.article(id)) && !(await repo.get(id, platform))) throw notFound(id);
      let r;
      try {
        r = await service.deletePost(id, platform, actorOf(request));
      } catch (err) {
        if (err instanceof SocialProblem) {
          throw new HttpProblem(err.status >= 500 ? 502 : err.status, err.detail, {
            title: err.title,
            ...(err.retryAfter ? { headers: { 'retry-after': String(err.retryAfter) } } : {}),
          });
        }
        throw err;
      }
      if (!r.ok) throw new HttpProblem(409, `There is no post to delete (the share is ${r.state ?? 'absent'}).`);
      return view(id);
    },
  );

  // The defaults, and which accounts are connected (what a default of null follows).
  async function defaultsView() {
    const [defaults, connected] = await Promise.all([repo.defaults(), repo.connected(persona)]);
    return { ...defaults, connected: { x: connected.has('x'), facebook: connected.has('facebook') } };
  }

  app.get('/social/share-defaults', { schema: { response: { 200: ShareDefaultsSchema } } }, async () => defaultsView());

  app.put(
    '/social/share-defaults',
    { schema: { body: ShareDefaultsBodySchema, response: { 200: ShareDefaultsSchema } } },
    async (request) => {
      await repo.setDefaults(request.body);
      return defaultsView();
    },
  );

  app.get(
    '/shares/failed',
    { schema: { querystring: FailedSharesQuerySchema, response: { 200: FailedSharesSchema } } },
    async (request) => {
      const days = request.query.days ?? 7;
      const rows = await repo.failedSince(new Date(Date.now() - days * 86_400_000).toISOString());
      return {
        failed: rows.map((r) => ({
          articleId: Number(r.article_id),
          headline: r.headline ?? '',
          platform: r.platform,
          state: r.state as 'failed' | 'unconfirmed',
          reason: r.reason,
          at: r.updated_at,
        })),
      };
    },
  );
}

/** How long no request must have been answered for a moment to count as quiet for the share workers. */
const GIVE_WAY_QUIET_MS = 20;

/**
 * Sharing published articles: the share service (decorated as app.articleShares, whose
 * onPublished the publish transaction calls), the in-process job workers, and the shares API.
 */
export default fp(
  async (app) => {
    const { config, database } = app;
    const jobs = config.social.shares;
    const repo = new SocialSharesRepository(database);
    // Longer than any one run: two provider calls plus a token refresh, each with its time limit.
    const leaseMs = Math.max(5_000, config.social.httpTimeoutMs * 3 + 2_000);
    const onError = (err: unknown) => app.log.error({ err }, 'job queue error');
    // PostgreSQL: pg-boss (loaded only there); SQLite: the app's own `jobs` table (decision 023).
    const { engine, adopt } = await createJobEngine(database, {
      leaseMs,
      pgBossPoolMax: jobs.pgBossPoolMax,
      supervise: jobs.workers,
      pgBossMaintenanceSeconds: jobs.pgBossMaintenanceSeconds,
      onError,
    });
    const queue = new JobQueue(engine, {
      pollMs: jobs.pollMs,
      concurrency: jobs.concurrency,
      // The posts wait for a quiet moment (no request answered in the last 20 ms), at most JOBS_GIVE_WAY_MS.
      giveWay: { busy: () => app.requestActivity.busy(GIVE_WAY_QUIET_MS), maxWaitMs: jobs.giveWayMs },
      onError,
    });
    const service = new ShareService(createSocial(config, database), repo, queue, {
      persona: config.siteName,
      siteOrigin: siteOrigin(config),
      jobs,
      log: app.log,
    });
    app.decorate('articleShares', service);
    app.decorate('shareJobs', queue);
    // Publishing enqueues whether or not this process runs workers: the queues exist from the start.
    app.addHook('onClose', async () => queue.close());
    await queue.prepare();
    const moved = await adopt();
    if (moved > 0) app.log.info({ moved }, 'unfinished jobs moved from the jobs table to pg-boss');
    if (jobs.workers) {
      app.addHook('onReady', async () => {
        if (database.dialect === 'sqlite') await service.reconcileAtStart();
        queue.start();
      });
    }
    await app.register(sharesApi, { prefix: '/api/admin', repo, service });
  },
  { name: 'article-shares', dependencies: ['problem', 'auth'] },
);
