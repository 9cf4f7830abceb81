import { SocialProblem, excerpt } from './provider-error.ts';
import { providerFetch, providerUnavailable, type ProviderResponse } from './provider-http.ts';

/** X OAuth 2.0 token answer (code and refresh_token grants). */
export interface XTokenResponse {
  token_type: string;
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
}

export interface XAccount {
  id: string;
  name: string;
  username: string;
  profile_image_url?: string;
}

export interface XClientOptions {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** What X said, in its own words, whichever of its error shapes it used. */
export function xErrorText(body: unknown): string {
  if (!body || typeof body !== 'object') return excerpt(body);
  const b = body as Record<string, unknown>;
  if (typeof b.error_description === 'string') return excerpt(b.error_description);
  if (typeof b.detail === 'string') return excerpt(b.detail);
  if (Array.isArray(b.errors) && b.errors.length) {
    const e = b.errors[0] as Record<string, unknown>;
    return excerpt(String(e.message ?? e.detail ?? ''));
  }
  if (typeof b.title === 'string') return excerpt(b.title);
  if (typeof b.error === 'string') return excerpt(b.error);
  return '';
}

function isAccessTier(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  if (b.reason === 'client-not-enrolled') return true;
  if (typeof b.type === 'string' && b.type.includes('client-forbidden')) return true;
  return Array.isArray(b.errors) && b.errors.some((e) => (e as Record<string, unknown>)?.code === 453);
}

/** Errors every X endpoint shares: rate limit, access tier, server errors. Returns null for the rest. */
export function commonXProblem(res: ProviderResponse, now = Date.now()): SocialProblem | null {
  if (res.status === 429) {
    const reset = Number(res.headers.get('x-rate-limit-reset'));
    if (Number.isFinite(reset) && reset > 0) {
      const at = new Date(reset * 1000);
      const retryAfter = Math.max(1, Math.ceil((at.getTime() - now) / 1000));
      return new SocialProblem({
        status: 429,
        title: 'X rate limit reached',
        detail: `X refused the call because a rate limit was reached. The limit resets at ${at.toISOString()} (in about ${Math.ceil(retryAfter / 60)} min).`,
        type: 'provider-rate-limited',
        retryAfter,
      });
    }
    return new SocialProblem({
      status: 429,
      title: 'X rate limit reached',
      detail:
        'X refused the call because a rate limit was reached; it did not say when the limit resets. Try again later.',
      type: 'provider-rate-limited',
    });
  }
  if (res.status === 403 && isAccessTier(res.body)) {
    return new SocialProblem({
      status: 403,
      title: "X refused the app's access tier",
      detail: `X refused the call for this app's access level (client-not-enrolled): the X developer app must be attached to a project with access to this endpoint. X said: ${xErrorText(res.body)}`,
      type: 'provider-access-tier',
    });
  }
  if (res.status >= 500) return providerUnavailable('X', res.status);
  return null;
}

export class XClient {
  readonly #o: XClientOptions;

  constructor(options: XClientOptions) {
    this.#o = options;
  }

  get configured(): boolean {
    return Boolean(this.#o.clientId && this.#o.clientSecret);
  }

  #basic(): string {
    return `Basic ${Buffer.from(`${encodeURIComponent(this.#o.clientId)}:${encodeURIComponent(this.#o.clientSecret)}`).toString('base64')}`;
  }

  async #token(form: Record<string, string>, kind: 'code' | 'refresh'): Promise<XTokenResponse> {
    if (!this.configured) {
      throw new SocialProblem({
        status: 503,
        title: 'X is not configured',
        detail: 'X_CLIENT_ID and X_CLIENT_SECRET must be set on the server.',
        type: 'provider-not-configured',
      });
    }
    const res = await providerFetch(
      'X',
      `${this.#o.apiUrl}/2/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: this.#basic(),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
      },
      this.#o.timeoutMs,
    );
    const common = commonXProblem(res);
    if (common) throw common;
    const body = res.body as (Partial<XTokenResponse> & { error?: string }) | null;
    if (res.status === 200 && body && typeof body.access_token === 'string') {
      return {
        token_type: String(body.token_type ?? 'bearer'),
        access_token: body.access_token,
        refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
        expires_in: Number(body.expires_in ?? 7200),
        scope: String(body.scope ?? ''),
      };
    }
    if (res.status === 401 || body?.error === 'invalid_client' || body?.error === 'unauthorized_client') {
      throw new SocialProblem({
        status: 502,
        title: 'Exchange failed',
        detail: `X rejected the app's client credentials (status ${res.status}); check X_CLIENT_ID and X_CLIENT_SECRET.`,
        type: 'provider-client-rejected',
      });
    }
    if (kind === 'refresh' && (body?.error === 'invalid_grant' || res.status === 400)) {
      throw new SocialProblem({
        status: 502,
        title: 'X authorisation revoked',
        detail: `X no longer accepts the stored refresh token (${xErrorText(res.body) || 'invalid_grant'}); the stored X tokens were removed. Open the X login popup to authorise again.`,
        type: 'provider-token-revoked',
        revoked: true,
      });
    }
    throw new SocialProblem({
      status: res.status >= 400 && res.status < 500 ? 400 : 502,
      title: 'Exchange failed',
      detail: `X rejected the authorisation code (status ${res.status}): ${xErrorText(res.body) || 'no reason given'}.`,
      type: 'provider-exchange-failed',
    });
  }

  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<XTokenResponse> {
    return this.#token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        client_id: this.#o.clientId,
      },
      'code',
    );
  }

  refresh(refreshToken: string): Promise<XTokenResponse> {
    return this.#token(
      { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.#o.clientId },
      'refresh',
    );
  }

  /** GET /2/users/me with the profile image. Answers the raw response so the caller can retry a 401. */
  async me(accessToken: string): Promise<ProviderResponse> {
    return providerFetch(
      'X',
      `${this.#o.apiUrl}/2/users/me?user.fields=profile_image_url`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      this.#o.timeoutMs,
    );
  }

  async postTweet(accessToken: string, text: string): Promise<ProviderResponse> {
    return providerFetch(
      'X',
      `${this.#o.apiUrl}/2/tweets`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ text }),
      },
      this.#o.timeoutMs,
    );
  }

  /** DELETE /2/tweets/{id}; answers the raw response ({data:{deleted:true}} when done). */
  async deleteTweet(accessToken: string, id: string): Promise<ProviderResponse> {
    return providerFetch(
      'X',
      `${this.#o.apiUrl}/2/tweets/${encodeURIComponent(id)}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      this.#o.timeoutMs,
    );
  }
}
