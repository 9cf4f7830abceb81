import { AdminApiError, adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { TestPublishRequest } from '../lib/publish-form.ts';

export interface XConfigResponse {
  config: {
    clientId: string;
    clientSecret: string;
    clientSecretPresent: boolean;
    authorizeUrl: string;
    defaultScopes: string[];
  };
  persona: string;
  tokenPresent: boolean;
  accessToken: string | null;
  refreshTokenPresent: boolean;
  accessTokenExpiresAtUtc: string | null;
  AccessTokenExpiresAtUtc?: string | null;
  scope: string | null;
}

export interface XTokenResult {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
}

export interface XAccount {
  id: string;
  name: string;
  username: string;
  profile_image_url: string | null;
}

export interface FacebookTokenStatus {
  tokenPresent: boolean;
  expiresAtUtc: string | null;
  /** The page posts go out on. */
  pageId?: string;
  /** The page's name as Facebook gives it; null when Facebook could not be asked. */
  pageName?: string | null;
}

const p = (persona: string) => encodeURIComponent(persona);

export const socialKeys = {
  all: ['admin', 'social'] as const,
  xConfig: (persona: string) => ['admin', 'social', 'x', persona, 'config'] as const,
  xAccount: (persona: string) => ['admin', 'social', 'x', persona, 'account'] as const,
  facebookToken: (persona: string) => ['admin', 'social', 'facebook', persona, 'token'] as const,
};

/** Expiry under either capitalisation (accessTokenExpiresAtUtc or AccessTokenExpiresAtUtc). */
export function xExpiry(c: XConfigResponse | undefined): string | null {
  return c?.accessTokenExpiresAtUtc ?? c?.AccessTokenExpiresAtUtc ?? null;
}

export const getXConfig = (client: AdminApiClient, persona: string) =>
  adminRequest<XConfigResponse>(client, `/api/social/x/${p(persona)}/config`, {
    failed: 'Failed to load X config',
    error: 'Error loading X config',
  });

export const exchangeXCode = (
  client: AdminApiClient,
  body: { code: string; codeVerifier: string; redirectUri: string; persona: string },
) =>
  adminRequest<XTokenResult>(
    client,
    '/api/social/x/token',
    { failed: 'Exchange failed', error: 'Exchange failed' },
    { method: 'POST', body },
  );

export const getXAccount = (client: AdminApiClient, persona: string) =>
  adminRequest<{ data: XAccount | null }>(client, `/api/social/x/${p(persona)}/account`, {
    failed: 'Failed to fetch account info',
    error: 'Failed to fetch account info',
  });

export const getFacebookToken = (client: AdminApiClient, persona: string) =>
  adminRequest<FacebookTokenStatus>(client, `/api/social/facebook/${p(persona)}/token`, {
    failed: 'Failed to load Facebook token status',
    error: 'Error loading Facebook token status',
  });

export const exchangeFacebookToken = (client: AdminApiClient, body: { shortLivedToken: string; persona: string }) =>
  adminRequest<{ expiresIn: number | null }>(
    client,
    '/api/social/facebook/token/exchange',
    { failed: 'Exchange failed', error: 'Exchange failed' },
    { method: 'POST', body },
  );

export const deleteFacebookToken = (client: AdminApiClient, persona: string) =>
  adminRequest<void>(
    client,
    `/api/social/facebook/${p(persona)}/token`,
    { failed: 'Delete failed', error: 'Delete failed' },
    { method: 'DELETE' },
  );

export type PublishOutcome = { ok: true; postId: string } | { ok: false; error: string; notAuthenticated?: boolean };

/**
 * POST /api/social/testpublish answers the post id as text/plain, so it does not go through
 * adminRequest (which parses JSON and would round a numeric X id): same token, same headers.
 * Failure: the response text (the problem's detail when it is problem+json) or 'Failed: {status}'.
 */
export async function testPublish(client: AdminApiClient, body: TestPublishRequest): Promise<PublishOutcome> {
  let token: string;
  try {
    token = await client.getAccessToken();
  } catch {
    return { ok: false, error: 'Not authenticated', notAuthenticated: true };
  }
  if (!token) return { ok: false, error: 'Not authenticated', notAuthenticated: true };
  let res: Response;
  try {
    res = await (client.fetch ?? fetch)('/api/social/testpublish', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'text/plain, application/problem+json',
      },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const text = await res.text().catch(() => '');
  if (res.ok) return { ok: true, postId: text };
  let shown = text.trim();
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      const problem = JSON.parse(text) as { detail?: unknown; title?: unknown };
      shown =
        typeof problem.detail === 'string' && problem.detail
          ? problem.detail
          : typeof problem.title === 'string'
            ? problem.title
            : '';
    } catch {
      /* keep the raw text */
    }
  }
  return { ok: false, error: shown || `Failed: ${res.status}`, notAuthenticated: res.status === 401 };
}

/** Status and the server's explanation of a failed admin call (for the error texts). */
export function failureInfo(err: unknown): { status: number | null; detail: string } {
  if (err instanceof AdminApiError) return { status: err.status ?? null, detail: err.details ?? '' };
  return { status: null, detail: err instanceof Error ? err.message : String(err) };
}
