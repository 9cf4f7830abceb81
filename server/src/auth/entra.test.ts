import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { loadAuthConfig, type EntraConfig } from './config.ts';
import { createTokenVerifier, entraRules } from './token-verifier.ts';
import { writeFakeDist } from '../test-support/fake-web-dist.ts';
import { startTestApp, tempDir, testConfig } from '../test-support/auth-test-app.ts';

const TENANT = '11111111-2222-3333-4444-555555555555';
const API_ID = '99999999-8888-7777-6666-555555555555';
const ENTRA_ENV = {
  ENTRA_TENANT_ID: TENANT,
  ENTRA_CLIENT_ID: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
  ENTRA_API_SCOPE: `api://${API_ID}/access_as_user`,
  ENTRA_API_AUDIENCE: API_ID,
};

describe('Entra ID configuration', () => {
  it('needs all four ENTRA_* variables and names the missing ones', () => {
    const problems: string[] = [];
    loadAuthConfig({ ENTRA_TENANT_ID: TENANT, ENTRA_CLIENT_ID: 'x' }, problems);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('missing: ENTRA_API_SCOPE, ENTRA_API_AUDIENCE');
    expect(() => testConfig({ ENTRA_TENANT_ID: TENANT })).toThrow(ConfigError);
  });

  it('reads the token version and the role switch, and checks them', () => {
    const problems: string[] = [];
    const auth = loadAuthConfig(
      { ...ENTRA_ENV, ENTRA_TOKEN_VERSION: '1', ENTRA_REQUIRE_EDITOR_ROLE: 'true', EDITOR_ALLOWLIST: 'A@x.com, ,B' },
      problems,
    );
    expect(problems).toEqual([]);
    expect(auth.entra).toMatchObject({
      tenantId: TENANT,
      tokenVersion: 1,
      requireEditorRole: true,
      apiAudience: API_ID,
    });
    expect(auth.editorAllowlist).toEqual(['a@x.com', 'b']);
    const bad: string[] = [];
    loadAuthConfig({ ...ENTRA_ENV, ENTRA_TOKEN_VERSION: '3', ENTRA_REQUIRE_EDITOR_ROLE: 'maybe' }, bad);
    expect(bad).toHaveLength(2);
    const none: string[] = [];
    expect(loadAuthConfig({}, none).entra).toBeNull();
    expect(none).toEqual([]);
  });

  it('refuses a short ADMIN_PASSWORD and a bad ADMIN_USERNAME', () => {
    const problems: string[] = [];
    loadAuthConfig({ ADMIN_USERNAME: 'no spaces allowed', ADMIN_PASSWORD: 'short' }, problems);
    expect(problems).toHaveLength(2);
  });

  it('GET /api/config/auth describes Entra ID and mounts no built-in provider', async () => {
    const web = await writeFakeDist(tempDir('entra-web-'));
    const t = await startTestApp(testConfig({ ...ENTRA_ENV, WEB_DIST_DIR: web }));
    try {
      const res = await t.app.inject({ url: '/api/config/auth' });
      expect(res.json()).toEqual({
        provider: 'entra',
        authority: `https://login.microsoftonline.com/${TENANT}/v2.0`,
        clientId: ENTRA_ENV.ENTRA_CLIENT_ID,
        scope: ENTRA_ENV.ENTRA_API_SCOPE,
        loginButtonLabel: 'Sign In with Microsoft',
        redirectPath: '/admin/auth/callback',
        silentRedirectPath: '/admin/auth/silent',
        postLogoutRedirectPath: '/admin/auth/callback',
      });
      const oidc = await t.app.inject({ url: '/oidc/.well-known/openid-configuration' });
      expect(oidc.statusCode).toBe(404);
      const api = await t.app.inject({ url: '/test/protected' });
      expect(api.statusCode).toBe(401);
      // The admin page reaches Entra ID itself: its policy allows that origin, and only for fetches and frames.
      const csp = String((await t.app.inject({ url: '/admin' })).headers['content-security-policy']);
      expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/login\.microsoftonline\.com/);
      expect(csp).toMatch(/frame-src 'self'[^;]* https:\/\/login\.microsoftonline\.com/);
      expect(csp).not.toMatch(/script-src[^;]*microsoftonline/);
    } finally {
      await t.close();
    }
  });
});

