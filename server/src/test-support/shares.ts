import crypto from 'node:crypto';
import type { ArticleShares, SharePlatform } from '../../../common/admin-contract.ts';
import type { FakeFacebook } from '../fakes/facebook.ts';
import type { FakeX } from '../fakes/x.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createSocial, type Social } from '../sharing/social-clients.ts';

/**
 * Helpers of the share tests and of `npm run bench:shares` (in-process apps, child processes,
 * several instances): connecting the fake X and Facebook as the Social page does, calling the admin
 * API, waiting for shares to settle. No test runner import, so scripts can use it too.
 */

export const SHARE_TEST_REDIRECT = 'http://127.0.0.1:9/share-test-callback';

/** X's OAuth consent through the fake, then the app's own code exchange and token storage. */
export async function connectX(social: Social, x: FakeX, persona: string): Promise<void> {
  if (!x.redirectUris.includes(SHARE_TEST_REDIRECT)) x.redirectUris.push(SHARE_TEST_REDIRECT);
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const res = await fetch(`${x.baseUrl}/i/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: SHARE_TEST_REDIRECT,
      state: 's',
      code_challenge: challenge,
      scope: 'tweet.read tweet.write users.read offline.access',
      decision: 'allow',
    }).toString(),
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  await social.xTokens.storeFromExchange(persona, await social.x.exchangeCode(code, verifier, SHARE_TEST_REDIRECT));
}

/** A Facebook page token from a short-lived user token, stored as the Social page stores it. */
export async function connectFacebook(social: Social, fb: FakeFacebook, persona: string): Promise<void> {
  const { pageToken } = await social.facebook.exchangeForPageToken(fb.issueShortLivedToken());
  await social.tokens.put('facebook', persona, {
    accessToken: pageToken,
    refreshToken: null,
    expiresAt: null,
    scope: '',
  });
}

/**
 * Both accounts of a test app with the fake providers connected, as an editor connects them on the
 * Social page (the persona is the site's name).
 */
export async function connectBothAccounts(app: { config: Config; database: Db; x: FakeX; fb: FakeFacebook }) {
  const social = createSocial(app.config, app.database);
  await connectX(social, app.x, app.config.siteName);
  await connectFacebook(social, app.fb, app.config.siteName);
}

export interface ApiAnswer {
  status: number;
  type: string | null;
  body: any;
}

/** A JSON call of the admin API with the editor's Authorization header. */
export function adminApi(baseUrl: string, authorization: string) {
  return async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), body: text ? JSON.parse(text) : null };
  };
}

const TERMINAL = ['posted', 'failed', 'unconfirmed', 'deleted', 'withdrawn'];

/** Polls GET .../shares until every share of the article has an end state (posted, failed, unconfirmed, deleted, withdrawn). */
export async function settledShares(
  api: ReturnType<typeof adminApi>,
  id: number,
  timeout = 15_000,
): Promise<ArticleShares> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const r = await api('GET', `/api/admin/articles/${id}/shares`);
    const body = r.body as ArticleShares;
    const active = body.shares.filter((s) => s.state !== null);
    if (active.length > 0 && active.every((s) => TERMINAL.includes(s.state!))) return body;
    if (Date.now() > deadline)
      throw new Error(`the shares of article ${id} did not settle: ${JSON.stringify(body.shares)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const shareOf = (b: ArticleShares, p: SharePlatform) => b.shares.find((s) => s.platform === p)!;
