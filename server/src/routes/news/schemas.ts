import { Type, type Static } from '@sinclair/typebox';
import { MAX_SLUG_LENGTH, NEWS_MAX_COUNT } from '../../../../common/site.ts';
import { LiveBlogSchema } from '../../live-blog/schemas.ts';
import { CategoryQuerySchema } from '../../services/category-query.ts';

/** TypeBox schemas of the public news API (the shared public article contract). */

const NullableString = Type.Union([Type.String(), Type.Null()]);

const articleFields = {
  id: Type.Integer(),
  slug: Type.String(),
  headline: Type.String(),
  summary: Type.String(),
  author: Type.String(),
  category: Type.String({ description: 'Category name, e.g. "Politics"' }),
  source: Type.String(),
  imageUrl: NullableString,
  imageAlt: Type.String({ description: "The image's text alternative ('' : none)" }),
  imageCaption: Type.String(),
  imageCredit: Type.String(),
  imageFocalX: Type.Number({ description: 'Focal point, 0..1 from the left' }),
  imageFocalY: Type.Number({ description: 'Focal point, 0..1 from the top' }),
  originalUrl: NullableString,
  publishedAt: Type.String({ description: 'ISO-8601 UTC' }),
  modifiedAt: Type.Union([Type.String(), Type.Null()], {
    description: 'ISO-8601 UTC: the last edit readers are told about, when later than publishedAt; else null',
  }),
  isBreaking: Type.Boolean(),
  isLive: Type.Optional(Type.Boolean({ description: 'A live blog whose coverage runs now' })),
};

export const PublicArticleListItemSchema = Type.Object(articleFields, { $id: 'PublicArticleListItem' });
const PublicRefSchema = Type.Object({ name: Type.String(), slug: Type.String() });

export const PublicArticleSchema = Type.Object(
  {
    ...articleFields,
    content: Type.String({ description: 'The body as plain text' }),
    bodyHtml: Type.String({ description: 'The body as HTML (decision 032): what the article page shows' }),
    wordCount: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: "Words of the body's plain text (the page's reading time); not for a live blog",
      }),
    ),
    authors: Type.Optional(Type.Array(PublicRefSchema, { description: 'The byline: /author/{slug} each' })),
    tags: Type.Optional(Type.Array(PublicRefSchema, { description: '/tag/{slug} each' })),
    live: Type.Optional(
      Type.Union([LiveBlogSchema, Type.Null()], { description: 'A live blog: its coverage, entries and key events' }),
    ),
    corrections: Type.Optional(
      Type.Array(
        Type.Object({
          text: Type.String({ description: 'Plain text' }),
          publishedAt: Type.String({ description: 'When it was added, ISO-8601 UTC' }),
        }),
        { description: 'Its corrections, newest first (decision 046); only when it has any' },
      ),
    ),
    metaTitle: Type.Optional(
      Type.String({
        description:
          "The title search results and share cards show instead of the headline (the page's <title> and og:title); only when set",
      }),
    ),
    metaDescription: Type.Optional(
      Type.String({
        description:
          'The description search results and share cards show instead of the summary (meta description, og:description); only when set',
      }),
    ),
  },
  { $id: 'PublicArticle' },
);

/** `older` and `newer` of a keyset page (GET /News/archive, /News/author/{slug}, /News/tag/{slug}). */
export const PageNeighboursFields = {
  older: Type.Union([Type.String(), Type.Null()], {
    description: 'Cursor of the next older page (`before=`), null at the oldest story',
  }),
  newer: Type.Union([Type.String(), Type.Null()], {
    description: 'Cursor of the next newer page (`after=`), null at the newest story',
  }),
};

/** GET /News/author/{slug}: the author and one keyset page of their published stories. */
export const AuthorPageSchema = Type.Object({
  author: Type.Object({
    name: Type.String(),
    slug: Type.String(),
    bio: Type.String(),
    photoUrl: NullableString,
    xHandle: NullableString,
  }),
  articles: Type.Array(Type.Object(articleFields)),
  ...PageNeighboursFields,
});

/** GET /News/tag/{slug}: the tag and one keyset page of its published stories. */
export const TagPageSchema = Type.Object({
  tag: PublicRefSchema,
  articles: Type.Array(Type.Object(articleFields)),
  ...PageNeighboursFields,
});

export const NewsListSchema = Type.Object({
  breakingNews: Type.Array(Type.Object(articleFields)),
  allArticles: Type.Array(Type.Object(articleFields)),
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const NewsListQuerySchema = Type.Object({
  category: CategoryQuerySchema.properties.category,
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: NEWS_MAX_COUNT, description: `Items per list, 1-${NEWS_MAX_COUNT}` }),
  ),
});
export type NewsListQuery = Static<typeof NewsListQuerySchema>;

export const SLUG_PATTERN = `^[a-z0-9-]{1,${MAX_SLUG_LENGTH}}$`;

export const SlugParamsSchema = Type.Object({
  slug: Type.String({ pattern: SLUG_PATTERN, description: 'Lowercase letters, digits and hyphens' }),
});
export type SlugParams = Static<typeof SlugParamsSchema>;
