import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mintTestToken, TEST_EDITOR } from '../test-support/tokens.ts';
import { startTestApp, testConfig, type TestApp } from '../test-support/auth-test-app.ts';

/** app.requireEditor remembers verified tokens (verified-token-cache.ts): same answers, expiry kept. */
describe('verified token cache in app.requireEditor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testConfig());
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const call = (token: string) =>
    t.app.inject({ url: '/test/protected', headers: { authorization: `Bearer ${token}` } });

  it('answers a repeated token the same way each time, with its own editor object', async () => {
    const token = await mintTestToken(t.database, t.config);
    const first = await call(token);
    const second = await call(token);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toEqual({
      editor: { subject: TEST_EDITOR.sub, name: TEST_EDITOR.name, username: TEST_EDITOR.preferred_username },
    });
  });

  it('refuses a remembered token once it has expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mintTestToken(t.database, t.config, { iat: now, exp: now + 120 });
    expect((await call(token)).statusCode).toBe(200);
    // Two hours later (beyond exp and the 60 s clock tolerance): the cached acceptance must not count.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600_000 });
    const late = await call(token);
    expect(late.statusCode).toBe(401);
    expect(late.json().detail).toBe('The access token has expired.');
  });

  it('does not accept a token that differs from a remembered one by its signature', async () => {
    const token = await mintTestToken(t.database, t.config);
    expect((await call(token)).statusCode).toBe(200);
    const [h, p, sig] = token.split('.');
    const tampered = `${h}.${p}.${sig!.slice(0, -4)}${sig!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect((await call(tampered)).statusCode).toBe(401);
  });
});
