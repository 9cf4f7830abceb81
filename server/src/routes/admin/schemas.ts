import { Type } from '@sinclair/typebox';

const nullableString = Type.Union([Type.String(), Type.Null()]);

const listItemFields = {
  id: Type.Integer(),
  headline: Type.String(),
  slug: Type.String(),
  summary: Type.String(),
  author: Type.String(),
  category: Type.String(),
  categoryId: Type.Integer(),
  source: Type.String(),
  editorName: Type.String(),
  ratingOutOfTen: Type.Integer({ minimum: 0, maximum: 10 }),
  comments: Type.String(),
  imageUrl: nullableString,
  originalUrl: nullableString,
  isBreaking: Type.Boolean(),
  publishedAt: nullableString,
  createdAt: Type.String(),
  updatedAt: Type.String(),
};

/** An article in lists (no `content`). */
export const AdminArticleListItemSchema = Type.Object(listItemFields);
/** The full admin article of the shared contract. */
export const AdminArticleSchema = Type.Object({ ...listItemFields, content: Type.String() });

export const ArticlePageSchema = Type.Object({
  articles: Type.Array(AdminArticleListItemSchema),
  currentPage: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Type.Integer(),
  totalPages: Type.Integer(),
  hasNextPage: Type.Boolean(),
  hasPreviousPage: Type.Boolean(),
});

export const DashboardSchema = Type.Object({
  totalArticles: Type.Integer(),
  articlesLastWeek: Type.Integer(),
  activeUsers: Type.Integer(),
  recentArticles: Type.Array(AdminArticleListItemSchema),
});

export const CategorySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Largest id the API accepts (a 32-bit integer column on PostgreSQL). */
export const MAX_ID = 2_147_483_647;

export const IdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: `must be a whole number from 1 to ${MAX_ID}` }),
});

export const ListQuerySchema = Type.Object(
  {
    // Bounded like ids: a page past the last is an empty page, but an absurd number is a mistake.
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: `must be a whole number from 1 to ${MAX_ID}` }),
    ),
    pageSize: Type.Optional(
      Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(50), Type.Literal(100), Type.Literal(-1)], {
        errorMessage: 'must be one of 10, 20, 50, 100 or -1 (all)',
      }),
    ),
    status: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('published'), Type.Literal('unpublished')], {
        errorMessage: 'must be one of all, published, unpublished',
      }),
    ),
    categoryId: Type.Optional(Type.Integer({ minimum: 0, errorMessage: 'must be a category id (0 for all)' })),
  },
  { additionalProperties: true },
);

export const CategoryChangeSchema = Type.Object({
  categoryId: Type.Integer({ minimum: 1, errorMessage: 'must be a positive integer (a category id)' }),
});
