import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CATEGORIES } from '../../../../../common/categories.ts';
import { actorOf, clearNewsCache, type AdminRouteOptions } from '../context.ts';
import { articleNotFound, badRequest, conflict } from '../http-errors.ts';
import {
  AdminArticleSchema,
  ArticlePageSchema,
  CategoryChangeSchema,
  IdParamsSchema,
  ListQuerySchema,
} from '../schemas.ts';
import { ValidationError } from '../../../domain/typebox-validation.ts';
import { ArticleInputSchema, validateArticleInput } from '../../../domain/article-input.ts';

const isKnownCategory = (id: number) => CATEGORIES.some((c) => c.id === id);

/** The article list, detail, creation and the editorial actions. */
const articleRoutes: FastifyPluginAsync<AdminRouteOptions> = async (fastify, { articles }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/articles',
    { schema: { querystring: ListQuerySchema, response: { 200: ArticlePageSchema } } },
    async (request) => {
      const { page = 1, pageSize = 20, status = 'all', categoryId = 0 } = request.query;
      if (categoryId !== 0 && !isKnownCategory(categoryId)) {
        throw new ValidationError(
          [{ field: 'categoryId', message: `must be a known category id or 0 for all (${categoryId} is not)` }],
          'querystring',
        );
      }
      return articles.list({ page, pageSize, status, categoryId });
    },
  );

  app.get(
    '/articles/:id',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const article = await articles.get(request.params.id);
      if (!article) throw articleNotFound(request.params.id);
      return article;
    },
  );

  app.post(
    '/articles',
    { schema: { body: ArticleInputSchema, response: { 201: AdminArticleSchema } } },
    async (request, reply) => {
      const result = validateArticleInput(request.body);
      if (!result.ok) throw new ValidationError(result.errors, 'body');
      const article = await articles.create(result.value, actorOf(request));
      clearNewsCache(app);
      reply.code(201).header('location', `/api/admin/articles/${article.id}`);
      return article;
    },
  );

  app.put(
    '/articles/:id/category',
    { schema: { params: IdParamsSchema, body: CategoryChangeSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const { categoryId } = request.body;
      if (!isKnownCategory(categoryId)) {
        throw new ValidationError(
          [{ field: 'categoryId', message: `must be a known category id (${categoryId} is not)` }],
          'body',
        );
      }
      const result = await articles.changeCategory(id, categoryId, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'not-found') throw articleNotFound(id);
        throw badRequest('The article is already in that category.');
      }
      clearNewsCache(app);
      return result.article;
    },
  );

  app.delete('/articles/:id', { schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    if (!(await articles.delete(id, actorOf(request)))) throw articleNotFound(id);
    clearNewsCache(app);
    return reply.code(204).send();
  });

  app.post(
    '/articles/:id/publish',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const result = await articles.publish(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'not-found') throw articleNotFound(id);
        throw conflict('The article is already published.');
      }
      clearNewsCache(app);
      return result.article;
    },
  );

  app.post(
    '/articles/:id/unpublish',
    { schema: { params: IdParamsSchema, response: { 200: AdminArticleSchema } } },
    async (request) => {
      const { id } = request.params;
      const result = await articles.unpublish(id, actorOf(request));
      if (!result.ok) {
        if (result.reason === 'not-found') throw articleNotFound(id);
        throw conflict('The article is not published.');
      }
      clearNewsCache(app);
      return result.article;
    },
  );
};

export default articleRoutes;
