import { Type } from '@sinclair/typebox';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../plugins/problem.ts';
import { ensureFirstEditor, formatBootstrapMessage } from './bootstrap.ts';
import { EditorsRepository } from '../repositories/editors-repository.ts';
import { interactionRoutes } from './interactions.ts';
import { cipherFromConfig } from '../crypto/token-cipher.ts';
import { KeysRepository } from '../repositories/keys-repository.ts';
import { createLoginService } from './login-throttle.ts';
import { OidcPayloadsRepository } from '../repositories/oidc-payloads-repository.ts';
import { oidcMount } from './oidc-mount.ts';
import type Provider from 'oidc-provider';
import {
  builtinSettings,
  LOGIN_BUTTON_LABEL,
  OIDC_PREFIX,
  POST_LOGOUT_REDIRECT_PATH,
  REDIRECT_PATH,
  requestOrigin,
  SILENT_REDIRECT_PATH,
} from './settings.ts';
import { builtinRules, createTokenVerifier, entraRules, type SignedInEditor } from './token-verifier.ts';

export type { SignedInEditor } from './token-verifier.ts';

/** The built-in provider at the origin this request came to (protocol and host as Fastify trusts them). */
function requestAuthority(request: FastifyRequest): string | undefined {
  const origin = requestOrigin(request.protocol, request.host);
  return origin && `${origin}${OIDC_PREFIX}`;
}

/** What GET /api/config/auth answers: everything the admin UI's OIDC client needs, no secrets. */
export interface PublicAuthConfig {
  provider: 'builtin' | 'entra';
  authority: string;
  clientId: string;
  /** The API scope; the UI asks for `openid profile ${scope}`. */
  scope: string;
  loginButtonLabel: string;
  redirectPath: string;
  silentRedirectPath: string;
  postLogoutRedirectPath: string;
}

const PublicAuthConfigSchema = Type.Object({
  provider: Type.Union([Type.Literal('builtin'), Type.Literal('entra')]),
  authority: Type.String(),
  clientId: Type.String(),
  scope: Type.String(),
  loginButtonLabel: Type.String(),
  redirectPath: Type.String(),
  silentRedirectPath: Type.String(),
  postLogoutRedirectPath: Type.String(),
});

const MAX_TOKEN_LENGTH = 16 * 1024;

const PURGE_INTERVAL_MS = 15 * 60_000;

/** How long after listening the built-in OpenID provider is created if no sign-in asked for it first. */
const PROVIDER_WARM_UP_MS = 1_000;

/**
 * Editors' sign-in: the built-in OpenID provider at /oidc (when no Entra ID is configured),
 * `app.requireEditor` (a hook that verifies the bearer token and sets request.editor),
 * and GET /api/config/auth.
 */
