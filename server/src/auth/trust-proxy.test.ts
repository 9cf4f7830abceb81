import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/index.ts';
import { IP_LOCK_AFTER } from './login-throttle.ts';
import { freePort, startTestApp, testConfig, type TestApp } from '../test-support/auth-test-app.ts';

const FORGED = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

/** The real app plus GET /test/whoami answering what Fastify believes about the client. */
async function whoamiApp(trustProxy: string) {
  const config = testConfig({ TRUST_PROXY: trustProxy });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  app.get('/test/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
  await app.ready();
  const whoami = async (remoteAddress: string, headers: Record<string, string>) =>
    (await app.inject({ url: '/test/whoami', remoteAddress, headers })).json() as {
      ip: string;
      protocol: string;
      host: string;
    };
  return {
    whoami,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

describe('TRUST_PROXY: whose X-Forwarded-* headers count', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('unset: a forged X-Forwarded-For/-Proto/-Host changes nothing', async () => {
    const a = await whoamiApp('');
    close = a.close;
    expect(await a.whoami('198.51.100.4', FORGED)).toEqual({
      ip: '198.51.100.4',
      protocol: 'http',
      host: 'localhost:80',
    });
  });

  it('a list: only the listed proxy is believed', async () => {
    const a = await whoamiApp('10.0.0.0/8');
    close = a.close;
    expect(await a.whoami('10.1.2.3', FORGED)).toEqual({ ip: '203.0.113.9', protocol: 'https', host: 'evil.example' });
    expect(await a.whoami('198.51.100.4', FORGED)).toEqual({
      ip: '198.51.100.4',
      protocol: 'http',
      host: 'localhost:80',
    });
    // A client's own X-Forwarded-For entry in front of the proxy's is not believed.
    expect((await a.whoami('10.1.2.3', { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' })).ip).toBe('203.0.113.9');
  });

  it('a hop count: the address the nearest N hops saw', async () => {
    const a = await whoamiApp('1');
    close = a.close;
    expect((await a.whoami('10.1.2.3', { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' })).ip).toBe('203.0.113.9');
  });
});

function pkceChallenge() {
  return createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
}

describe('the per-IP login throttle and the provider behind TRUST_PROXY (over HTTP)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(env: Record<string, string>) {
    const port = await freePort();
    t = await startTestApp(testConfig({ PORT: String(port), ...env }), { listen: true });
    return `http://127.0.0.1:${port}`;
  }

  async function authorize(origin: string, publicOrigin: string, headers: Record<string, string> = {}) {
    const q = new URLSearchParams({
      client_id: 'tabloid-admin',
      response_type: 'code',
      redirect_uri: `${publicOrigin}/admin/auth/callback`,
      scope: 'openid profile api:editor',
      code_challenge: pkceChallenge(),
      code_challenge_method: 'S256',
      state: 's',
    });
    return fetch(`${origin}/oidc/auth?${q}`, { redirect: 'manual', headers });
  }

  it('unset: changing a forged X-Forwarded-For on every attempt does not dodge the per-IP lock', async () => {
    const origin = await start({});
    const res = await authorize(origin, origin);
    const interaction = res.headers.get('location')!;
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const attempt = (i: number) =>
      fetch(`${origin}${interaction}/login`, {
        method: 'POST',
        redirect: 'manual',
        // A new username each time (no per-name lock) and a new forged client address each time.
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        body: new URLSearchParams({ username: `guesser-${i}`, password: 'wrong' }),
      });
    for (let i = 0; i < IP_LOCK_AFTER; i++) expect((await attempt(i)).status).toBe(401);
    const locked = await attempt(IP_LOCK_AFTER);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many failed sign-in attempts.');
  });

  it('secure cookies: only when a trusted proxy says https; a client forging X-Forwarded-Proto gets none', async () => {
    const publicOrigin = 'https://news.example';
    const secureCookies = async (env: Record<string, string>) => {
      const origin = await start({ PUBLIC_URL: publicOrigin, ...env });
      const res = await authorize(origin, publicOrigin, FORGED);
      expect(res.status).toBe(303);
      const cookies = res.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      await t!.close();
      t = undefined;
      return cookies.every((c) => /;\s*secure/i.test(c));
    };
    expect(await secureCookies({ TRUST_PROXY: '127.0.0.1' })).toBe(true);
    expect(await secureCookies({})).toBe(false);
    expect(await secureCookies({ TRUST_PROXY: '10.0.0.1' })).toBe(false);
  });
});
