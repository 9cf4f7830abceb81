import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { cleanCorrectionText, correctionTextProblem } from '../../../../../common/corrections-contract.ts';
import { actorOf } from '../../../auth/actor.ts';
import { ValidationError } from '../../../domain/typebox-validation.ts';
import { announceStories } from '../../../live/story-events.ts';
import { HttpProblem } from '../../../plugins/problem.ts';
import { ArticleCorrectionsRepository, type CorrectionRefusal } from '../../../repositories/article-corrections.ts';
import { ProblemSchema } from '../../news/schemas.ts';
import { clearNewsCache } from '../../../services/news-cache.ts';
import { articleDeleted, articleInTrash, articleNotFound, conflict } from '../http-errors.ts';
import { IdParamsSchema } from '../schemas.ts';
import {
  CorrectionInputSchema,
  CorrectionListSchema,
  CorrectionParamsSchema,
  CorrectionSchema,
} from './correction-schemas.ts';

/** The text as stored, or the 400 naming `text`. */
function correctionText(input: string): string {
  const text = cleanCorrectionText(input);
  const problem = correctionTextProblem(text);
  if (problem) throw new ValidationError([{ field: 'text', message: problem }], 'body');
  return text;
}

function refusal(id: number, correctionId: number | undefined, result: CorrectionRefusal): Error {
  if (result.reason === 'not-found') return articleNotFound(id);
  if (result.reason === 'deleted') return articleInTrash(result.deletedAt);
  if (result.reason === 'correction-not-found') {
    return new HttpProblem(404, `Article ${id} has no correction ${correctionId}.`);
  }
  return conflict('Only a published article can get a correction: readers have not seen this one.');
}

/**
 * An article's corrections under /api/admin (decision 046): list, add, fix the wording, remove. Each
 * write drops the public caches (the article's page and /corrections show them), tells open pages the
 * story changed and, for a published story, has IndexNow told of its page and /corrections.
 */
export async function correctionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Search engines hear of a public story's change (IndexNow, decision 045), in the write's transaction.
  const indexNow = app.hasDecorator('indexNow') ? app.indexNow : undefined;
  const repo = new ArticleCorrectionsRepository(
    app.database.db,
    app.database.dialect,
    indexNow?.onCorrectionWritten.bind(indexNow),
  );
  const path = '/articles/:id/corrections';

  /** After a write: the public pages show the change at once. */
  const changed = async (id: number) => {
    clearNewsCache(app);
    const article = await repo.article(id);
    if (article?.published_at) void announceStories(app, 'story-updated', [id]);
  };

  app.get(
    path,
    {
      schema: {
        summary: "An article's corrections, newest first",
        params: IdParamsSchema,
        response: { 200: CorrectionListSchema, 404: ProblemSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const article = await repo.article(id);
      if (!article) throw articleNotFound(id);
      if (article.deleted_at) throw articleDeleted(id, article.deleted_at, article.headline);
      return { corrections: await repo.list(id) };
    },
  );

  app.post(
    path,
    {
      schema: {
        summary: 'Add a correction to a published article (dated now; the article shows as updated)',
        params: IdParamsSchema,
        body: CorrectionInputSchema,
        response: { 201: CorrectionSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const text = correctionText(request.body.text);
      const result = await repo.add(id, text, actorOf(request), new Date());
      if (!result.ok) throw refusal(id, undefined, result);
      await changed(id);
      reply.code(201).header('location', `/api/admin/articles/${id}/corrections/${result.correction.id}`);
      return result.correction;
    },
  );

  app.put(
    `${path}/:correctionId`,
    {
      schema: {
        summary: "Fix a correction's wording (its date and the article's update time stay)",
        params: CorrectionParamsSchema,
        body: CorrectionInputSchema,
        response: { 200: CorrectionSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => {
      const { id, correctionId } = request.params;
      const text = correctionText(request.body.text);
      const result = await repo.edit(id, correctionId, text, actorOf(request), new Date());
      if (!result.ok) throw refusal(id, correctionId, result);
      if (result.changed) await changed(id);
      return result.correction;
    },
  );

  app.delete(
    `${path}/:correctionId`,
    {
      schema: {
        summary: 'Remove a correction (readers no longer see it)',
        params: CorrectionParamsSchema,
        response: {
          204: Type.Null({ description: 'Removed' }),
          404: ProblemSchema,
          409: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, correctionId } = request.params;
      const result = await repo.remove(id, correctionId, actorOf(request), new Date());
      if (!result.ok) throw refusal(id, correctionId, result);
      await changed(id);
      return reply.code(204).send(null);
    },
  );
}
