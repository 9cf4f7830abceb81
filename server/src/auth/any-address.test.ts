import http from 'node:http';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestApp, testConfig, TEST_ADMIN, type TestApp } from '../test-support/auth-test-app.ts';
import { codeFlow, pkce, viaAddress, type Fetch } from '../test-support/sign-in-http.ts';

/**
 * Without PUBLIC_URL, sign-in works at any address that reaches the server: here a network address
 * (192.0.2.10, the documentation range) and a host name, both sent in the Host header of requests to
 * the test server on 127.0.0.1. With PUBLIC_URL nothing follows the Host header.
 */
describe('built-in sign-in without PUBLIC_URL, at an address other than localhost', () => {
  let t: TestApp;
  let port: number;
  let listening: string;
  let send: Fetch;
  let origin: string;

  beforeAll(async () => {
    port = await freePort();
    t = await startTestApp(testConfig({ PORT: String(port), PUBLIC_URL: '' }), { listen: true });
    listening = `http://127.0.0.1:${port}`;
    send = viaAddress(listening);
    origin = `http://192.0.2.10:${port}`;
  });
  afterAll(() => t.close());

  it('the admin client is pointed at the provider at the address it was loaded from', async () => {
    const res = await send(`${origin}/api/config/auth`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { authority: string }).authority).toBe(`${origin}/oidc`);
    // The answer depends on Host: never kept by a shared cache for another address.
    expect(res.headers.get('cache-control')).toMatch(/private/);
    const named = await send(`http://newsroom.test:${port}/api/config/auth`);
    expect(((await named.json()) as { authority: string }).authority).toBe(`http://newsroom.test:${port}/oidc`);
  });

  it('discovery at that address lists its endpoints there, with the one fixed issuer, private to the browser', async () => {
    const res = await send(`${origin}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    expect(res.headers.get('vary')).toMatch(/\bHost\b/i);
    const doc = (await res.json()) as Record<string, string>;
    expect(doc.issuer).toBe(`http://localhost:${port}/oidc`);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint'])
      expect(doc[key].startsWith(`${origin}/oidc/`), `${key}: ${doc[key]}`).toBe(true);
  });

  it('a Host that is no host name gets a 400 problem from the provider, not a 500', async () => {
    for (const host of ['a:b:c', 'evil example', 'x/y']) {
      const res = await new Promise<{ status: number; type: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/oidc/.well-known/openid-configuration', headers: { host } }, (r) => {
            r.resume();
            resolve({ status: r.statusCode ?? 0, type: String(r.headers['content-type']) });
          })
          .on('error', reject);
      });
      expect(res, host).toEqual({ status: 400, type: expect.stringContaining('application/problem+json') });
    }
  });

  it('signs in with code + PKCE entirely at that address; the API accepts the token', async () => {
    const flow = codeFlow({ origin, fetch: send, pageOrigin: origin });
    const { verifier, challenge } = pkce();
    const start = await flow.get(flow.authorizeUrl(challenge, { prompt: 'select_account' }));
    expect(start.status).toBe(303);
    const interaction = start.headers.get('location')!;
    expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect((await flow.get(interaction)).status).toBe(200);
    const done = await flow.postForm(`${interaction}/login`, TEST_ADMIN);
    expect(done.status).toBe(303);
    const resume = done.headers.get('location')!;
    expect(resume.startsWith(`${origin}/oidc/`), resume).toBe(true);
    const back = await flow.follow(done);
    const callback = new URL(back.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}/admin/auth/callback`);
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    // The page posts to the token endpoint from its own origin (CORS allows exactly that one).
    const tokenRes = await flow.exchange(code, verifier);
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { access_token: string; refresh_token: string };
    // One issuer and audience for every address: what the API verifies.
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: `http://localhost:${port}/oidc`,
      aud: `http://localhost:${port}/api`,
      scope: 'api:editor',
      preferred_username: TEST_ADMIN.username,
    });
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const api = await send(`${origin}/test/protected`, { headers: bearer });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { editor: { username: string } }).editor.username).toBe(TEST_ADMIN.username);
    // A bearer token is not tied to an address: the same token works at localhost too.
    expect((await send(`http://localhost:${port}/test/protected`, { headers: bearer })).status).toBe(200);

    // Silent renewal at that address: the refresh token, and prompt=none back to /admin/auth/silent.
    expect((await flow.refresh(tokens.refresh_token)).status).toBe(200);
    const silent = await flow.follow(
      await flow.get(
        flow.authorizeUrl(pkce().challenge, { prompt: 'none', redirect_uri: `${origin}/admin/auth/silent` }),
      ),
    );
    const silentAt = new URL(silent.headers.get('location')!);
    expect(`${silentAt.origin}${silentAt.pathname}`).toBe(`${origin}/admin/auth/silent`);
    expect(silentAt.searchParams.get('code')).toBeTruthy();

    // Sign-out returns to the admin callback at that address.
    const { id_token: idToken } = await flow.signIn(TEST_ADMIN);
    const confirm = await flow.get(
      `/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`${origin}/admin/auth/callback`)}`,
    );
    expect(confirm.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await confirm.text())?.[1];
    const out = await flow.postForm('/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(`${origin}/admin/auth/callback`);
  });

  it('sends codes and sign-outs back only to the address the browser is at, and only to the client paths', async () => {
    const flow = codeFlow({ origin, fetch: send });
    // Signed in first, so a code would be issued at once if the redirect URI were accepted.
    await flow.signIn(TEST_ADMIN);
    for (const redirectUri of [
      `http://evil.example:${port}/admin/auth/callback`,
      `http://localhost.evil.example/admin/auth/callback`,
      `${origin}/admin/other`,
      `${origin}/admin/auth/callback?next=x`,
      `https://192.0.2.10:${port}/admin/auth/callback`,
    ]) {
      const res = await flow.get(flow.authorizeUrl(pkce().challenge, { redirect_uri: redirectUri }));
      const location = res.headers.get('location') ?? '';
      expect(location.startsWith(redirectUri.split('?')[0]), `${redirectUri} -> ${res.status} ${location}`).toBe(false);
      expect(res.status, redirectUri).toBe(400);
      expect(await res.text()).toContain('redirect_uri');
    }
    const { id_token: idToken } = await flow.signIn(TEST_ADMIN);
    const logout = await flow.get(
      `/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`http://evil.example:${port}/admin/auth/callback`)}`,
    );
    expect(logout.status).toBe(400);
  });

  it('refuses a token request from a page at another origin', async () => {
    const flow = codeFlow({ origin, fetch: send, pageOrigin: 'http://evil.example' });
    const tokens = await codeFlow({ origin, fetch: send }).signIn(TEST_ADMIN);
    const res = await flow.refresh(tokens.refresh_token!);
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await res.json()) as { error_description: string }).error_description).toMatch(/origin .* not allowed/);
  });

  it('opens the admin area at any address without moving it elsewhere', async () => {
    for (const host of [`127.0.0.1:${port}`, `192.0.2.10:${port}`, `[::1]:${port}`]) {
      const res = await send(`http://${host}/admin/articles?x=1`, { redirect: 'manual' });
      expect(res.status, host).not.toBe(302);
    }
  });
});

