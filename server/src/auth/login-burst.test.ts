import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { LOCK_AFTER } from './login-throttle.ts';
import { freePort, testConfig, TEST_ADMIN } from '../test-support/auth-test-app.ts';

/**
 * A burst of concurrent sign-ins over HTTP for the real editor's name from one address (played
 * through a trusted proxy's X-Forwarded-For), with the right password inside the burst.
 */
describe('a burst of wrong sign-ins from one address', () => {
  let app: App;
  let database: Db;
  let origin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const config = testConfig({ PORT: String(port), TRUST_PROXY: '127.0.0.1' });
    database = await openDatabase(config);
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.listen({ port, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function interaction() {
    const verifier = randomBytes(32).toString('base64url');
    const q = new URLSearchParams({
      client_id: 'tabloid-admin',
      response_type: 'code',
      redirect_uri: `${origin}/admin/auth/callback`,
      scope: 'openid profile api:editor',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
    });
    const res = await fetch(`${origin}/oidc/auth?${q}`, { redirect: 'manual' });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { path: res.headers.get('location')!, cookie };
  }

  function login(i: { path: string; cookie: string }, from: string, password: string) {
    return fetch(`${origin}${i.path}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: i.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams({ username: TEST_ADMIN.username, password }),
    });
  }

  const counted = async (key: string) => {
    const row = await database.db
      .selectFrom('login_attempts')
      .select(['failures', 'blocked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
    return { failures: Number(row?.failures ?? 0), blocked: Boolean(row?.blocked_until) };
  };

  it('checks at most LOCK_AFTER passwords, refuses the right one inside the burst, lets the editor in elsewhere', async () => {
    const attacker = '203.0.113.66';
    const i = await interaction();
    const wrong = Array.from({ length: 39 }, (_, n) => login(i, attacker, `wrong-password-${n}`));
    // Once the penalty has started (while most of the burst is still in flight), the right password.
    await expect
      .poll(() => counted(`pair:${attacker}\n${TEST_ADMIN.username}`), { interval: 5, timeout: 10_000 })
      .toMatchObject({ blocked: true });
    const right = login(i, attacker, TEST_ADMIN.password);
    const responses = await Promise.all([...wrong, right]);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(0);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOCK_AFTER);
    expect((await right).status).toBe(429);

    // The real editor, from another address, at once.
    const mine = await login(await interaction(), '198.51.100.7', TEST_ADMIN.password);
    expect(mine.status).toBe(303);
  });

  it('logs failed and refused sign-ins with name and address, never a password', () => {
    const entries = logLines.map((l) => JSON.parse(l) as { msg: string; username?: string; ip?: string });
    const failed = entries.filter((e) => e.msg === 'sign-in failed: wrong username or password');
    const refused = entries.filter((e) => e.msg === 'sign-in refused: too many failed attempts');
    expect(failed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    // A burst is summarised: far fewer refusal lines than refusals.
    expect(refused.length).toBeLessThan(5);
    expect(failed[0]).toMatchObject({ username: TEST_ADMIN.username, ip: '203.0.113.66' });
    const all = logLines.join('\n');
    expect(all).not.toContain('wrong-password-');
    expect(all).not.toContain(TEST_ADMIN.password);
  });
});