async function authPlugin(app: FastifyInstance) {
  const { config, database } = app;
  let verify;
  let publicConfig: PublicAuthConfig;
  const paths = {
    redirectPath: REDIRECT_PATH,
    silentRedirectPath: SILENT_REDIRECT_PATH,
    postLogoutRedirectPath: POST_LOGOUT_REDIRECT_PATH,
  };

  if (config.auth.entra) {
    const entra = config.auth.entra;
    verify = createTokenVerifier(entraRules(entra), config.auth);
    publicConfig = {
      provider: 'entra',
      authority: `https://login.microsoftonline.com/${entra.tenantId}/v2.0`,
      clientId: entra.clientId,
      scope: entra.apiScope,
      loginButtonLabel: LOGIN_BUTTON_LABEL,
      ...paths,
    };
    // The admin page talks to Entra ID itself (discovery, token endpoint, the silent-renewal
    // iframe): the pages' policy allows that one origin.
    const entraOrigin = new URL(publicConfig.authority).origin;
    app.contentSecurityPolicy.add('connect-src', entraOrigin);
    app.contentSecurityPolicy.add('frame-src', entraOrigin);
    app.log.info({ tenant: entra.tenantId, tokenVersion: entra.tokenVersion }, 'sign-in: Microsoft Entra ID');
  } else {
    const settings = builtinSettings(config);
    const editors = new EditorsRepository(database);
    // Stored encrypted with the social tokens' key (TOKEN_ENCRYPTION_KEY or DATA_DIR's key file).
    const cipher = cipherFromConfig(config);
    const storedKeys = new KeysRepository(database, cipher);
    const keys = await storedKeys.signingKeys();
    const cookieKeys = await storedKeys.cookieKeys();
    const behindProxy = config.trustProxy !== false;
    const boot = await ensureFirstEditor(editors, config.auth);
    if (boot.created && boot.generatedPassword) {
      process.stdout.write(`${formatBootstrapMessage(settings.origin, boot.username!, boot.generatedPassword)}\n`);
    } else if (boot.created) {
      app.log.info({ editor: boot.username }, 'created the first editor from ADMIN_USERNAME / ADMIN_PASSWORD');
    }
    // oidc-provider (with Koa, a quarter of a second to load) is created on first use, and made
    // ready a second after the server listens: readers' pages never wait for it at start.
    let created: Promise<Provider> | null = null;
    const provider = () =>
      (created ??= import('./provider.ts')
        .then(({ createProvider }) =>
          createProvider({
            database,
            settings,
            siteName: config.siteName,
            signingKeys: keys,
            cookieKeys,
            editors,
            behindProxy,
          }),
        )
        .catch((err: unknown) => {
          created = null;
          throw err;
        }));
    let warmUp: NodeJS.Timeout | undefined;
    app.addHook('onListen', (done) => {
      warmUp = setTimeout(
        () => void provider().catch((err: unknown) => app.log.error({ err }, 'could not create the OpenID provider')),
        PROVIDER_WARM_UP_MS,
      ).unref();
      done();
    });
    app.addHook('onClose', async () => clearTimeout(warmUp));
    const login = createLoginService(database);
    await app.register(interactionRoutes({ provider, settings, siteName: config.siteName, login, editors }));
    await app.register(oidcMount(provider, behindProxy, config.publicUrl));
    verify = createTokenVerifier(builtinRules(settings, keys.publicJwk), config.auth);
    publicConfig = {
      provider: 'builtin',
      authority: settings.issuer,
      clientId: settings.clientId,
      scope: settings.scope,
      loginButtonLabel: LOGIN_BUTTON_LABEL,
      ...paths,
    };

    const purge = () =>
      Promise.all([new OidcPayloadsRepository(database).purgeExpired(), login.purge()]).catch((err: unknown) =>
        app.log.warn({ err }, 'could not purge expired sign-in state'),
      );
    const timer = setInterval(purge, PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    if (config.publicUrl) {
      app.log.info({ issuer: settings.issuer }, 'sign-in: built-in OpenID provider');
    } else {
      app.log.info(
        { issuer: settings.issuer },
        `sign-in: built-in OpenID provider at the address each browser uses, e.g. ${settings.origin}/admin; tokens are issued by ${settings.issuer} (set PUBLIC_URL in production to pin one address)`,
      );
    }
  }

  app.decorateRequest('editor', null);
  app.decorate('requireEditor', async function requireEditor(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    if (!header) {
      throw new HttpProblem(401, 'Sign in to use this API: the request has no bearer token.', {
        headers: { 'www-authenticate': 'Bearer realm="api"' },
      });
    }
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
    if (!match || match[1].length > MAX_TOKEN_LENGTH) {
      throw new HttpProblem(401, 'The Authorization header is not a valid bearer token.', {
        headers: { 'www-authenticate': 'Bearer realm="api", error="invalid_token"' },
      });
    }
    const result = await verify(match[1]);
    if (!result.ok) {
      throw new HttpProblem(result.status, result.detail, {
        headers: { 'www-authenticate': `Bearer realm="api", error="${result.error}"` },
      });
    }
    request.editor = result.editor;
  });

  app.get(
    '/api/config/auth',
    { schema: { summary: 'Sign-in settings for the admin UI', response: { 200: PublicAuthConfigSchema } } },
    async (request, reply) => {
      if (publicConfig.provider === 'builtin' && !config.publicUrl) {
        // No PUBLIC_URL: the admin client talks to the provider at the page's own address (its
        // endpoints follow the request), so the answer depends on Host and is for this browser only.
        reply.header('cache-control', 'private, no-cache').header('vary', 'Host');
        return { ...publicConfig, authority: requestAuthority(request) ?? publicConfig.authority };
      }
      reply.header('cache-control', 'no-cache');
      return publicConfig;
    },
  );
}

export default fp(authPlugin, { name: 'auth', dependencies: ['problem', 'page-settings'] });

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook (onRequest or preHandler): verifies the bearer token; 401/403 problem+json; sets request.editor. */
    requireEditor(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in editor, set by app.requireEditor; null on routes without it. */
    editor: SignedInEditor | null;
  }
}
