import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { daysAgo, insertArticle } from '../test-support/articles.ts';
import { PAGE_CACHE_MAX_ENTRIES } from './spa.ts';

// The page cache and the Host header: with PUBLIC_URL the Host plays no part in which page is kept;
// without it, pages asked for at made-up Hosts never push out those of the address readers use.
const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

/** The render time embedded in a page: the same value means the same render, from the cache. */
const renderedAt = (html: string) => /"renderedAt":(\d+)/.exec(html)?.[1];

async function app(env: Record<string, string>) {
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', ...env } });
  await insertArticle(t.database.db, { headline: 'Host Header Ignored', published_at: daysAgo(1) });
  return t;
}
const get = (url: string, host: string) => t!.app.inject({ method: 'GET', url, headers: { host } });

describe('page cache and Host', () => {
  it('with PUBLIC_URL: every Host gets the one cached page, naming PUBLIC_URL', async () => {
    await app({ PUBLIC_URL: 'https://news.example' });
    const first = await get('/article/host-header-ignored', 'news.example');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('https://news.example/article/host-header-ignored');
    for (let i = 0; i < PAGE_CACHE_MAX_ENTRIES + 20; i++) {
      const res = await get('/article/host-header-ignored', `made-up-${i}.example`);
      expect(renderedAt(res.body)).toBe(renderedAt(first.body));
    }
    expect(first.body).not.toContain('made-up-');
  });

  it('without PUBLIC_URL: made-up Hosts do not evict the pages of the address the site is read at', async () => {
    await app({ PUBLIC_URL: '' });
    // A clock that moves a millisecond per request: the pages' 5 s in the cache outlast the test.
    let clock = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    const tick = () => vi.setSystemTime(++clock);
    const real = 'tabloid.example:8080';
    const urls = ['/', '/politics', '/article/host-header-ignored'];
    const first = new Map<string, string | undefined>();
    for (const url of urls) {
      tick();
      await get(url, real);
      tick();
      first.set(url, renderedAt((await get(url, real)).body));
    }
    for (let i = 0; i < PAGE_CACHE_MAX_ENTRIES + 20; i++) {
      tick();
      const res = await get('/', `made-up-${i}.example`);
      expect(res.body).toContain(`http://made-up-${i}.example/`);
    }
    tick();
    for (const url of urls) expect(renderedAt((await get(url, real)).body), url).toBe(first.get(url));
  }, 120_000);
});
