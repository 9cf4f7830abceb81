import { useEditorScope } from '../../plugins/editor-scope.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ArticleShares, PlatformShare } from '../../../../common/admin-contract.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { characterLimitErrors, SHARE_MESSAGE_MAX_LENGTH } from '../../domain/article-input.ts';
import { ValidationError } from '../../domain/typebox-validation.ts';
import { articleInTrash } from '../../plugins/article-in-trash.ts';
import {
  type SocialSharesRepository,
  type SharePlatform,
  type SocialShareTable,
} from '../repositories/social-shares.ts';
import { providerRefusal, SocialProblem } from '../provider-error.ts';
import { PLATFORMS, type ShareService } from '../share-service.ts';
import { actorOf } from '../../auth/actor.ts';
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
} from './shares-schemas.ts';

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
export async function sharesApi(
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
      // Three reads however many articles are asked.
      const [rows, entryRows, connected] = await Promise.all([
        repo.ofArticles(ids),
        repo.postedEntryPosts(ids),
        repo.connected(persona),
      ]);
      return {
        articles: ids.map((articleId) => ({
          articleId,
          shares: platformShares(
            rows.filter((r) => Number(r.article_id) === articleId),
            connected,
          ),
          entryPosts: entryRows
            .filter((r) => Number(r.article_id) === articleId)
            .map((r) => ({ entryId: Number(r.entry_id), platform: r.platform })),
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
      const { id } = request.params;
      const tooLong = characterLimitErrors(request.body, { shareMessage: SHARE_MESSAGE_MAX_LENGTH });
      if (tooLong.length > 0) throw new ValidationError(tooLong, 'body');
      const r = await service.setChoice(id, request.body);
      if (r === 'not-found') throw notFound(id);
      if (r !== 'ok') throw articleInTrash(r.inTrash);
      return view(id);
    },
  );

  const requeue =
    (mode: 'retry' | 'post-now') => async (request: { params: { id: number; platform: SharePlatform } }) => {
      const { id, platform } = request.params;
      const r = await service.requeue(id, platform, actorOf(request as never), mode);
      if (!r.ok) {
        if (r.reason === 'not-found') throw notFound(id);
        if (r.reason === 'in-trash') throw articleInTrash(r.deletedAt);
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
      let r;
      try {
        r = await service.deletePost(id, platform, actorOf(request));
      } catch (err) {
        throw err instanceof SocialProblem ? providerRefusal(err) : err;
      }
      if (!r.ok) {
        if (r.reason === 'not-found') throw notFound(id);
        throw new HttpProblem(409, `There is no post to delete (the share is ${r.state ?? 'absent'}).`);
      }
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
          ...(Number(r.entry_id) > 0 ? { entryId: Number(r.entry_id) } : {}),
          headline: r.headline,
          platform: r.platform,
          state: r.state as 'failed' | 'unconfirmed',
          reason: r.reason,
          at: r.updated_at,
        })),
      };
    },
  );
}
