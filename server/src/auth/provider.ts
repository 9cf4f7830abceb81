import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import type { EditorsRepository } from '../repositories/editors-repository.ts';
import type { SigningKeys } from '../repositories/keys-repository.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { html, pageHeaders, renderPage } from './pages/render.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  OIDC_PREFIX,
  POST_LOGOUT_REDIRECT_PATH,
  REDIRECT_PATH,
  requestOrigin,
  SILENT_REDIRECT_PATH,
  type BuiltinSettings,
} from './settings.ts';

export interface ProviderOptions {
  database: Db;
  settings: BuiltinSettings;
  siteName: string;
  signingKeys: SigningKeys;
  /** Cookie signing keys (repositories/keys-repository.ts, cookieKeys()). */
  cookieKeys: string[];
  editors: EditorsRepository;
  /** TRUST_PROXY is set: the provider reads the forwarded protocol/host that Fastify trusted (oidc-mount.ts). */
  behindProxy: boolean;
}

function setPageHeaders(ctx: KoaContextWithOIDC, origin: string) {
  for (const [k, v] of Object.entries(pageHeaders([origin]))) ctx.set(k, v);
}

/**
 * The built-in OpenID provider (oidc-provider 9): one public first-party client for the
 * admin SPA, code + PKCE, JWT access tokens for the API resource, state in the database.
 */
export async function createProvider(o: ProviderOptions): Promise<Provider> {
  const { settings, editors } = o;
  const { origin } = settings;

  // `prompt=select_account` must be supported and must show the login page again.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 1);

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(o.database),
    clients: [
      {
        client_id: settings.clientId,
        client_name: `${o.siteName} newsroom`,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}${REDIRECT_PATH}`, `${origin}${SILENT_REDIRECT_PATH}`],
        post_logout_redirect_uris: [`${origin}${POST_LOGOUT_REDIRECT_PATH}`],
      },
    ],
    jwks: { keys: [o.signingKeys.privateJwk as never] },
    cookies: { keys: o.cookieKeys },
    pkce: { required: () => true },
    // Only the code flow (with PKCE) that the admin client uses is offered and advertised.
    responseTypes: ['code'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'profile', 'offline_access'],
    async findAccount(_ctx, sub) {
      const editor = await editors.findById(Number(sub));
      if (!editor || String(editor.id) !== sub) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, name: editor.displayName, preferred_username: editor.username };
        },
      };
    },
    // Name and username travel in the access token too, so the API needs no lookup per request.
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const editor = await editors.findById(Number(token.accountId));
      return editor ? { name: editor.displayName, preferred_username: editor.username } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          setPageHeaders(ctx, origin);
          ctx.body = renderPage({
            siteName: o.siteName,
            title: 'Sign out',
            body: `<h1>Sign out?</h1>\n<p>Sign out of the newsroom of ${html(o.siteName)} on this browser.</p>\n${form}\n<button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>\n<button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button>`,
          });
        },
        async postLogoutSuccessSource(ctx) {
          setPageHeaders(ctx, origin);
          ctx.body = renderPage({
            siteName: o.siteName,
            title: 'Signed out',
            body: '<h1>Signed out</h1>\n<p>You have signed out. You can close this window.</p>',
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => settings.audience,
        useGrantedResource: () => true,
        async getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== settings.audience) throw new errors.InvalidTarget();
          return {
            scope: settings.scope,
            audience: settings.audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}`,
    },
    // The first-party admin client gets what it asks for without a consent screen.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== oidc.session.accountId) grant = undefined;
      if (!grant)
        grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      if (oidc.client.clientId === settings.clientId) {
        grant.addOIDCScope('openid profile offline_access');
        grant.addOIDCClaims(['sub', 'name', 'preferred_username']);
        grant.addResourceScope(settings.audience, settings.scope);
        await grant.save();
      }
      return grant;
    },
    // Refresh tokens for the admin client (silent renewal also works through the iframe).
    // They end with the browser session at the provider (sign-out) and rotate on use.
    async issueRefreshToken(_ctx, client) {
      return client.clientId === settings.clientId && client.grantTypeAllowed('refresh_token');
    },
    // The admin page calls the token endpoint from its own origin: PUBLIC_URL, or without it the
    // address this request came to (the page and the provider share it; see followsRequestOrigin).
    // (Koa's ctx.origin is the Origin header itself, so the request's own origin is computed.)
    clientBasedCORS: (ctx, pageOrigin) =>
      pageOrigin === origin || (settings.followsRequestOrigin && pageOrigin === requestOrigin(ctx.protocol, ctx.host)),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 12 * 3600,
      Grant: 12 * 3600,
      RefreshToken: 12 * 3600,
    },
    async renderError(ctx, out) {
      setPageHeaders(ctx, origin);
      ctx.type = 'html';
      const detail = [out.error, out.error_description].filter(Boolean).join(': ');
      ctx.body = renderPage({
        siteName: o.siteName,
        title: 'Sign-in problem',
        body: `<h1>Sign-in problem</h1>\n<p>${html(detail || 'Something went wrong while signing in.')}</p>\n<p><a href="/admin">Back to the newsroom</a></p>`,
      });
    },
  } as Configuration;

  const provider = new Provider(settings.issuer, configuration);
  // Follows TRUST_PROXY: when set, Koa reads X-Forwarded-Proto/-Host/-For (secure cookies), and
  // oidc-mount.ts rewrites those headers to what Fastify's trustProxy accepted, so a client
  // cannot forge them past the trusted proxies. Unset: the socket decides.
  provider.proxy = o.behindProxy;
  if (settings.followsRequestOrigin) allowClientPathsAtRequestOrigin(provider, settings.clientId);
  return provider;
}

/**
 * Without PUBLIC_URL the admin area works at whatever address reaches the server (localhost, a
 * loopback or network address, a host name), and the provider's endpoints follow that address.
 * The admin client may then also be sent back to its own fixed paths at the origin of the request
 * being answered, besides its registered URIs: a redirect URI at any other origin is refused, so a
 * code or a sign-out only ever returns to the address the browser is already talking to.
 * (oidc-provider checks redirect URIs with these two methods of this provider's own Client class;
 * Provider.ctx is the request being answered.)
 */
function allowClientPathsAtRequestOrigin(provider: Provider, clientId: string) {
  const client = provider.Client.prototype;
  const { redirectUriAllowed, postLogoutRedirectUriAllowed } = client;
  const atRequestOrigin = (value: string, paths: readonly string[]) => {
    const ctx = Provider.ctx;
    const here = ctx && requestOrigin(ctx.protocol, ctx.host);
    return here !== undefined && paths.some((path) => value === `${here}${path}`);
  };
  client.redirectUriAllowed = function redirectUriAllowedHere(value) {
    if (redirectUriAllowed.call(this, value)) return true;
    return this.clientId === clientId && atRequestOrigin(value, [REDIRECT_PATH, SILENT_REDIRECT_PATH]);
  };
  client.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowedHere(value) {
    if (postLogoutRedirectUriAllowed.call(this, value)) return true;
    return this.clientId === clientId && atRequestOrigin(value, [POST_LOGOUT_REDIRECT_PATH]);
  };
}
