import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MATRIX } from '../../test-support/tokens.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let authorization: string;
let persona: string;
const bodies: string[] = [];

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = { authorization: '' },
) {
  const h: Record<string, string> = { ...headers };
  if (h.authorization === '') h.authorization = authorization;
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: h,
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
const P = () => encodeURIComponent(persona);
const exchange = (token: string) =>
  call('POST', '/api/social/facebook/token/exchange', { shortLivedToken: token, persona });
const status = async () => (await call('GET', `/api/social/facebook/${P()}/token`)).json();

beforeAll(async () => {
  t = await createTestApp({ listen: true, fakeProviders: true, captureLogs: true });
  authorization = await t.bearer();
  persona = t.config.siteName;
});
afterEach(() => t.fb.fail(null));
afterAll(() => t.close());

describe('Facebook token', () => {
  it('no token at first', async () => {
    expect(await status()).toEqual({
      tokenPresent: false,
      expiresAtUtc: null,
      pageId: t.config.social.facebookPageId,
      pageName: null,
    });
  });

  it('exchanges a short-lived token (trimmed) for a page token with appsecret_proof and stores it; it does not expire', async () => {
    const res = await exchange(`  ${t.fb.issueShortLivedToken()}  `);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ expiresIn: null });
    expect(await status()).toEqual({
      tokenPresent: true,
      expiresAtUtc: null,
      pageId: t.config.social.facebookPageId,
      pageName: t.fb.pageName,
    });
    const rows = await t.database.db
      .withTables<{ social_tokens: { platform: string; access_token: string } }>()
      .selectFrom('social_tokens')
      .selectAll()
      .execute();
    const fbRow = rows.find((r) => r.platform === 'facebook')!;
    expect(fbRow.access_token.startsWith('v1.')).toBe(true);
    for (const token of t.fb.issuedTokens) expect(JSON.stringify(rows).includes(token)).toBe(false);
  });

  it('blank token -> 400 "Enter a short-term token"; unknown token -> 400 naming error 190; other persona -> 404', async () => {
    const blank = await exchange('   ');
    expect(blank.status).toBe(400);
    expect(blank.type).toContain('application/problem+json');
    expect(blank.json().detail).toBe('Enter a short-term token');
    const bad = await exchange('EAAnot-a-real-token');
    expect(bad.status).toBe(400);
    expect(bad.json().detail).toContain('error 190');
    const other = await call('POST', '/api/social/facebook/token/exchange', { shortLivedToken: 'x', persona: 'Other' });
    expect(other.status).toBe(404);
    expect((await call('GET', '/api/social/facebook/Other/token')).status).toBe(404);
  });

  it('a wrong app secret is rejected by Graph: clear 502, stored token untouched', async () => {
    await exchange(t.fb.issueShortLivedToken());
    // A second app whose FACEBOOK_APP_SECRET differs from its fake's.
    const wrong = await createTestApp({
      listen: true,
      fakeProviders: true,
      captureLogs: true,
      env: { FACEBOOK_APP_SECRET: 'wrong-secret-000000000000000' },
    });
    try {
      const res = await fetch(`${wrong.baseUrl}/api/social/facebook/token/exchange`, {
        method: 'POST',
        headers: { authorization: await wrong.bearer(), 'content-type': 'application/json' },
        body: JSON.stringify({ shortLivedToken: wrong.fb.issueShortLivedToken(), persona }),
      });
      expect(res.status).toBe(502);
      const body = (await res.json()) as { detail: string };
      expect(body.detail).toMatch(/Facebook rejected the request \(status 400, error 1\)/);
    } finally {
      await wrong.close();
    }
    expect((await status()).tokenPresent).toBe(true);
  });

  it('DELETE removes it: 204, then tokenPresent false', async () => {
    await exchange(t.fb.issueShortLivedToken());
    // as the admin fetch wrapper sends it: Content-Type application/json and no body
    const res = await fetch(`${t.baseUrl}/api/social/facebook/${P()}/token`, {
      method: 'DELETE',
      headers: { authorization, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(204);
    expect((await status()).tokenPresent).toBe(false);
    // Again, with nothing stored: 404 problem+json, not a pretended success.
    const again = await fetch(`${t.baseUrl}/api/social/facebook/${P()}/token`, {
      method: 'DELETE',
      headers: { authorization },
    });
    expect(again.status).toBe(404);
    expect(again.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await again.json()) as { detail: string }).detail).toMatch(/nothing was deleted/);
  });

  it.each([
    ['rate-limit', 429, /rate limit was reached \(error 4\)\. Access returns at about/],
    ['server-error', 502, /Facebook answered with a server error/],
    ['hang', 504, /Facebook did not answer within 1\.5 s/],
  ] as const)('exchange failure %s -> %i, nothing stored', async (mode, code, detail) => {
    await call('DELETE', `/api/social/facebook/${P()}/token`);
    t.fb.fail(mode);
    const res = await exchange(t.fb.issueShortLivedToken());
    expect(res.status).toBe(code);
    expect(res.json().detail).toMatch(detail);
    t.fb.fail(null);
    expect((await status()).tokenPresent).toBe(false);
  });
});

