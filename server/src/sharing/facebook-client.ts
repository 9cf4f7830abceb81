import crypto from 'node:crypto';
import { SocialProblem, excerpt } from './provider-error.ts';
import { providerFetch, providerUnavailable, type ProviderResponse } from './provider-http.ts';

export interface FacebookClientOptions {
  graphUrl: string;
  appId: string;
  appSecret: string;
  pageId: string;
  timeoutMs: number;
}

export interface GraphError {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

/** hex HMAC-SHA256 of the access token keyed with the app secret (Graph's appsecret_proof). */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return crypto.createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

function graphError(body: unknown): GraphError | null {
  const e = (body as { error?: Partial<GraphError> } | null)?.error;
  if (!e || typeof e !== 'object') return null;
  return {
    message: excerpt(e.message),
    type: e.type,
    code: Number(e.code ?? 0),
    error_subcode: e.error_subcode,
    fbtrace_id: e.fbtrace_id,
  };
}

/** Minutes until access returns, from Graph's usage headers, when it says so. */
function regainMinutes(headers: Headers): number | null {
  for (const name of ['x-business-use-case-usage', 'x-app-usage', 'x-page-usage']) {
    const raw = headers.get(name);
    if (!raw) continue;
    try {
      const found = JSON.stringify(JSON.parse(raw)).match(/"estimated_time_to_regain_access":\s*(\d+)/);
      if (found) return Number(found[1]);
    } catch {
      /* not JSON: ignore */
    }
  }
  return null;
}

export type GraphStage = 'exchange' | 'page' | 'publish';

/** Turns a failed Graph answer into a problem naming Facebook and the cause. */
export function facebookProblem(res: ProviderResponse, stage: GraphStage, now = Date.now()): SocialProblem {
  const err = graphError(res.body);
  const code = err?.code ?? 0;
  const said = err?.message ? ` Facebook said: ${err.message}` : '';
  if (code === 190) {
    return new SocialProblem({
      status: stage === 'publish' ? 502 : 400,
      title: stage === 'publish' ? 'Facebook token expired or revoked' : 'Exchange failed',
      detail:
        stage === 'publish'
          ? `Facebook says the stored page token is invalid or expired (error 190); it was removed. Paste a new short-lived token and exchange it.${said}`
          : `Facebook says the token is invalid or expired (error 190).${said}`,
      type: 'provider-token-revoked',
      revoked: true,
    });
  }
  if ([4, 17, 32, 613].includes(code) || err?.error_subcode === 1390008 || res.status === 429) {
    const minutes = regainMinutes(res.headers);
    const retryAfter = minutes !== null ? Math.max(60, minutes * 60) : undefined;
    const when = retryAfter
      ? ` Access returns at about ${new Date(now + retryAfter * 1000).toISOString()} (in about ${Math.ceil(retryAfter / 60)} min).`
      : ' Facebook did not say when the limit resets; try again later.';
    return new SocialProblem({
      status: 429,
      title: 'Facebook rate limit reached',
      detail: `Facebook refused the call because a rate limit was reached (error ${code || res.status}).${when}`,
      type: 'provider-rate-limited',
      retryAfter,
    });
  }
  // Codes 1 and 2 are temporary Graph faults when they come with a 5xx; with a 4xx (e.g. a wrong app secret) they are a rejection.
  if (res.status >= 500) return providerUnavailable('Facebook', res.status);
  if (code === 200 || code === 10 || (code >= 200 && code < 300)) {
    return new SocialProblem({
      status: 403,
      title: 'Facebook refused the permission',
      detail: `Facebook refused the call for lack of permission (error ${code}): posting needs a page token of a page the account manages.${said}`,
      type: 'provider-permission',
    });
  }
  return new SocialProblem({
    status: stage === 'publish' && res.status >= 400 && res.status < 500 && code === 100 ? 400 : 502,
    title: stage === 'publish' ? 'Facebook rejected the post' : 'Exchange failed',
    detail: `Facebook rejected the request (status ${res.status}${code ? `, error ${code}` : ''}).${said}`,
    type: 'provider-rejected',
  });
}

export class FacebookClient {
  readonly #o: FacebookClientOptions;

  constructor(options: FacebookClientOptions) {
    this.#o = options;
  }

  get configured(): boolean {
    return Boolean(this.#o.appId && this.#o.appSecret && this.#o.pageId);
  }

  #requireConfig(): void {
    if (!this.configured) {
      throw new SocialProblem({
        status: 503,
        title: 'Facebook is not configured',
        detail: 'FACEBOOK_APP_ID, FACEBOOK_APP_SECRET and FACEBOOK_PAGE_ID must be set on the server.',
        type: 'provider-not-configured',
      });
    }
  }

