import type { Config } from '../config.ts';

/** Fixed names shared with the admin UI (oidc-client-ts) — keep in sync with /api/config/auth. */
export const BUILTIN_CLIENT_ID = 'tabloid-admin';
/** The API scope of the built-in provider; access tokens carry it in `scope`. */
export const BUILTIN_API_SCOPE = 'api:editor';
export const REDIRECT_PATH = '/admin/auth/callback';
export const SILENT_REDIRECT_PATH = '/admin/auth/silent';
export const POST_LOGOUT_REDIRECT_PATH = '/admin/auth/callback';
export const OIDC_PREFIX = '/oidc';
export const LOGIN_BUTTON_LABEL = 'Sign In with Microsoft';
/**
 * How long after an editor's removal, password reset or sign-out their access can last, all
 * included: the access token's lifetime plus the clock tolerance the API allows on its expiry.
 */
export const ACCESS_ENDS_WITHIN_SECONDS = 300;
/** The tolerance on a token's times (exp, nbf, iat), for clocks that differ between machines. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/**
 * Access token lifetime of the built-in provider (and of mintTestToken): 4 minutes, renewed
 * silently with the refresh token, which stops working when the editor is removed, their
 * password reset, or the session signed out. With the 60 s tolerance on its expiry, access ends
 * within ACCESS_ENDS_WITHIN_SECONDS (5 minutes) of any of these.
 */
export const ACCESS_TOKEN_TTL_SECONDS = ACCESS_ENDS_WITHIN_SECONDS - CLOCK_TOLERANCE_SECONDS;

/** Origin the browser uses: PUBLIC_URL, or http://localhost:PORT. */
export function siteOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl || `http://localhost:${config.port}`;
}

/**
 * The origin a request was sent to, from its protocol and Host (as the server trusts them), or
 * undefined when the Host header is not a plain host[:port] (as a browser sends it).
 */
export function requestOrigin(protocol: string, host: string): string | undefined {
  try {
    const url = new URL(`${protocol}://${host}`);
    return url.host && url.host === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface BuiltinSettings {
  /** PUBLIC_URL, or http://localhost:PORT without it. */
  origin: string;
  /** `iss` of every token, one value whatever address the browser used: `${origin}/oidc`. */
  issuer: string;
  /** `aud` of access tokens: the API's URL. */
  audience: string;
  clientId: string;
  scope: string;
  /**
   * No PUBLIC_URL: the browser may use any address that reaches the server. The provider's
   * endpoints, its redirects and the admin client's redirect URIs then follow the address of each
   * request; tokens keep the one issuer and audience above. With PUBLIC_URL everything is pinned
   * to it.
   */
  followsRequestOrigin: boolean;
}

export function builtinSettings(config: Pick<Config, 'publicUrl' | 'port'>): BuiltinSettings {
  const origin = siteOrigin(config);
  return {
    origin,
    issuer: `${origin}${OIDC_PREFIX}`,
    audience: `${origin}/api`,
    clientId: BUILTIN_CLIENT_ID,
    scope: BUILTIN_API_SCOPE,
    followsRequestOrigin: !config.publicUrl,
  };
}
