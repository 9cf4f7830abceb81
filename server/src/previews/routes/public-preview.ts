import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { LiveBlogReader } from '../../live-blog/live-entries-view.ts';
import { EntriesQuerySchema } from '../../live-blog/schemas.ts';
import { sendProblem } from '../../plugins/problem.ts';
import { requestOrigin } from '../../plugins/request-origin.ts';
import type { PreviewLinksRepository } from '../../repositories/preview-links.ts';
import { hashPreviewToken, isPreviewToken } from '../preview-token.ts';
import { PREVIEW_HEADERS } from '../preview-headers.ts';
import type { PreviewPages } from '../preview-page.ts';
import { PreviewNotFoundSchema, PreviewPageSchema, PreviewParamsSchema, PreviewRedirectSchema } from '../schemas.ts';
import { ProblemSchema } from '../../routes/news/schemas.ts';

/**
 * GET /preview/{token}: the unpublished article of a working link as readers will see it, with the
 * preview banner. A link of an article published since leads to its public page (303); an unknown,
 * turned off or expired link, or one of an article in the trash or deleted for good, answers the
 * site's not-found page (404). Every answer is private, not indexed and sends no referrer.
 * A live blog's page lists its entries as the published article's will, and pages back through them
 * with `?before={entryId}` as the public page without script does (decision 037).
 */
export async function publicPreviewRoutes(
  fastify: FastifyInstance,
  { repo, live, pages }: { repo: PreviewLinksRepository; live: LiveBlogReader; pages: PreviewPages },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Last, on every answer of this scope (a page, the redirect, a problem, an error): over what an error
  // answer or the page headers set.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(PREVIEW_HEADERS);
    done(null, payload);
  });
  app.get(
    '/preview/:token',
    {
      schema: {
        summary: "A preview link's page: an unpublished article as readers will see it",
        params: PreviewParamsSchema,
        querystring: EntriesQuerySchema,
        response: {
          200: PreviewPageSchema,
          303: PreviewRedirectSchema,
          400: ProblemSchema,
          404: PreviewNotFoundSchema,
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const origin = app.config.publicUrl || requestOrigin(request);
      const found = isPreviewToken(token) ? await repo.findByTokenHash(hashPreviewToken(token)) : undefined;
      const now = new Date().toISOString();
      const working = found && found.link.expires_at > now && !found.article.deleted_at ? found : undefined;
      if (working?.article.published_at) {
        return reply.redirect(`/article/${encodeURIComponent(working.article.slug)}`, 303);
      }
      // Published once and back to a draft since: the link ended with the publication.
      const readable = working && working.link.ended_at === null ? working.article : undefined;
      if (!pages.available) {
        if (!readable) return sendProblem(reply, 404, 'There is nothing at this preview link.');
        return sendProblem(reply, 503, 'The web front end has not been built: run `npm run build`, then restart.', {
          headers: { 'retry-after': '60' },
        });
      }
      if (!readable) return pages.send(reply, 404, await pages.notFound(origin));
      const page = await repo.readerArticle(readable);
      // A live blog: its coverage, newest entries and key events, as GET /News/slug/{slug} will give them.
      const blog = await live.blog(readable.id);
      if (blog) page.live = blog;
      const { before } = request.query;
      // A page of older entries; `before` no entry of the article: none, as on the public page.
      const older =
        blog && before !== undefined
          ? ((await live.page(readable.id, before)) ?? { entries: [], olderBefore: null })
          : null;
      return pages.send(reply, 200, await pages.article(origin, page, readable.publish_at, older));
    },
  );
}