describe('Facebook page name in the token status', () => {
  it('names the page when connected, and reuses the name instead of asking Facebook on every read', async () => {
    await exchange(t.fb.issueShortLivedToken());
    const first = await call('GET', `/api/social/facebook/${P()}/token`);
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ tokenPresent: true, pageId: t.fb.pageId, pageName: t.fb.pageName });
    // Facebook failing now does not matter: the name read a moment ago is reused.
    t.fb.fail('server-error');
    expect((await status()).pageName).toBe(t.fb.pageName);
  });

  it.each(['revoked', 'expired', 'rate-limit', 'server-error', 'hang'] as const)(
    'Facebook refusing or failing (%s): 200 with pageName null, the page is named by its id',
    async (mode) => {
      await exchange(t.fb.issueShortLivedToken());
      const logsBefore = t.logs.length;
      if (mode === 'revoked') t.fb.revokePageTokens();
      else t.fb.fail(mode);
      const res = await call('GET', `/api/social/facebook/${P()}/token`);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({
        tokenPresent: true,
        expiresAtUtc: null,
        pageId: t.config.social.facebookPageId,
        pageName: null,
      });
      expect(t.logs.slice(logsBefore).some((l) => l.includes('Facebook page name could not be read'))).toBe(true);
    },
  );
});

describe('test publish to Facebook', () => {
  it('posts message and link to the page feed with the page token; answers "{page}_{post}"', async () => {
    await exchange(t.fb.issueShortLivedToken());
    const res = await call('POST', '/api/social/testpublish', {
      platform: 'facebook',
      message: ' Hello page ',
      persona,
      link: 'https://example.com/x',
    });
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    expect(res.text).toMatch(new RegExp(`^${t.fb.pageId}_\\d+$`));
    expect(t.fb.posts.at(-1)).toEqual({ id: res.text, message: 'Hello page', link: 'https://example.com/x' });
  });

  it('rate limit 4 -> 429 with when access returns; token kept', async () => {
    await exchange(t.fb.issueShortLivedToken());
    t.fb.fail('rate-limit');
    const res = await call('POST', '/api/social/testpublish', { platform: 'facebook', message: 'limited', persona });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(720);
    t.fb.fail(null);
    expect((await status()).tokenPresent).toBe(true);
  });

  it('error 190 on posting -> 502 naming the cause, and the revoked token is removed', async () => {
    await exchange(t.fb.issueShortLivedToken());
    t.fb.revokePageTokens();
    const res = await call('POST', '/api/social/testpublish', {
      platform: 'facebook',
      message: 'after revoke',
      persona,
    });
    expect(res.status).toBe(502);
    expect(res.json().detail).toContain('error 190');
    expect((await status()).tokenPresent).toBe(false);
  });

  it('without a stored page token -> 409 problem', async () => {
    await call('DELETE', `/api/social/facebook/${P()}/token`);
    const res = await call('POST', '/api/social/testpublish', {
      platform: 'facebook',
      message: 'nothing stored',
      persona,
    });
    expect(res.status).toBe(409);
    expect(res.type).toContain('application/problem+json');
  });
});

