import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintTestToken, TEST_EDITOR, TOKEN_MATRIX } from '../test-support/tokens.ts';
import { ACCESS_ENDS_WITHIN_SECONDS, ACCESS_TOKEN_TTL_SECONDS } from './settings.ts';
import { startTestApp, testConfig, type TestApp } from '../test-support/auth-test-app.ts';

describe('app.requireEditor with the built-in provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());

  it('accepts a valid token and sets request.editor', async () => {
    const token = await mintTestToken(t.database, t.config);
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      editor: { subject: TEST_EDITOR.sub, name: TEST_EDITOR.name, username: TEST_EDITOR.preferred_username },
    });
  });

  it('accepts a token within the 60 s clock tolerance', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mintTestToken(t.database, t.config, { iat: now - 3630, exp: now - 30 });
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a built-in token once ACCESS_ENDS_WITHIN_SECONDS have passed since it was issued, tolerance included', async () => {
    const now = Math.floor(Date.now() / 1000);
    const issued = now - ACCESS_ENDS_WITHIN_SECONDS;
    const token = await mintTestToken(t.database, t.config, { iat: issued, exp: issued + ACCESS_TOKEN_TTL_SECONDS });
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(ACCESS_ENDS_WITHIN_SECONDS).toBe(300);
  });

  for (const [name, make] of Object.entries(TOKEN_MATRIX)) {
    it(`rejects ${name} with 401 problem+json`, async () => {
      const headers = await make(t.database, t.config);
      const res = await t.app.inject({ url: '/test/protected', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
      if (headers.authorization && name !== 'empty bearer') {
        expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
      }
      const body = res.json();
      expect(body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
      expect(typeof body.detail).toBe('string');
      // The token never comes back.
      const token = headers.authorization?.split(' ')[1];
      if (token) expect(res.body).not.toContain(token);
    });
  }

  it('refuses a valid token without the API scope with 403', async () => {
    const token = await mintTestToken(t.database, t.config, { scope: 'openid profile' });
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['www-authenticate']).toContain('error="insufficient_scope"');
  });

  it('GET /api/config/auth describes the built-in provider without secrets', async () => {
    const res = await t.app.inject({ url: '/api/config/auth' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'builtin',
      authority: 'http://127.0.0.1:3299/oidc',
      clientId: 'tabloid-admin',
      scope: 'api:editor',
      loginButtonLabel: 'Sign In with Microsoft',
      redirectPath: '/admin/auth/callback',
      silentRedirectPath: '/admin/auth/silent',
      postLogoutRedirectPath: '/admin/auth/callback',
    });
  });

  it('publishes the signing key (public part only) in the JWKS', async () => {
    const res = await t.app.inject({ url: '/oidc/jwks' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(keys[0]).not.toHaveProperty(secret);
  });
});

describe('EDITOR_ALLOWLIST', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testConfig({ EDITOR_ALLOWLIST: ' Chief , 42 ' }));
  });
  afterAll(() => t.close());

  it('lets a listed username in (case-insensitive)', async () => {
    const token = await mintTestToken(t.database, t.config, { preferred_username: 'chief', sub: '7' });
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('lets a listed subject in', async () => {
    const token = await mintTestToken(t.database, t.config, { preferred_username: 'someone', sub: '42' });
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses other signed-in accounts with 403 problem+json', async () => {
    const token = await mintTestToken(t.database, t.config, { preferred_username: 'intern', sub: '8' });
    const res = await t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 403,
      title: 'Forbidden',
      detail: 'This account is not on the list of editors.',
    });
  });
});

describe('restart', () => {
  it('keeps the signing key: a token issued before a restart still verifies after it', async () => {
    const config = testConfig();
    const first = await startTestApp(config);
    const token = await mintTestToken(first.database, config);
    const jwks1 = (await first.app.inject({ url: '/oidc/jwks' })).json();
    await first.close();

    const second = await startTestApp(testConfig({ DATA_DIR: config.dataDir }));
    try {
      const jwks2 = (await second.app.inject({ url: '/oidc/jwks' })).json();
      expect(jwks2).toEqual(jwks1);
      const res = await second.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
