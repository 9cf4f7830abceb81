import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let authorization: string;
let persona: string;
const REDIRECT = 'http://127.0.0.1:9/';

async function call(method: string, path: string, body?: unknown, auth = true) {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  bodies.push(text);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json: () => JSON.parse(text),
    headers: res.headers,
  };
}
const bodies: string[] = [];

/** Runs the fake X consent page like a browser would and returns a fresh code for `verifier`. */
async function authorize(
  verifier: string,
  scope = 'tweet.write tweet.read users.read offline.access',
  redirectUri = REDIRECT,
) {
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: t.x.clientId,
    redirect_uri: redirectUri,
    scope,
    state: 'st',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const page = await fetch(`${t.config.social.xAuthorizeUrl}?${q}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Authorize app');
  const res = await fetch(t.config.social.xAuthorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: redirectUri,
      state: 'st',
      code_challenge: challenge,
      scope,
      decision: 'allow',
    }).toString(),
  });
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

async function connectX(scope?: string) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const code = await authorize(verifier, scope);
  return call('POST', '/api/social/x/token', { code, codeVerifier: verifier, redirectUri: REDIRECT, persona });
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, fakeProviders: true, captureLogs: true });
  authorization = await t.bearer();
  t.x.redirectUris.push(REDIRECT);
  persona = t.config.siteName;
});
afterEach(() => t.x.fail(null));
afterAll(() => t.close());

const P = () => encodeURIComponent(persona);

describe('X config', () => {
  it('answers the client id, a masked secret and no token before authorisation', async () => {
    const res = await call('GET', `/api/social/x/${P()}/config`);
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.config.clientId).toBe(t.x.clientId);
    expect(body.config.clientSecretPresent).toBe(true);
    expect(body.config.clientSecret).toBe(`****${t.x.clientSecret.slice(-4)}`);
    expect(body.config.defaultScopes).toEqual(['tweet.write', 'tweet.read', 'users.read', 'offline.access']);
    expect(body.config.authorizeUrl).toBe(`${t.x.baseUrl}/i/oauth2/authorize`);
    expect(body.tokenPresent).toBe(false);
    expect(body.accessTokenExpiresAtUtc).toBeNull();
  });

  it('404 problem for another persona, 401 problem without a token', async () => {
    const other = await call('GET', '/api/social/x/Someone%20Else/config');
    expect(other.status).toBe(404);
    expect(other.type).toContain('application/problem+json');
    const anon = await call('GET', `/api/social/x/${P()}/config`, undefined, false);
    expect(anon.status).toBe(401);
    expect(anon.type).toContain('application/problem+json');
  });
});

describe('X code exchange', () => {
  it('exchanges a code as a confidential client, stores the tokens encrypted and answers them masked', async () => {
    const res = await connectX();
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^\*\*\*\*.{4}$/);
    expect(body.refresh_token).toMatch(/^\*\*\*\*.{4}$/);
    expect(body.expires_in).toBe(7200);
    expect(body.scope).toContain('users.read');
    const rows = await t.database.db
      .withTables<{ social_tokens: { access_token: string; refresh_token: string } }>()
      .selectFrom('social_tokens')
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
    for (const token of t.x.issuedTokens) expect(JSON.stringify(rows).includes(token)).toBe(false);
    const config = (await call('GET', `/api/social/x/${P()}/config`)).json();
    expect(config.tokenPresent).toBe(true);
    const minutes = (Date.parse(config.accessTokenExpiresAtUtc) - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(118);
    expect(minutes).toBeLessThanOrEqual(120);
  });

  it('rejects a wrong verifier (the fake checks it against the challenge) with "Exchange failed"', async () => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const code = await authorize(verifier);
    const res = await call('POST', '/api/social/x/token', {
      code,
      codeVerifier: crypto.randomBytes(32).toString('base64url'),
      redirectUri: REDIRECT,
      persona,
    });
    expect(res.status).toBe(400);
    expect(res.json().title).toBe('Exchange failed');
    // and the code is single-use: the right verifier now fails too
    const again = await call('POST', '/api/social/x/token', {
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
      persona,
    });
    expect(again.status).toBe(400);
  });

  it('validates the body: missing fields, short verifier, bad redirect URI, other persona', async () => {
    const v = crypto.randomBytes(32).toString('base64url');
    expect(
      (await call('POST', '/api/social/x/token', { codeVerifier: v, redirectUri: REDIRECT, persona })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/social/x/token', { code: 'c', codeVerifier: 'short', redirectUri: REDIRECT, persona }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/social/x/token', {
          code: 'c',
          codeVerifier: v,
          redirectUri: 'javascript:alert(1)',
          persona,
        })
      ).status,
    ).toBe(400);
    const other = await call('POST', '/api/social/x/token', {
      code: 'c',
      codeVerifier: v,
      redirectUri: REDIRECT,
      persona: 'Other',
    });
    expect(other.status).toBe(404);
    expect(other.type).toContain('application/problem+json');
  });

  it('wrong client credentials at X give a clear 502 naming X, tokens unchanged', async () => {
    const before = (await call('GET', `/api/social/x/${P()}/config`)).json();
    const saved = t.x.clientSecret;
    t.x.clientSecret = 'rotated-at-x-0000000000000000';
    try {
      const res = await connectX();
      expect(res.status).toBe(502);
      expect(res.json().detail).toContain('X rejected');
    } finally {
      t.x.clientSecret = saved;
    }
    const after = (await call('GET', `/api/social/x/${P()}/config`)).json();
    expect(after.accessToken).toBe(before.accessToken);
  });
});

describe('X account', () => {
  it('proxies users/me with the profile image', async () => {
    await connectX();
    const res = await call('GET', `/api/social/x/${P()}/account`);
    expect(res.status).toBe(200);
    expect(res.json().data).toEqual({
      id: t.x.user.id,
      name: t.x.user.name,
      username: t.x.user.username,
      profile_image_url: t.x.user.profile_image_url,
    });
  });

  it('refreshes once after a 401 and rotates the stored refresh token', async () => {
    await connectX();
    const refreshes = t.x.stats.refreshes;
    t.x.expireAccessTokens();
    const res = await call('GET', `/api/social/x/${P()}/account`);
    expect(res.status).toBe(200);
    expect(t.x.stats.refreshes).toBe(refreshes + 1);
    expect(t.x.stats.reusedRefreshTokens).toBe(0);
  });

  it('a 403 from X for a token without users.read is reported, not a 500', async () => {
    await connectX('tweet.read tweet.write offline.access');
    const res = await call('GET', `/api/social/x/${P()}/account`);
    expect(res.status).toBe(403);
    expect(res.type).toContain('application/problem+json');
  });

  it.each([
    ['rate-limit', 429, /resets at \d{4}-\d\d-\d\dT/],
    ['not-enrolled', 403, /access level \(client-not-enrolled\)/],
    ['server-error', 503, /X answered with a server error \(status 503\)/],
    ['hang', 504, /X did not answer within 1\.5 s/],
  ] as const)('X failure %s -> %i problem naming X and the cause; tokens kept', async (mode, status, detail) => {
    await connectX();
    const before = (await call('GET', `/api/social/x/${P()}/config`)).json();
    t.x.fail(mode, ['me']);
    const res = await call('GET', `/api/social/x/${P()}/account`);
    expect(res.status).toBe(status);
    expect(res.type).toContain('application/problem+json');
    const body = res.json();
    expect(body.detail).toMatch(detail);
    expect(body.title).toMatch(/^X /);
    if (mode === 'rate-limit') expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    const after = (await call('GET', `/api/social/x/${P()}/config`)).json();
    expect(after.accessToken).toBe(before.accessToken);
    expect(after.tokenPresent).toBe(true);
  });

  it('a revoked grant (invalid_grant on refresh) removes the stored tokens', async () => {
    await connectX();
    t.x.revokeAll();
    t.x.expireAccessTokens();
    const res = await call('GET', `/api/social/x/${P()}/account`);
    expect(res.status).toBe(502);
    expect(res.json().type).toBe('/problems/provider-token-revoked');
    expect((await call('GET', `/api/social/x/${P()}/config`)).json().tokenPresent).toBe(false);
  });

  it('without a stored token: 409 problem', async () => {
    const res = await call('GET', `/api/social/x/${P()}/account`);
    expect(res.status).toBe(409);
  });
});

describe('test publish to X', () => {
  it('posts the trimmed text with the link appended and answers the id as text', async () => {
    await connectX();
    const res = await call('POST', '/api/social/testpublish', {
      platform: 'x',
      message: '  Minister denies everything  ',
      persona: ` ${persona} `,
      link: ' https://example.com/a ',
    });
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    const post = t.x.posts.at(-1)!;
    expect(res.text).toBe(post.id);
    expect(post.text).toBe('Minister denies everything\nhttps://example.com/a');
  });

  it("an empty link is omitted; duplicate text -> 403 with X's words; over 280 -> 400", async () => {
    await connectX();
    const text = `Only once ${Date.now()}`;
    expect(
      (await call('POST', '/api/social/testpublish', { platform: 'x', message: text, persona, link: '  ' })).status,
    ).toBe(200);
    expect(t.x.posts.at(-1)!.text).toBe(text);
    const dup = await call('POST', '/api/social/testpublish', { platform: 'x', message: text, persona });
    expect(dup.status).toBe(403);
    expect(dup.json().detail).toContain('duplicate content');
    const long = await call('POST', '/api/social/testpublish', { platform: 'x', message: 'x'.repeat(281), persona });
    expect(long.status).toBe(400);
  });

  it('validation: blank message, unknown platform, bad link, other persona, no token', async () => {
    const blank = await call('POST', '/api/social/testpublish', { platform: 'x', message: '   ', persona });
    expect(blank.status).toBe(400);
    expect(blank.json().detail).toBe('Enter a message');
    expect(
      (await call('POST', '/api/social/testpublish', { platform: 'myspace', message: 'hi', persona })).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/social/testpublish', { platform: 'x', message: 'hi', persona, link: 'not a url' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/social/testpublish', { platform: 'x', message: 'hi', persona: 'Other' })).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/social/testpublish', { platform: 'x', message: 'hi', persona }, false)).status,
    ).toBe(401);
    const notJson = await fetch(`${t.baseUrl}/api/social/testpublish`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('content-type')).toContain('application/problem+json');
  });

  it('rate limit on posting -> 429 with the reset time', async () => {
    await connectX();
    t.x.fail('rate-limit', ['tweets']);
    const res = await call('POST', '/api/social/testpublish', {
      platform: 'x',
      message: `limited ${Date.now()}`,
      persona,
    });
    expect(res.status).toBe(429);
    expect(res.json().detail).toMatch(/resets at/);
  });
});

// Runs last (vitest runs a file's tests in the order they are written): over every response and log line above.
describe('secrets never leave in full', () => {
  const secrets = () => [t.x.clientSecret, t.fb.appSecret, ...t.x.issuedTokens, ...t.fb.issuedTokens];
  it('no response body of this file contains a client secret or an issued token', () => {
    expect(bodies.length).toBeGreaterThan(10);
    expect(t.x.issuedTokens.length).toBeGreaterThan(0);
    for (const s of secrets())
      for (const b of bodies) expect(b.includes(s), 'a response contained a secret').toBe(false);
  });
  it('no log line of this file contains a client secret or an issued token', () => {
    expect(t.logs.length).toBeGreaterThan(10);
    for (const s of secrets())
      for (const l of t.logs) expect(l.includes(s), 'a log line contained a secret').toBe(false);
  });
});
