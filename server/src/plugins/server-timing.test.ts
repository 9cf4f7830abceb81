import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const DURATION = /^app;dur=(\d+\.\d)$/;

describe('Server-Timing', () => {
  it("an API answer names the server's own time; an error answer too", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/articles?page=1&pageSize=20&status=all',
      headers: { authorization: await t.bearer() },
    });
    expect(list.statusCode).toBe(200);
    const [, ms] = String(list.headers['server-timing']).match(DURATION) ?? [];
    expect(Number(ms)).toBeGreaterThanOrEqual(0);
    expect(Number(ms)).toBeLessThan(60_000);
    const missing = await t.app.inject({ method: 'GET', url: '/api/config/nope' });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['server-timing'])).toMatch(DURATION);
  });

  it('public answers do not carry it (their cached bytes are the same for everyone)', async () => {
    for (const url of ['/robots.txt', '/feeds/rss.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['server-timing'], url).toBeUndefined();
    }
  });
});