  #proof(token: string): string {
    return appSecretProof(token, this.#o.appSecret);
  }

  /** Short-lived token -> long-lived user token (fb_exchange_token), then the page token for FACEBOOK_PAGE_ID. */
  async exchangeForPageToken(shortLivedToken: string): Promise<{ pageToken: string; expiresIn: number | null }> {
    this.#requireConfig();
    const q = new URLSearchParams({
      grant_type: 'fb_exchange_token',
      client_id: this.#o.appId,
      client_secret: this.#o.appSecret,
      fb_exchange_token: shortLivedToken,
    });
    const ex = await providerFetch(
      'Facebook',
      `${this.#o.graphUrl}/oauth/access_token?${q}`,
      { headers: { accept: 'application/json' } },
      this.#o.timeoutMs,
    );
    const exBody = ex.body as { access_token?: string } | null;
    if (ex.status !== 200 || typeof exBody?.access_token !== 'string') throw facebookProblem(ex, 'exchange');
    const userToken = exBody.access_token;

    const pq = new URLSearchParams({
      fields: 'access_token',
      access_token: userToken,
      appsecret_proof: this.#proof(userToken),
    });
    const page = await providerFetch(
      'Facebook',
      `${this.#o.graphUrl}/${encodeURIComponent(this.#o.pageId)}?${pq}`,
      { headers: { accept: 'application/json' } },
      this.#o.timeoutMs,
    );
    const pageBody = page.body as { access_token?: string; id?: string } | null;
    if (page.status !== 200) throw facebookProblem(page, 'page');
    if (typeof pageBody?.access_token !== 'string') {
      throw new SocialProblem({
        status: 403,
        title: 'Exchange failed',
        detail: `Facebook gave no page token for page ${this.#o.pageId}: the account behind the token must manage that page (pages_manage_posts, pages_read_engagement).`,
        type: 'provider-permission',
      });
    }
    // A page token obtained with a long-lived user token has no expiry (it can still be revoked:
    // Graph then answers error 190 and the stored token is removed).
    return { pageToken: pageBody.access_token, expiresIn: null };
  }

  /** GET /{page-id}?fields=name with the page token and appsecret_proof: the page's display name. */
  async pageName(pageToken: string): Promise<string> {
    this.#requireConfig();
    const q = new URLSearchParams({
      fields: 'name',
      access_token: pageToken,
      appsecret_proof: this.#proof(pageToken),
    });
    const res = await providerFetch(
      'Facebook',
      `${this.#o.graphUrl}/${encodeURIComponent(this.#o.pageId)}?${q}`,
      { headers: { accept: 'application/json' } },
      this.#o.timeoutMs,
    );
    const name = (res.body as { name?: unknown } | null)?.name;
    if (res.status === 200 && typeof name === 'string' && name.trim()) return name;
    if (res.status !== 200) throw facebookProblem(res, 'page');
    throw new SocialProblem({
      status: 502,
      title: 'Facebook gave no page name',
      detail: `Facebook answered without a name for page ${this.#o.pageId}.`,
      type: 'provider-rejected',
    });
  }

  /** POST /{page-id}/feed with message (+ link); answers the post id "{page}_{post}". */
  async publish(pageToken: string, message: string, link?: string): Promise<string> {
    this.#requireConfig();
    const form = new URLSearchParams({ message, access_token: pageToken, appsecret_proof: this.#proof(pageToken) });
    if (link) form.set('link', link);
    const res = await providerFetch(
      'Facebook',
      `${this.#o.graphUrl}/${encodeURIComponent(this.#o.pageId)}/feed`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      },
      this.#o.timeoutMs,
    );
    const body = res.body as { id?: string } | null;
    if (res.status === 200 && typeof body?.id === 'string') return body.id;
    throw facebookProblem(res, 'publish');
  }

  /** DELETE {graph}/{post-id} with the page token and appsecret_proof; resolves when Graph says success. */
  async deletePost(pageToken: string, postId: string): Promise<void> {
    this.#requireConfig();
    const q = new URLSearchParams({ access_token: pageToken, appsecret_proof: this.#proof(pageToken) });
    const res = await providerFetch(
      'Facebook',
      `${this.#o.graphUrl}/${encodeURIComponent(postId)}?${q}`,
      { method: 'DELETE', headers: { accept: 'application/json' } },
      this.#o.timeoutMs,
    );
    if (res.status === 200 && (res.body as { success?: boolean } | null)?.success === true) return;
    throw facebookProblem(res, 'publish');
  }
}
