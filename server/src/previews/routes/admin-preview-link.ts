import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PREVIEW_LINK_DAYS } from '../../../../common/preview-contract.ts';
import { actorOf } from '../../auth/actor.ts';
import { articleInTrash } from '../../plugins/article-in-trash.ts';
import { useEditorScope } from '../../plugins/editor-scope.ts';
import { HttpProblem } from '../../plugins/problem.ts';
import { requestOrigin } from '../../plugins/request-origin.ts';
import { isLive, toPreviewLink, type PreviewLinksRepository } from '../../repositories/preview-links.ts';
import { articleDeleted, articleNotFound } from '../../routes/admin/http-errors.ts';
import { IdParamsSchema } from '../../routes/admin/schemas.ts';
import { ProblemSchema } from '../../routes/news/schemas.ts';
import { hashPreviewToken, newPreviewToken, previewPath } from '../preview-token.ts';
import { CreatePreviewLinkSchema, NewPreviewLinkSchema, PreviewLinkStatusSchema } from '../schemas.ts';

/**
 * The newsroom's preview link of an article under /api/admin (common/preview-contract.ts): turn one on
 * (a new one replaces the old), see whether one is on, turn it off. Editors only; never cached.
 */
export async function adminPreviewLinkRoutes(fastify: FastifyInstance, { repo }: { repo: PreviewLinksRepository }) {
  useEditorScope(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const path = '/articles/:id/preview-link';

  app.post(
    path,
    {
      schema: {
        summary: "Turn on an unpublished article's preview link (a new link replaces the old one)",
        params: IdParamsSchema,
        body: CreatePreviewLinkSchema,
        response: { 201: NewPreviewLinkSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
      // The body is optional: no body is a link for the default days.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const days = request.body.days ?? PREVIEW_LINK_DAYS;
      const token = newPreviewToken();
      const result = await repo.create(id, hashPreviewToken(token), actorOf(request), new Date(), days);
      if (!result.ok) {
        if (result.reason === 'not-found') throw articleNotFound(id);
        if (result.reason === 'deleted') throw articleInTrash(result.deletedAt);
        throw new HttpProblem(
          409,
          'The article is published: readers can already see it, so it needs no preview link.',
        );
      }
      const origin = app.config.publicUrl || requestOrigin(request);
      reply.code(201).header('location', `/api/admin/articles/${id}/preview-link`);
      return { link: result.link, url: `${origin}${previewPath(token)}` };
    },
  );

  app.get(
    path,
    {
      schema: {
        summary: "Whether an article's preview link is on, who made it and when it expires",
        params: IdParamsSchema,
        response: { 200: PreviewLinkStatusSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const article = await repo.article(id);
      if (!article) throw articleNotFound(id);
      if (article.deleted_at) throw articleDeleted(id, article.deleted_at, article.headline);
      const row = await repo.linkOf(id);
      return { link: row && isLive(row, new Date().toISOString()) ? toPreviewLink(row) : null };
    },
  );

  app.delete(
    path,
    {
      schema: {
        summary: "Turn an article's preview link off (its address stops working at once)",
        params: IdParamsSchema,
        response: { 204: Type.Null({ description: 'No link is on now' }), 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await repo.revoke(id, actorOf(request), new Date());
      if (!result.ok) throw articleNotFound(id);
      return reply.code(204).send(null);
    },
  );
}
