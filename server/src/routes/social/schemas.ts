import { Type } from '@sinclair/typebox';

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
