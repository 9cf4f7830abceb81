import { Type } from '@sinclair/typebox';
import { MOST_READ_API_COUNT, MOST_READ_HOURS } from '../../../../common/most-read-contract.ts';

/** TypeBox schemas of read counting and the 'MOST READ' list (common/most-read-contract.ts, decision 049). */

const ArticleIdSchema = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: "The id of the published article the reader's browser shows (GET /News/slug/{slug} gives it)",
});

export const ReadBeaconSchema = Type.Object({ articleId: ArticleIdSchema }, { additionalProperties: false });

export const ReadPixelParamsSchema = Type.Object({ articleId: ArticleIdSchema });

export const MostReadListSchema = Type.Object({
  articles: Type.Array(
    Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      headline: Type.String(),
      category: Type.String({ description: 'Category name, e.g. "Politics"' }),
      publishedAt: Type.String({ description: 'ISO-8601 UTC' }),
    }),
    {
      description: `Up to ${MOST_READ_API_COUNT} published stories with the most reads in the last ${MOST_READ_HOURS} hours (the current hour and the ${MOST_READ_HOURS - 1} before it), most first; ties: the newer publication first. Empty when none has reads.`,
    },
  ),
});

export const AdminMostReadSchema = Type.Object({
  articles: Type.Array(
    Type.Object({
      id: Type.Integer(),
      headline: Type.String(),
      reads: Type.Integer({ description: 'Reads in the window' }),
    }),
    {
      description: `Up to 10 stories out of the trash with the most reads in the last ${MOST_READ_HOURS} hours, most first`,
    },
  ),
});

export const ArticleReadsSchema = Type.Object({
  last7Days: Type.Integer({ description: 'Reads in the last 7 days (the current hour and the 167 before it)' }),
});
