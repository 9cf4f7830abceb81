import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DEFAULT_X_SCOPES } from '../../../../common/social.ts';
import { recordTestPost } from '../../repositories/audit-log.ts';
import { actorOf } from '../../auth/actor.ts';
import type { Social } from '../social-clients.ts';
import { maskSecret } from '../../crypto/mask.ts';
import { SocialProblem, badRequest, notFound } from '../provider-error.ts';
import { commonXProblem, xErrorText, type XAccount } from '../x-client.ts';
import {
  FacebookExchangeBody,
  FacebookExchangeReply,
  FacebookTokenReply,
  PersonaParams,
  SocialProblemReplies,
  TestPublishBody,
  TestPublishReply,
  XAccountReply,
  XConfigReply,
  XTokenBody,
  XTokenReply,
} from './social-schemas.ts';

/**
 * The social publishing API: X authorisation and account, Facebook page token, test posts. Every route
 * needs a verified editor token, checked on request (before the body is parsed or validated). Errors are
 * SocialProblems, written as problem+json by the application's problem plugin. Registered in its own
 * scope by the sharing plugin: the JSON parser and the hooks below apply to these routes only.
 */
export async function socialApi(fastify: FastifyInstance, { social }: { social: Social }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app;
  const persona = config.siteName;

  // An anonymous or wrong token gets 401/403 before anything of the request body is looked at.
  app.addHook('onRequest', app.requireEditor);

  // The admin fetch wrapper sends Content-Type: application/json on every call, also on a DELETE
  // without a body: an empty JSON body means "no body" here instead of a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new SocialProblem({
          status: 400,
          title: 'Invalid request',
          detail: 'The request body is not valid JSON.',
          type: 'validation-error',
        }),
        undefined,
      );
    }
  });

  app.addHook('onError', async (request, _reply, error) => {
    // 5xx problems are logged by the problem plugin; the provider's refusals (4xx) are noted here.
    if (error instanceof SocialProblem && error.status < 500) {
      request.log.warn({ problem: error.slug, status: error.status }, 'social call failed');
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  function checkPersona(value: string): void {
    if (value.trim() !== persona) throw notFound(`Unknown persona. This site publishes as "${persona}".`);
  }

  function requireText(value: string | undefined | null, message: string): string {
    const v = (value ?? '').trim();
    if (!v) throw badRequest(message);
    return v;
  }

  // ---- X --------------------------------------------------------------------------------
  app.get(
    '/api/social/x/:persona/config',
    { schema: { params: PersonaParams, response: { 200: XConfigReply, ...SocialProblemReplies } } },
    async (request) => {
      checkPersona(request.params.persona);
      const s = config.social;
      const tokens = await social.tokens.get('x', persona);
      return {
        config: {
          clientId: s.xClientId,
          clientSecret: maskSecret(s.xClientSecret),
          clientSecretPresent: Boolean(s.xClientSecret),
          authorizeUrl: s.xAuthorizeUrl,
          defaultScopes: [...DEFAULT_X_SCOPES],
        },
        persona,
        tokenPresent: Boolean(tokens),
        accessToken: tokens ? maskSecret(tokens.accessToken) : null,
        refreshTokenPresent: Boolean(tokens?.refreshToken),
        accessTokenExpiresAtUtc: tokens?.expiresAt ?? null,
        scope: tokens?.scope ?? null,
      };
    },
  );

  app.post(
    '/api/social/x/token',
    { schema: { body: XTokenBody, response: { 200: XTokenReply, ...SocialProblemReplies } } },
    async (request) => {
      const b = request.body;
      checkPersona(b.persona);
      const code = requireText(b.code, 'The authorisation code is missing.');
      const codeVerifier = requireText(b.codeVerifier, 'The PKCE code verifier is missing.');
      if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(codeVerifier))
        throw badRequest('The PKCE code verifier must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~".');
      const redirectUri = requireText(b.redirectUri, 'The redirect URI is missing.');
      let parsed: URL | null = null;
      try {
        parsed = new URL(redirectUri);
      } catch {
        parsed = null;
      }
      if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
        throw badRequest('The redirect URI must be an http(s) URL.');
      const t = await social.x.exchangeCode(code, codeVerifier, redirectUri);
      await social.xTokens.storeFromExchange(persona, t);
      request.log.info({ persona, scope: t.scope }, 'X tokens stored');
      return {
        access_token: maskSecret(t.access_token),
        refresh_token: maskSecret(t.refresh_token),
        expires_in: t.expires_in,
        scope: t.scope,
      };
    },
  );

  app.get(
    '/api/social/x/:persona/account',
    { schema: { params: PersonaParams, response: { 200: XAccountReply, ...SocialProblemReplies } } },
    async (request) => {
      checkPersona(request.params.persona);
      const res = await social.xTokens.call(persona, (token) => social.x.me(token));
      if (res.status === 200) {
        const data = (res.body as { data?: XAccount } | null)?.data;
        if (!data) return { data: null };
        return {
          data: {
            id: data.id,
            name: data.name,
            username: data.username,
            profile_image_url: data.profile_image_url ?? null,
          },
        };
      }
      throw xCallProblem(res, 'account');
    },
  );

  // ---- Facebook ---------------------------------------------------------------------------
  app.get(
    '/api/social/facebook/:persona/token',
    { schema: { params: PersonaParams, response: { 200: FacebookTokenReply, ...SocialProblemReplies } } },
    async (request) => {
      checkPersona(request.params.persona);
      const tokens = await social.tokens.get('facebook', persona);
      // The page's name, when Facebook gives it; without it the page is named by its id (never a 5xx).
      const pageName =
        tokens && social.facebook.configured
          ? await social.facebookPageNames.get(tokens.accessToken, (err) =>
              request.log.warn(
                err instanceof SocialProblem
                  ? { status: err.status, problem: err.slug, detail: err.detail }
                  : { error: (err as Error)?.name },
                'Facebook page name could not be read',
              ),
            )
          : null;
      return {
        tokenPresent: Boolean(tokens),
        expiresAtUtc: tokens?.expiresAt ?? null,
        pageId: config.social.facebookPageId,
        pageName,
      };
    },
  );

  app.post(
    '/api/social/facebook/token/exchange',
    { schema: { body: FacebookExchangeBody, response: { 200: FacebookExchangeReply, ...SocialProblemReplies } } },
    async (request) => {
      checkPersona(request.body.persona);
      const shortLived = requireText(request.body.shortLivedToken, 'Enter a short-term token');
      const { pageToken, expiresIn } = await social.facebook.exchangeForPageToken(shortLived);
      const expiresAt = expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000).toISOString();
      await social.tokens.put('facebook', persona, {
        accessToken: pageToken,
        refreshToken: null,
        expiresAt,
        scope: '',
      });
      request.log.info({ persona, expires: expiresAt ?? 'never' }, 'Facebook page token stored');
      return { expiresIn };
    },
  );

  app.delete(
    '/api/social/facebook/:persona/token',
    { schema: { params: PersonaParams, response: { 204: Type.Null(), ...SocialProblemReplies } } },
    async (request, reply) => {
      checkPersona(request.params.persona);
      // Nothing stored: say so (404) rather than pretend something was deleted.
      if (!(await social.tokens.delete('facebook', persona)))
        throw notFound('No Facebook token is stored for this persona, so nothing was deleted.');
      return reply.code(204).send(null);
    },
  );

  // ---- Test publish -----------------------------------------------------------------------
  app.post(
    '/api/social/testpublish',
    { schema: { body: TestPublishBody, response: { 200: TestPublishReply, ...SocialProblemReplies } } },
    async (request, reply) => {
      const b = request.body;
      checkPersona(b.persona);
      const platform = b.platform.trim().toLowerCase();
      if (platform !== 'x' && platform !== 'facebook') throw badRequest('Choose a platform: x or facebook.');
      const message = requireText(b.message, 'Enter a message');
      const link = (b.link ?? '').trim() || undefined;
      if (link) {
        let ok = false;
        try {
          const u = new URL(link);
          ok = u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          ok = false;
        }
        if (!ok) throw badRequest('The link must be an http(s) URL.');
      }
      const id = platform === 'x' ? await publishToX(message, link) : await publishToFacebook(message, link);
      request.log.info({ platform, postId: id }, 'test post published');
      // A test post really went out on the publication's account: the audit trail keeps who and where.
      const account = platform === 'x' ? await xHandle() : await facebookPage();
      await recordTestPost(app.database.db, actorOf(request), { platform, postId: id, account });
      return reply.type('text/plain; charset=utf-8').send(id);
    },
  );

  /** The Facebook page by name and id ("The Daily Smear (page 123)"), by id alone when Facebook does not say. */
  async function facebookPage(): Promise<string> {
    const id = `page ${config.social.facebookPageId}`;
    const tokens = await social.tokens.get('facebook', persona);
    const name = tokens ? await social.facebookPageNames.get(tokens.accessToken) : null;
    return name ? `${name} (${id})` : id;
  }

  /** The X account's @handle, or '' when X does not say (the post itself went out). */
  async function xHandle(): Promise<string> {
    try {
      const res = await social.xTokens.call(persona, (token) => social.x.me(token));
      const username = (res.body as { data?: XAccount } | null)?.data?.username;
      return res.status === 200 && username ? `@${username}` : '';
    } catch {
      return '';
    }
  }

  async function publishToX(message: string, link?: string): Promise<string> {
    const text = link ? `${message}\n${link}` : message;
    const res = await social.xTokens.call(persona, (token) => social.x.postTweet(token, text));
    const id = (res.body as { data?: { id?: string } } | null)?.data?.id;
    if ((res.status === 201 || res.status === 200) && typeof id === 'string') return id;
    throw xCallProblem(res, 'post');
  }

  async function publishToFacebook(message: string, link?: string): Promise<string> {
    const stored = await social.tokens.get('facebook', persona);
    if (!stored) {
      throw new SocialProblem({
        status: 409,
        title: 'Facebook is not connected',
        detail: 'No Facebook page token is stored. Paste a short-lived token on the Social page and exchange it first.',
        type: 'facebook-not-connected',
      });
    }
    try {
      return await social.facebook.publish(stored.accessToken, message, link);
    } catch (err) {
      if (err instanceof SocialProblem && err.revoked) await social.tokens.delete('facebook', persona);
      throw err;
    }
  }

  function xCallProblem(
    res: { status: number; headers: Headers; body: unknown },
    what: 'account' | 'post',
  ): SocialProblem {
    const common = commonXProblem(res);
    if (common) return common;
    const said = xErrorText(res.body);
    if (res.status === 401) {
      return new SocialProblem({
        status: 502,
        title: 'X rejected the token',
        detail: `X rejected the access token even after a refresh (status 401). Authorise again.${said ? ` X said: ${said}` : ''}`,
        type: 'provider-token-rejected',
      });
    }
    if (res.status === 400 || res.status === 403) {
      return new SocialProblem({
        status: res.status,
        title: what === 'post' ? 'X rejected the post' : 'X refused the account call',
        detail: `X refused the ${what === 'post' ? 'post' : 'account lookup'} (status ${res.status}): ${said || 'no reason given'}`,
        type: 'provider-rejected',
      });
    }
    return new SocialProblem({
      status: 502,
      title: 'X call failed',
      detail: `X answered with status ${res.status}${said ? `: ${said}` : ''}.`,
      type: 'provider-rejected',
    });
  }
}
