import { Type, type TSchema } from '@sinclair/typebox';

const str = (max: number) => Type.String({ maxLength: max });

export const PersonaParams = Type.Object({ persona: Type.String({ minLength: 1, maxLength: 200 }) });

export const XTokenBody = Type.Object({
  code: str(2000),
  codeVerifier: str(200),
  redirectUri: str(2000),
  persona: str(200),
});

export const FacebookExchangeBody = Type.Object({
  shortLivedToken: str(4000),
  persona: str(200),
});

export const TestPublishBody = Type.Object({
  platform: str(20),
  message: str(10000),
  persona: str(200),
  link: Type.Optional(Type.Union([str(2000), Type.Null()])),
});

// ---- Responses ----------------------------------------------------------------------------
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An RFC 9457 problem, as every error of these routes is answered. */
export const SocialProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export const SocialProblemReplies = { '4xx': SocialProblemSchema, '5xx': SocialProblemSchema };

/** X settings as the Social page shows them: the client secret and access token masked (****abcd). */
export const XConfigReply = Type.Object({
  config: Type.Object({
    clientId: Type.String(),
    clientSecret: Type.String(),
    clientSecretPresent: Type.Boolean(),
    authorizeUrl: Type.String(),
    defaultScopes: Type.Array(Type.String()),
  }),
  persona: Type.String(),
  tokenPresent: Type.Boolean(),
  accessToken: nullable(Type.String()),
  refreshTokenPresent: Type.Boolean(),
  accessTokenExpiresAtUtc: nullable(Type.String()),
  scope: nullable(Type.String()),
});

/** The stored X tokens, masked. */
export const XTokenReply = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Number(),
  scope: Type.String(),
});

export const XAccountReply = Type.Object({
  data: nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      username: Type.String(),
      profile_image_url: nullable(Type.String()),
    }),
  ),
});

export const FacebookTokenReply = Type.Object({
  tokenPresent: Type.Boolean(),
  expiresAtUtc: nullable(Type.String()),
  /** The page posts go out on (FACEBOOK_PAGE_ID; empty when not configured). */
  pageId: Type.String(),
  /** The page's name as Facebook gives it; null without a token or when Facebook cannot be asked. */
  pageName: nullable(Type.String()),
});

/** Seconds until the page token expires; null when it does not expire. */
export const FacebookExchangeReply = Type.Object({ expiresIn: nullable(Type.Number()) });

/** The id of the published post, as text/plain. */
export const TestPublishReply = Type.String();
