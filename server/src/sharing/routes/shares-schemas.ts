import { Type } from '@sinclair/typebox';
import { characterText, SHARE_MESSAGE_MAX_LENGTH } from '../../domain/article-input.ts';

export const PlatformSchema = Type.Union([Type.Literal('x'), Type.Literal('facebook')]);
export const StateSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('posting'),
  Type.Literal('posted'),
  Type.Literal('failed'),
  Type.Literal('unconfirmed'),
  Type.Literal('deleted'),
  Type.Literal('withdrawn'),
]);

export const ShareParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const SharePlatformParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  platform: PlatformSchema,
});

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableBool = Type.Union([Type.Boolean(), Type.Null()]);

export const PlatformShareSchema = Type.Object({
  platform: PlatformSchema,
  state: Type.Union([StateSchema, Type.Null()]),
  connected: Type.Boolean(),
  message: NullableString,
  postId: NullableString,
  postUrl: NullableString,
  reason: NullableString,
  attempts: Type.Integer(),
  nextAttemptAt: NullableString,
  updatedAt: NullableString,
});

export const ShareChoiceSchema = Type.Object({
  shareToX: NullableBool,
  shareToFacebook: NullableBool,
  shareMessage: NullableString,
});

export const ArticleSharesSchema = Type.Object({
  articleId: Type.Integer(),
  choice: ShareChoiceSchema,
  preview: Type.Object({
    link: Type.String(),
    x: Type.Object({ text: Type.String(), weightedLength: Type.Integer() }),
    facebook: Type.Object({ message: Type.String(), link: Type.String() }),
  }),
  shares: Type.Array(PlatformShareSchema),
});

export const ShareChoiceBodySchema = Type.Object(
  {
    shareToX: Type.Optional(NullableBool),
    shareToFacebook: Type.Optional(NullableBool),
    // At most 2,000 characters, counted after trimming by the route (characterLimitErrors) as an article's.
    shareMessage: Type.Optional(
      Type.Union([characterText(SHARE_MESSAGE_MAX_LENGTH), Type.Null()], {
        errorMessage: `must be a string of at most ${SHARE_MESSAGE_MAX_LENGTH} characters or null`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const ShareDefaultsSchema = Type.Object({
  x: NullableBool,
  facebook: NullableBool,
  connected: Type.Object({ x: Type.Boolean(), facebook: Type.Boolean() }),
});
export const ShareDefaultsBodySchema = Type.Object(
  { x: Type.Optional(NullableBool), facebook: Type.Optional(NullableBool) },
  { additionalProperties: false },
);

export const FailedSharesQuerySchema = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })) });
export const FailedSharesSchema = Type.Object({
  failed: Type.Array(
    Type.Object({
      articleId: Type.Integer(),
      entryId: Type.Optional(
        Type.Integer({
          minimum: 1,
          description: "A live entry's post (a key event): its entry. Absent for the article's own post",
        }),
      ),
      headline: Type.String(),
      platform: PlatformSchema,
      state: Type.Union([Type.Literal('failed'), Type.Literal('unconfirmed')]),
      reason: NullableString,
      at: Type.String(),
    }),
  ),
});

export const SharesOfArticlesQuerySchema = Type.Object({
  articleIds: Type.String({ pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,99}$' }),
});
export const SharesOfArticlesSchema = Type.Object({
  articles: Type.Array(
    Type.Object({
      articleId: Type.Integer(),
      shares: Type.Array(PlatformShareSchema),
      entryPosts: Type.Array(Type.Object({ entryId: Type.Integer({ minimum: 1 }), platform: PlatformSchema }), {
        description:
          "Its live key events' posts that are on X or Facebook now (posted), by entry; each is deleted with DELETE /api/admin/articles/{id}/live/entries/{entryId}/shares/{platform}",
      }),
    }),
  ),
});
