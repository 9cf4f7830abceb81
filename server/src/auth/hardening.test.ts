import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HSTS } from '../plugins/security-headers.ts';
import { freePort, startTestApp, testConfig, type TestApp } from '../test-support/auth-test-app.ts';

/** A GET with a Host header of our choosing (fetch always sends the URL's own). */
function getWithHost(
  url: string,
  host: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
}

describe('sign-in hardening over HTTP', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  async function start(env: Record<string, string>) {
    const port = await freePort();
    t = await startTestApp(testConfig({ PORT: String(port), ...env }), { listen: true });
    return { origin: `http://127.0.0.1:${port}`, port };
  }

  it('the discovery document never follows a forged Host when PUBLIC_URL is set; cached; code flow only', async () => {
    const { origin } = await start({ PUBLIC_URL: 'https://news.example' });
    const res = await getWithHost(`${origin}/oidc/.well-known/openid-configuration`, 'evil.example');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const doc = JSON.parse(res.body) as Record<string, unknown>;
    expect(doc.issuer).toBe('https://news.example/oidc');
    expect(JSON.stringify(doc)).not.toContain('evil.example');
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint'])
      expect(String(doc[key])).toMatch(/^https?:\/\/news\.example\/oidc\//);
    expect(doc.response_types_supported).toEqual(['code']);
    const jwks = await getWithHost(`${origin}/oidc/jwks`, 'evil.example');
    expect(jwks.headers['cache-control']).toMatch(/max-age=\d+/);
  });

  it('API answers carry nosniff; HSTS only when a trusted proxy says https', async () => {
    const { origin } = await start({ PUBLIC_URL: 'https://news.example', TRUST_PROXY: '127.0.0.1' });
    const plain = await fetch(`${origin}/api/config/auth`);
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const news = await fetch(`${origin}/News`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(news.headers.get('x-content-type-options')).toBe('nosniff');
    expect(news.headers.get('strict-transport-security')).toBe(HSTS);
  });

  it('a client forging X-Forwarded-Proto without a trusted proxy gets no HSTS', async () => {
    const { origin } = await start({ PUBLIC_URL: 'https://news.example' });
    const res = await fetch(`${origin}/api/config/auth`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('without PUBLIC_URL, the admin area stays at the address it was opened at, and so does its sign-in', async () => {
    const { origin, port } = await start({ PUBLIC_URL: '' });
    const auth = (await (await fetch(`${origin}/api/config/auth`)).json()) as { authority: string };
    expect(auth.authority).toBe(`${origin}/oidc`);
    const admin = await fetch(`${origin}/admin/articles?x=1`, { redirect: 'manual' });
    expect(admin.status).not.toBe(302);
    const remote = await getWithHost(`${origin}/admin`, `10.0.0.5:${port}`);
    expect(remote.status).not.toBe(302);
    // The issuer (tokens' `iss`) is still one fixed value; the endpoints are at the request's address.
    const doc = JSON.parse(
      (await getWithHost(`${origin}/oidc/.well-known/openid-configuration`, `10.0.0.5:${port}`)).body,
    );
    expect(doc.issuer).toBe(`http://localhost:${port}/oidc`);
    expect(doc.authorization_endpoint).toBe(`http://10.0.0.5:${port}/oidc/auth`);
    // Public pages are never redirected.
    expect((await fetch(`${origin}/`, { redirect: 'manual' })).status).not.toBe(302);
  });

  it('the embedded database files are readable by their owner only', async () => {
    await start({});
    const dir = t!.config.dataDir;
    const file = path.join(dir, 'tabloid.db');
    if (t!.database.dialect !== 'sqlite') return;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