describe('every social route needs a verified editor token (TOKEN_MATRIX)', () => {
  const routes: [string, () => string, unknown?][] = [
    ['GET', () => `/api/social/x/${P()}/config`],
    [
      'POST',
      () => '/api/social/x/token',
      { code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: 'http://127.0.0.1:9/', persona: 'The Daily Smear' },
    ],
    ['GET', () => `/api/social/x/${P()}/account`],
    ['GET', () => `/api/social/facebook/${P()}/token`],
    ['POST', () => '/api/social/facebook/token/exchange', { shortLivedToken: 'x', persona: 'The Daily Smear' }],
    ['DELETE', () => `/api/social/facebook/${P()}/token`],
    ['POST', () => '/api/social/testpublish', { platform: 'x', message: 'hi', persona: 'The Daily Smear' }],
  ];
  for (const [name, make] of Object.entries(TOKEN_MATRIX)) {
    it(`${name}: 401 problem+json on every route`, async () => {
      const headers = await make(t.database, t.config);
      for (const [method, path, body] of routes) {
        const res = await call(method, path(), body, headers);
        expect(res.status, `${method} ${path()}`).toBe(401);
        expect(res.type).toContain('application/problem+json');
      }
    });
  }
});

describe('the social routes check the editor first and describe their answers', () => {
  it('an anonymous request is 401 before its body is looked at (an invalid body does not make it a 400)', async () => {
    for (const body of [{}, { platform: 'x' }]) {
      const res = await call('POST', '/api/social/testpublish', body, {});
      expect(res.status).toBe(401);
      expect(res.type).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 401, instance: '/api/social/testpublish' });
    }
    const notJson = await fetch(`${t.baseUrl}/api/social/x/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(notJson.status).toBe(401);
  });

  it('a signed-in editor with an invalid body gets the 400 problem naming the field', async () => {
    const res = await call('POST', '/api/social/testpublish', { platform: 'x', persona });
    expect(res.status).toBe(400);
    expect(res.type).toContain('application/problem+json');
    expect(res.json().detail).toContain('message');
  });

  it('every social route has a response schema in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const routes: [string, string, string][] = [
      ['/api/social/x/{persona}/config', 'get', '200'],
      ['/api/social/x/token', 'post', '200'],
      ['/api/social/x/{persona}/account', 'get', '200'],
      ['/api/social/facebook/{persona}/token', 'get', '200'],
      ['/api/social/facebook/token/exchange', 'post', '200'],
      ['/api/social/facebook/{persona}/token', 'delete', '204'],
      ['/api/social/testpublish', 'post', '200'],
    ];
    for (const [path, method, ok] of routes) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      expect(Object.keys(responses), `${method} ${path}`).toEqual(expect.arrayContaining([ok, '4XX', '5XX']));
    }
  });
});

// Runs last (vitest runs a file's tests in the order they are written): over every response and log line above.
describe('secrets never leave in full', () => {
  const secrets = () => [t.fb.appSecret, t.x.clientSecret, ...t.fb.issuedTokens];
  it('no response body of this file contains the app secret or an issued token', () => {
    expect(bodies.length).toBeGreaterThan(10);
    expect(t.fb.issuedTokens.length).toBeGreaterThan(0);
    for (const s of secrets())
      for (const b of bodies) expect(b.includes(s), 'a response contained a secret').toBe(false);
  });
  it('no log line of this file contains the app secret or an issued token', () => {
    expect(t.logs.length).toBeGreaterThan(10);
    for (const s of secrets())
      for (const l of t.logs) expect(l.includes(s), 'a log line contained a secret').toBe(false);
  });
});
