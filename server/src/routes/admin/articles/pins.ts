import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MAX_PINNED_STORIES, type AdminArticle } from '../../../../../common/admin-contract.ts';
import { actorOf } from '../../../auth/actor.ts';
import { checkScheduleAt } from '../../../domain/article-input.ts';
import { ValidationError } from '../../../domain/typebox-validation.ts';
import { HttpProblem } from '../../../plugins/problem.ts';
import { PinnedStoriesRepository, type PinResult } from '../../../repositories/pinned-stories.ts';
import { ProblemSchema } from '../../news/schemas.ts';
import { clearNewsCache } from '../../../services/news-cache.ts';
import { articleInTrash, articleNotFound, conflict } from '../http-errors.ts';
import { AdminArticleSchema, IdParamsSchema } from '../schemas.ts';

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** A pinned story (GET /api/admin/pins, and the 409 of a pin past the limit). */
export const PinnedStorySchema = Type.Object({
  id: Type.Integer(),
  headline: Type.String(),
  category: Type.String({ description: 'Its section: it leads that section and the home page' }),
  pinnedAt: Type.String(),
  pinnedBy: nullableString,
  pinnedUntil: Type.Union([Type.String(), Type.Null()], {
    description: 'When the pin ends by itself (the scheduler unpins it); null: until an editor unpins it',
  }),
});

/** PUT .../pin's body, optional: no body pins the story until an editor unpins it. */
const PinBodySchema = Type.Object(
  {
    until: Type.Optional(
      Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
        description:
          'When the pin ends by itself, an ISO 8601 date and time later than now (within five years); null or left out: until an editor unpins it. Pinning a pinned story again changes only this.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** How the article routes answer with one article (its body as readers see it, its picture's size). */
export interface PinRouteOptions {
  answer(article: AdminArticle): Promise<AdminArticle>;
}

/** The headlines of the pinned stories as a sentence names them: “A”, “B” and “C”. */
function headlines(pinned: { headline: string }[]): string {
  const quoted = pinned.map((p) => `“${p.headline}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)!}`;
}

function refusal(id: number, result: Exclude<PinResult, { ok: true }>): Error {
  switch (result.reason) {
    case 'not-found':
      return articleNotFound(id);
    case 'deleted':
      return articleInTrash(result.deletedAt);
    case 'not-published':
      return conflict('Only a published story can be pinned: publish it first.');
    case 'too-many':
      return new HttpProblem(
        409,
        `${MAX_PINNED_STORIES} stories are pinned already (${headlines(result.pinned)}): unpin one of them first.`,
        { extensions: { pinned: result.pinned.map(({ id, headline }) => ({ id, headline })) } },
      );
  }
}

/**
 * Pinning a story to the top (decision 064): PUT pins a published story, so that it leads the home page
 * and its section after the breaking stories; DELETE unpins it. Both answer the article; either is a
 * no-op when the story is already as asked. A change drops the public caches. GET /api/admin/pins lists
 * the pinned stories (the Dashboard's panel).
 */
export async function pinRoutes(fastify: FastifyInstance, { answer }: PinRouteOptions) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const pins = new PinnedStoriesRepository(app.database.db, app.database.dialect);
  const schema = (summary: string) => ({
    summary,
    params: IdParamsSchema,
    response: { 200: AdminArticleSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
  });

  const answered = async (id: number, result: PinResult) => {
    if (!result.ok) throw refusal(id, result);
    if (result.changed) clearNewsCache(app);
    return answer(result.article);
  };

  app.get(
    // ADMIN_PINS_API_PATH: these routes are registered under /api/admin.
    '/pins',
    {
      schema: {
        summary: `The stories pinned to the top now, newest pin first (at most ${MAX_PINNED_STORIES})`,
        response: {
          200: Type.Object({ pinned: Type.Array(PinnedStorySchema), max: Type.Integer() }),
        },
      },
    },
    async () => ({ pinned: await pins.pinned(), max: MAX_PINNED_STORIES }),
  );

  app.put(
    '/articles/:id/pin',
    {
      schema: {
        ...schema(
          `Pins a published story to lead the home page and its section, after the breaking stories (at most ${MAX_PINNED_STORIES} at once), until an editor unpins it or until \`until\``,
        ),
        body: PinBodySchema,
      },
      // The body is optional: no body pins the story until an editor unpins it.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { until } = request.body;
      let end: Date | null = null;
      if (until !== undefined && until !== null) {
        // The rule of a schedule's time: a date and time with its zone, later than now, within five years.
        const at = checkScheduleAt(until, Date.now());
        if (!at.ok) throw new ValidationError([{ field: 'until', message: at.message }], 'body');
        end = new Date(at.value);
      }
      return answered(request.params.id, await pins.pin(request.params.id, actorOf(request), end));
    },
  );

  app.delete(
    '/articles/:id/pin',
    { schema: schema('Unpins a story: it takes its place by its publication time again') },
    async (request) => answered(request.params.id, await pins.unpin(request.params.id, actorOf(request))),
  );
}