describe('Entra ID access tokens, verified against a JWKS served over HTTP', () => {
  let server: http.Server;
  let jwksUrl: string;
  let key: CryptoKey;
  let other: CryptoKey;
  const kid = 'entra-test-key';

  beforeAll(async () => {
    ({ privateKey: key } = await generateKeyPair('RS256', { extractable: true }));
    const pub = await generateKeyPair('RS256', { extractable: true });
    other = pub.privateKey;
    const jwk: JWK = { ...(await exportJWK(key)), kid, use: 'sig' };
    const publicJwk = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, use: 'sig' };
    server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [publicJwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${TENANT}/discovery/v2.0/keys`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const entra = (over: Partial<EntraConfig> = {}): EntraConfig => ({
    tenantId: TENANT,
    clientId: ENTRA_ENV.ENTRA_CLIENT_ID,
    apiScope: ENTRA_ENV.ENTRA_API_SCOPE,
    apiAudience: API_ID,
    tokenVersion: 2,
    requireEditorRole: false,
    ...over,
  });
  const v2 = {
    iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
    aud: API_ID,
    ver: '2.0',
    scp: 'access_as_user',
    oid: 'oid-1',
    sub: 'pairwise-sub',
    name: 'Ann Editor',
    preferred_username: 'ann@example.com',
    tid: TENANT,
  };
  async function token(claims: Record<string, unknown>, signWith: CryptoKey = key) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, nbf: now, exp: now + 3600, ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .sign(signWith);
  }

  it('accepts a v2 token with the API scope and maps the editor from oid / preferred_username', async () => {
    const verify = createTokenVerifier(entraRules(entra(), jwksUrl), { editorAllowlist: [] });
    const r = await verify(await token(v2));
    expect(r).toMatchObject({
      ok: true,
      editor: { subject: 'oid-1', name: 'Ann Editor', username: 'ann@example.com' },
    });
  });

  it('rejects another signer, a v1 issuer, another audience and a wrong version (401)', async () => {
    const verify = createTokenVerifier(entraRules(entra(), jwksUrl), { editorAllowlist: [] });
    for (const t of [
      await token(v2, other),
      await token({ ...v2, iss: `https://sts.windows.net/${TENANT}/` }),
      await token({ ...v2, aud: 'api://someone-else' }),
      await token({ ...v2, ver: '1.0' }),
    ]) {
      expect(await verify(t)).toMatchObject({ ok: false, status: 401, error: 'invalid_token' });
    }
  });

  it('accepts v1 tokens when ENTRA_TOKEN_VERSION=1 (sts.windows.net issuer, upn)', async () => {
    const verify = createTokenVerifier(
      entraRules(entra({ tokenVersion: 1, apiAudience: `api://${API_ID}` }), jwksUrl),
      { editorAllowlist: [] },
    );
    const r = await verify(
      await token({
        ...v2,
        iss: `https://sts.windows.net/${TENANT}/`,
        aud: `api://${API_ID}`,
        ver: '1.0',
        preferred_username: undefined,
        upn: 'bob@example.com',
      }),
    );
    expect(r).toMatchObject({ ok: true, editor: { username: 'bob@example.com' } });
  });

  it('needs the API scope in scp (403 otherwise)', async () => {
    const verify = createTokenVerifier(entraRules(entra(), jwksUrl), { editorAllowlist: [] });
    expect(await verify(await token({ ...v2, scp: 'User.Read' }))).toMatchObject({
      ok: false,
      status: 403,
      error: 'insufficient_scope',
    });
  });

  it('with ENTRA_REQUIRE_EDITOR_ROLE, needs the Editor app role (403 otherwise)', async () => {
    const verify = createTokenVerifier(entraRules(entra({ requireEditorRole: true }), jwksUrl), {
      editorAllowlist: [],
    });
    expect(await verify(await token(v2))).toMatchObject({ ok: false, status: 403 });
    expect(await verify(await token({ ...v2, roles: ['Reader'] }))).toMatchObject({ ok: false, status: 403 });
    expect(await verify(await token({ ...v2, roles: ['Editor'] }))).toMatchObject({ ok: true });
  });

  it('EDITOR_ALLOWLIST matches object ids or usernames (403 otherwise)', async () => {
    const verify = createTokenVerifier(entraRules(entra(), jwksUrl), { editorAllowlist: ['oid-2', 'ann@example.com'] });
    expect(await verify(await token(v2))).toMatchObject({ ok: true });
    expect(await verify(await token({ ...v2, preferred_username: 'carl@example.com', oid: 'oid-2' }))).toMatchObject({
      ok: true,
    });
    expect(await verify(await token({ ...v2, preferred_username: 'dan@example.com', oid: 'oid-3' }))).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});
