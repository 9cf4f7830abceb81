import { createHash } from 'node:crypto';
import { decodeProtectedHeader, decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditorsRepository } from '../repositories/editors-repository.ts';
import { freePort, startTestApp, testConfig, TEST_ADMIN, type TestApp } from '../test-support/auth-test-app.ts';
import { codeFlow, Jar, pkce } from '../test-support/sign-in-http.ts';
import { CLOCK_TOLERANCE_SECONDS } from './settings.ts';

describe('sign-in through the built-in provider over HTTP (code + PKCE)', () => {
  let t: TestApp;
  let origin: string;
  const jar = new Jar();
  let flow: ReturnType<typeof codeFlow>;
  const get = (path: string) => flow.get(path);
  const postForm = (path: string, form: Record<string, string>) => flow.postForm(path, form);
  const authorizeUrl = (challenge: string, extra?: Record<string, string>) => flow.authorizeUrl(challenge, extra);
  const follow = (res: Response) => flow.follow(res);
  const exchange = (code: string, verifier: string) => flow.exchange(code, verifier);
  /** A complete sign-in from any state (login page when there is no session). */
  const signIn = () => flow.signIn(TEST_ADMIN);

  beforeAll(async () => {
    const port = await freePort();
    t = await startTestApp(testConfig({ PORT: String(port) }), { listen: true });
    origin = `http://127.0.0.1:${port}`;
    flow = codeFlow({ origin, jar });
  });
  afterAll(() => t.close());

  let tokens: { access_token: string; refresh_token?: string; id_token: string; token_type: string };

  it('signs in: authorize -> login page -> wrong password -> right password -> code -> tokens', async () => {
    const { challenge } = pkce();
    const start = await get(authorizeUrl(challenge, { prompt: 'select_account' }));
    expect(start.status).toBe(303);
    const interaction = start.headers.get('location')!;
    expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    const page = await get(interaction);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain(`action="${interaction}/login"`);
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('The Daily Smear');
    expect(html).not.toMatch(/<script/i);

    const css = await get('/oidc/assets/login.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);

    const wrong = await postForm(`${interaction}/login`, {
      username: TEST_ADMIN.username,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('Wrong username or password.');
    expect(wrongHtml).toContain(`value="${TEST_ADMIN.username}"`);
    expect(wrongHtml).not.toContain('not the password');

    const ok = await postForm(`${interaction}/login`, {
      username: TEST_ADMIN.username.toUpperCase(),
      password: TEST_ADMIN.password,
    });
    expect(ok.status).toBe(303);
    const back = await follow(ok);
    const callback = new URL(back.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${origin}/admin/auth/callback`);
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(`${origin}/oidc`);

    // PKCE is enforced: the code is useless without its verifier.
    const noVerifier = await exchange(code, pkce().verifier);
    expect(noVerifier.status).toBe(400);
    expect((await noVerifier.json()).error).toBe('invalid_grant');
  });

  it('issues an RS256 at+jwt access token for the API that app.requireEditor accepts', async () => {
    const { verifier, challenge } = pkce();
    const res = await follow(await get(authorizeUrl(challenge)));
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    expect(code, 'the session signs in again without the login page').toBeTruthy();
    const tokenRes = await exchange(code, verifier);
    expect(tokenRes.status).toBe(200);
    tokens = await tokenRes.json();
    expect(tokens.token_type).toBe('Bearer');
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: `${origin}/oidc`,
      aud: `${origin}/api`,
      scope: 'api:editor',
      preferred_username: 'chief',
      client_id: 'tabloid-admin',
    });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ preferred_username: 'chief', name: 'chief' });

    const api = await fetch(`${origin}/test/protected`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ editor: { subject: String(claims.sub), name: 'chief', username: 'chief' } });
  });

  it('renews with the refresh token (rotating) and with prompt=none (the silent iframe path)', async () => {
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: 'tabloid-admin',
      }),
    });
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const api = await fetch(`${origin}/test/protected`, { headers: { authorization: `Bearer ${next.access_token}` } });
    expect(api.status).toBe(200);

    const { challenge } = pkce();
    const silent = await follow(
      await get(authorizeUrl(challenge, { prompt: 'none', redirect_uri: `${origin}/admin/auth/silent` })),
    );
    const loc = new URL(silent.headers.get('location')!);
    expect(loc.pathname).toBe('/admin/auth/silent');
    expect(loc.searchParams.get('code')).toBeTruthy();
  });

  it('stores codes and refresh tokens only as SHA-256 hashes of their value, and they still work', async () => {
    const hashOf = (value: string) => `sha256:${createHash('sha256').update(value).digest('base64url')}`;
    const stored = async () =>
      (await (t.database.db as Kysely<any>)
        .selectFrom('oidc_payloads')
        .select(['kind', 'id', 'payload'])
        .execute()) as { kind: string; id: string; payload: string }[];
    const { verifier, challenge } = pkce();
    const res = await follow(await get(authorizeUrl(challenge)));
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    expect(code).toBeTruthy();
    let rows = await stored();
    expect(rows.some((r) => r.kind === 'AuthorizationCode' && r.id === hashOf(code))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(code);

    const fresh = await (await exchange(code, verifier)).json();
    rows = await stored();
    expect(rows.some((r) => r.kind === 'RefreshToken' && r.id === hashOf(fresh.refresh_token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(fresh.refresh_token);
    expect(JSON.stringify(rows)).not.toContain(code);

    // The refresh token is found by its hash; the code is spent (consumed by hash).
    const refreshed = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: fresh.refresh_token,
        client_id: 'tabloid-admin',
      }),
    });
    expect(refreshed.status).toBe(200);
    expect(JSON.stringify(await stored())).not.toContain((await refreshed.json()).refresh_token);
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('prompt=select_account shows the login page again, naming the signed-in editor', async () => {
    const { challenge } = pkce();
    const start = await get(authorizeUrl(challenge, { prompt: 'select_account' }));
    expect(start.status).toBe(303);
    const page = await get(start.headers.get('location')!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Signed in as <strong>chief</strong>');
    expect(html).toContain('name="password"');
  });

  it('answers prompt=consent for the first-party client without a consent screen', async () => {
    const { verifier, challenge } = pkce();
    const start = await get(authorizeUrl(challenge, { prompt: 'consent' }));
    expect(start.headers.get('location')).toMatch(/^\/oidc\/interaction\//);
    const auto = await get(start.headers.get('location')!);
    expect(auto.status).toBe(303);
    const res = await follow(auto);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const tokenRes = await exchange(code, verifier);
    expect(tokenRes.status).toBe(200);
  });

  it('locks a name after repeated wrong passwords: 429 with Retry-After on the login page', async () => {
    const start = await get(authorizeUrl(pkce().challenge, { prompt: 'login' }));
    const interaction = start.headers.get('location')!;
    for (let i = 0; i < 5; i++) {
      const r = await postForm(`${interaction}/login`, { username: 'mallory', password: `guess-${i}` });
      expect(r.status).toBe(401);
    }
    const locked = await postForm(`${interaction}/login`, { username: 'mallory', password: 'guess-6' });
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The wait counts from the fifth failure: '1 minute', or a few seconds less when the machine is slow.
    expect(await locked.text()).toMatch(/Too many failed sign-in attempts\. Try again in (1 minute|\d\d seconds)\./);
  });

  it('a name holding a control character is a wrong sign-in (400), never a 500 on PostgreSQL', async () => {
    const start = await get(authorizeUrl(pkce().challenge, { prompt: 'login' }));
    const interaction = start.headers.get('location')!;
    for (const username of ['chief\u0000', 'a\u0001b']) {
      const r = await postForm(`${interaction}/login`, { username, password: 'whatever password' });
      expect(r.status).toBe(400);
      expect(await r.text()).toContain('Wrong username or password.');
    }
  });

  it('refuses an authorization request without PKCE', async () => {
    const q = new URLSearchParams({
      client_id: 'tabloid-admin',
      response_type: 'code',
      redirect_uri: `${origin}/admin/auth/callback`,
      scope: 'openid api:editor',
      state: 'x',
    });
    const res = await get(`/oidc/auth?${q}`);
    const loc = new URL(res.headers.get('location')!);
    expect(loc.searchParams.get('error')).toBe('invalid_request');
  });

  it('signs out after a styled confirmation without inline scripts', async () => {
    const { id_token: idToken } = await signIn();
    const res = await get(
      `/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`${origin}/admin/auth/callback`)}`,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Yes, sign me out');
    expect(html).toContain('Sign out of the newsroom of The Daily Smear on this browser.');
    expect(html).not.toContain('the The');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('fonts.googleapis.com');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();
    const done = await postForm('/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${origin}/admin/auth/callback`);
    const silent = await follow(await get(authorizeUrl(pkce().challenge, { prompt: 'none' })));
    expect(new URL(silent.headers.get('location')!).searchParams.get('error')).toBe('login_required');
  });

  const refresh = (refreshToken: string) => flow.refresh(refreshToken);

  it('access tokens end within 5 minutes, clock tolerance included; after sign-out the refresh token renews nothing', async () => {
    const fresh = await signIn();
    const claims = decodeJwt(fresh.access_token);
    expect(claims.exp! - claims.iat! + CLOCK_TOLERANCE_SECONDS).toBeLessThanOrEqual(300);
    expect(fresh.refresh_token).toBeTruthy();
    const page = await get(`/oidc/session/end?id_token_hint=${fresh.id_token}`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
    expect((await postForm('/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' })).status).toBeLessThan(400);
    expect((await refresh(fresh.refresh_token!)).status).toBe(400);
  });

  it('a removed editor cannot renew (so access ends within 5 minutes, tolerance included)', async () => {
    const editors = new EditorsRepository(t.database);
    await editors.create({ username: 'leaver', password: 'leaver password 1' });
    const { verifier, challenge } = pkce();
    const start = await get(authorizeUrl(challenge, { prompt: 'login' }));
    const loc = start.headers.get('location')!;
    await get(loc);
    const res = await follow(await postForm(`${loc}/login`, { username: 'leaver', password: 'leaver password 1' }));
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const tokens = (await (await exchange(code, verifier)).json()) as { refresh_token: string };
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
    const again = (await (await exchange(code, verifier)).json()) as { error?: string };
    expect(again.error).toBeTruthy();
    await editors.remove('leaver');
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
    jar.cookies.clear(); // the next test signs in as chief from a fresh browser
  });
  it('a password reset (revokeSignIns) ends the session and the refresh tokens', async () => {
    const fresh = await signIn();
    const editors = new EditorsRepository(t.database);
    const chief = (await editors.findCredentials('chief'))!;
    expect(await editors.revokeSignIns(chief.id)).toBeGreaterThan(0);
    const refreshed = await refresh(fresh.refresh_token!);
    expect(refreshed.status).toBe(400);
    const silent = await follow(await get(authorizeUrl(pkce().challenge, { prompt: 'none' })));
    expect(new URL(silent.headers.get('location')!).searchParams.get('error')).toBe('login_required');
  });
});
