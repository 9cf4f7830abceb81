import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ADMIN_MOST_READ_COUNT, ARTICLE_READS_HOURS, MOST_READ_HOURS } from '../../../../common/most-read-contract.ts';
import { ArticleReadsRepository } from '../../repositories/article-reads.ts';
import { AdminMostReadSchema, ArticleReadsSchema } from '../news/reads-schemas.ts';
import { ProblemSchema } from '../news/schemas.ts';
import { articleNotFound } from './http-errors.ts';
import { IdParamsSchema } from './schemas.ts';

/**
 * Read counts for the newsroom (decision 049):
 *   GET /api/admin/most-read             the Dashboard's 'Most read (last 24 hours)'
 *   GET /api/admin/articles/{id}/reads   an article's reads in the last 7 days (its Info)
 * The counts written so far: an instance writes what it counted every few seconds.
 */
const mostReadRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const repo = new ArticleReadsRepository(app.database.db);

  app.get(
    '/most-read',
    {
      schema: {
        summary: `The ${ADMIN_MOST_READ_COUNT} stories with the most reads in the last ${MOST_READ_HOURS} hours, with their counts`,
        response: { 200: AdminMostReadSchema },
      },
    },
    async () => {
      const rows = await repo.mostRead(new Date(), MOST_READ_HOURS, ADMIN_MOST_READ_COUNT, false);
      return { articles: rows.map((r) => ({ id: r.id, headline: r.headline, reads: r.reads })) };
    },
  );

  app.get(
    '/articles/:id/reads',
    {
      schema: {
        summary: "The article's reads in the last 7 days",
        params: IdParamsSchema,
        response: { 200: ArticleReadsSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repo.exists(id))) throw articleNotFound(id);
      return { last7Days: await repo.readsOf(id, new Date(), ARTICLE_READS_HOURS) };
    },
  );
};

export default mostReadRoutes;
