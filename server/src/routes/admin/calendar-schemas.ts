import { Type } from '@sinclair/typebox';
import { CALENDAR_MAX_DAYS } from '../../../../common/calendar-contract.ts';

const DATE_TIME = {
  minLength: 1,
  maxLength: 40,
  errorMessage: 'must be an ISO-8601 date-time with a time zone, such as 2026-01-31T12:00:00Z',
};

export const CalendarQuerySchema = Type.Object(
  {
    from: Type.String({ ...DATE_TIME, description: 'The range start (included)' }),
    to: Type.String({
      ...DATE_TIME,
      description: `The range end (excluded), at most ${CALENDAR_MAX_DAYS} days after from`,
    }),
  },
  { additionalProperties: true },
);

export const CalendarSchema = Type.Object({
  articles: Type.Array(
    Type.Object({
      id: Type.Integer(),
      headline: Type.String(),
      categoryId: Type.Integer(),
      state: Type.Union([Type.Literal('scheduled'), Type.Literal('published')]),
      at: Type.String({ description: 'publish_at of a scheduled story, published_at of a published one' }),
    }),
  ),
});
