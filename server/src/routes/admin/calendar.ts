import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { parseDateTime } from '../../domain/article-input.ts';
import { ValidationError } from '../../domain/typebox-validation.ts';
import { calendarStories } from '../../repositories/editorial-calendar.ts';
import { ProblemSchema } from '../news/schemas.ts';
import { CALENDAR_MAX_DAYS } from '../../../../common/calendar-contract.ts';
import { CalendarQuerySchema, CalendarSchema } from './calendar-schemas.ts';

const DAY_MS = 86_400_000;
/** Six weeks of local days may hold an hour more (a change of clocks in an editor's time zone). */
const MAX_RANGE_MS = CALENDAR_MAX_DAYS * DAY_MS + 3_600_000;

/**
 * GET /api/admin/calendar?from=&to=: the Calendar's stories (decision 054) scheduled or published in
 * [from, to), ordered by their time. A range that is not two date-times, ends before it starts or is
 * wider than 42 days (and the hour of a change of clocks) is a 400 problem.
 */
const calendarRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  app.get(
    '/calendar',
    {
      schema: {
        summary: 'The stories scheduled or published in a range of at most 42 days, by time',
        querystring: CalendarQuerySchema,
        response: { 200: CalendarSchema, 400: ProblemSchema },
      },
    },
    async (request) => {
      const from = parseDateTime(request.query.from);
      const to = parseDateTime(request.query.to);
      const message = 'must be an ISO-8601 date-time with a time zone, such as 2026-01-31T12:00:00Z';
      if (from === undefined || to === undefined) {
        const errors = [
          ...(from === undefined ? [{ field: 'from', message }] : []),
          ...(to === undefined ? [{ field: 'to', message }] : []),
        ];
        throw new ValidationError(errors, 'querystring');
      }
      if (to <= from) throw new ValidationError([{ field: 'to', message: 'must be after from' }], 'querystring');
      if (to - from > MAX_RANGE_MS) {
        throw new ValidationError(
          [{ field: 'to', message: `must be at most ${CALENDAR_MAX_DAYS} days after from` }],
          'querystring',
        );
      }
      const articles = await calendarStories(db, new Date(from).toISOString(), new Date(to).toISOString());
      return { articles };
    },
  );
};

export default calendarRoutes;