describe('built-in sign-in with PUBLIC_URL: nothing follows the Host header', () => {
  let t: TestApp;
  let send: Fetch;
  const forged = 'http://evil.example';

  beforeAll(async () => {
    const port = await freePort();
    t = await startTestApp(testConfig({ PORT: String(port), PUBLIC_URL: 'https://news.example' }), { listen: true });
    send = viaAddress(`http://127.0.0.1:${port}`);
  });
  afterAll(() => t.close());

  it('the admin client is always pointed at PUBLIC_URL', async () => {
    const res = await send(`${forged}/api/config/auth`);
    expect(((await res.json()) as { authority: string }).authority).toBe('https://news.example/oidc');
  });

  it('a redirect URI at the forged address is refused', async () => {
    const flow = codeFlow({ origin: forged, fetch: send });
    const res = await flow.get(flow.authorizeUrl(pkce().challenge));
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const ok = codeFlow({ origin: 'https://news.example', fetch: send });
    const start = await ok.get(ok.authorizeUrl(pkce().challenge));
    expect(start.status).toBe(303);
  });

  it('a token request from a page at the forged address gets no CORS answer', async () => {
    const res = await send(`${forged}/oidc/token`, {
      method: 'POST',
      headers: { origin: forged, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'tabloid-admin' }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
