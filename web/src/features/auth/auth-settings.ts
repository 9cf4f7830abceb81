import type { UserManagerSettings } from 'oidc-client-ts';

/** What GET /api/config/auth answers (both authorities: the built-in provider and Entra ID). */
export interface AuthConfig {
  provider: 'builtin' | 'entra';
  authority: string;
  clientId: string;
  /** The API scope (may already include openid/profile). */
  scope: string;
  loginButtonLabel: string;
}

export const DEFAULT_LOGIN_BUTTON_LABEL = 'Sign In with Microsoft';
/** The basic profile scopes every sign-in asks for. */
export const BASIC_SCOPES = ['openid', 'profile'] as const;

export const CALLBACK_PATH = '/admin/auth/callback';
export const SILENT_PATH = '/admin/auth/silent';

/** Validates the JSON of /api/config/auth; throws with a readable message when it is unusable. */
export function parseAuthConfig(raw: unknown): AuthConfig {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const authority = str(o.authority);
  const clientId = str(o.clientId);
  if (!authority || !clientId)
    throw new Error('The sign-in configuration is incomplete (authority or client id missing).');
  return {
    provider: o.provider === 'entra' ? 'entra' : 'builtin',
    authority,
    clientId,
    scope: str(o.scope),
    loginButtonLabel: str(o.loginButtonLabel) || DEFAULT_LOGIN_BUTTON_LABEL,
  };
}

/** 'openid profile' plus the API scope(s) from the configuration, each once, in that order. */
export function buildScope(apiScope: string): string {
  const scopes: string[] = [...BASIC_SCOPES];
  for (const s of apiScope.split(/\s+/)) if (s && !scopes.includes(s)) scopes.push(s);
  return scopes.join(' ');
}

/**
 * One standards-based client for both authorities: authorization code with PKCE
 * (oidc-client-ts adds the challenge), popup sign-in/out, silent renewal through the
 * hidden iframe page. The stores (sessionStorage) are added by user-manager.ts so this
 * stays a pure function.
 */
export function buildUserManagerSettings(
  config: AuthConfig,
  origin: string,
): Omit<UserManagerSettings, 'userStore' | 'stateStore'> {
  return {
    authority: config.authority,
    client_id: config.clientId,
    scope: buildScope(config.scope),
    response_type: 'code',
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    popup_redirect_uri: `${origin}${CALLBACK_PATH}`,
    popup_post_logout_redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${SILENT_PATH}`,
    automaticSilentRenew: true,
    loadUserInfo: false,
    monitorSession: false,
  };
}
