import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { LOCK_AFTER } from './login-throttle.ts';
import { freePort, testConfig, TEST_ADMIN } from '../test-support/auth-test-app.ts';
import { loginAttempts, signInForm, type Interaction } from '../test-support/sign-in-form.ts';

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

  const form = () => signInForm(origin);
  const interaction = () => form().interaction();
  const login = (i: Interaction, from: string, password: string) => form().login(i, from, password);
  const counted = (key: string) => loginAttempts(database.db, key);

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
    const statuses = responses;
    expect(statuses.filter((s) => s === 303)).toHaveLength(0);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOCK_AFTER);
    expect(await right).toBe(429);

    // The real editor, from another address, at once.
    const mine = await login(await interaction(), '198.51.100.7', TEST_ADMIN.password);
    expect(mine).toBe(303);
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
