export interface AuthorizeParams {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
}

/** The X authorisation address: response type code, scopes joined by spaces, PKCE S256. */
export function buildAuthorizeUrl(p: AuthorizeParams): string {
  const url = new URL(p.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', p.redirectUri);
  url.searchParams.set('scope', p.scopes.join(' '));
  url.searchParams.set('state', p.state);
  url.searchParams.set('code_challenge', p.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export type XReturn =
  { code: string; state: string | null } | { error: string; description: string | null; state: string | null };

/** Reads ?code&state or ?error from a return address; null when it carries neither. */
export function parseXReturn(search: string): XReturn | null {
  const q = new URLSearchParams(search);
  const error = q.get('error');
  if (error) return { error, description: q.get('error_description'), state: q.get('state') };
  const code = q.get('code');
  if (code) return { code, state: q.get('state') };
  return null;
}

/** The message the site's page (opened in the popup) posts to its opener. */
export interface XAuthMessage {
  type: 'x-auth-code';
  code?: string;
  state?: string | null;
  error?: string;
  errorDescription?: string | null;
}

export function isXAuthMessage(data: unknown): data is XAuthMessage {
  return !!data && typeof data === 'object' && (data as { type?: unknown }).type === 'x-auth-code';
}
