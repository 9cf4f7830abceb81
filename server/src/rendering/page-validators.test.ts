import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { daysAgo, insertArticle } from '../test-support/articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { ssrBundleFile } from './ssr-bundle.ts';

// Validators of the server itself (no cache in front): a page's ETag follows its content, not the
// time it was rendered; pages, lists and feeds carry Last-Modified; both conditionals answer 304.
const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear' } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const renderedAt = (html: string) => Number(/"renderedAt":(\d+)/.exec(html)?.[1]);

/** Renders `url` again (the page cache emptied) at a later millisecond than `before`. */
async function renderAgain(url: string, before: number, headers: Record<string, string> = {}) {
  while (Date.now() <= before) await new Promise((r) => setTimeout(r, 1));
  t.app.newsCache.clear();
  return get(url, headers);
}

describe('page validators', () => {
  beforeEach(async () => {
    await insertArticle(t.database.db, { headline: 'Mayor Knits Bridge', published_at: daysAgo(3) });
    await insertArticle(t.database.db, {
      headline: 'Goat Elected Treasurer',
      category_id: 2,
      published_at: daysAgo(5),
    });
  });

  it.each(['/', '/politics', '/article/mayor-knits-bridge', '/no-such-page'])(
    '%s: the same content rendered again keeps its ETag and Last-Modified',
    async (url) => {
      const first = await get(url);
      const again = await renderAgain(url, renderedAt(first.body) || Date.now());
      expect(again.statusCode).toBe(first.statusCode);
      // A new render, with its own render time in the page ...
      if (first.statusCode === 200) expect(renderedAt(again.body)).toBeGreaterThan(renderedAt(first.body));
      // ... and the same validators.
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['last-modified']).toBe(first.headers['last-modified']);
      expect(String(first.headers.etag)).toMatch(/^W\/"[\w-]+"$/);
      // A copy from the first render is current after the second.
      const revalidated = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(revalidated.statusCode).toBe(first.statusCode === 200 ? 304 : first.statusCode);
    },
  );

  it('changes the ETag and Last-Modified when the content changes', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    // A new Last-Modified needs a new second (HTTP dates have no finer unit).
    const second = Math.ceil(Date.now() / 1000) * 1000;
    while (Date.now() < second) await new Promise((r) => setTimeout(r, 5));
    await insertArticle(t.database.db, { headline: 'Pigeon Files Lawsuit', published_at: daysAgo(1) });
    const changed = await renderAgain('/', 0, { 'accept-encoding': 'br' });
    expect(changed.body).not.toBe(first.body);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(Date.parse(String(changed.headers['last-modified']))).toBeGreaterThan(
      Date.parse(String(first.headers['last-modified'])),
    );
    expect((await get('/', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      200,
    );
    const since = String(first.headers['last-modified']);
    expect((await get('/', { 'accept-encoding': 'br', 'if-modified-since': since })).statusCode).toBe(200);
  });

  it.each([
    '/article/mayor-knits-bridge',
    '/News?count=15',
    '/News/slug/mayor-knits-bridge',
    '/feeds/rss.xml',
    '/sitemaps/news.xml',
  ])('%s carries Last-Modified and answers If-Modified-Since and If-None-Match with 304', async (url) => {
    const first = await get(url, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    const lastModified = String(first.headers['last-modified']);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    const byDate = await get(url, { 'accept-encoding': 'gzip', 'if-modified-since': lastModified });
    expect(byDate.statusCode).toBe(304);
    expect(byDate.body).toBe('');
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    expect((await get(url, { 'accept-encoding': 'gzip', 'if-modified-since': later })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1_000).toUTCString();
    expect((await get(url, { 'accept-encoding': 'gzip', 'if-modified-since': earlier })).statusCode).toBe(200);
    expect((await get(url, { 'accept-encoding': 'gzip', 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    const byTag = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(byTag.statusCode).toBe(304);
    // If-None-Match decides when both are sent (RFC 9110 13.2.2).
    const both = await get(url, {
      'accept-encoding': 'gzip',
      'if-none-match': '"another"',
      'if-modified-since': lastModified,
    });
    expect(both.statusCode).toBe(200);
  });

  it('answers requests with credentials and writes private, no-store', async () => {
    const credentials: Array<Record<string, string>> = [{ cookie: 'theme=dark' }, { authorization: 'Bearer x' }];
    for (const headers of credentials) {
      for (const url of ['/', '/News?count=15', '/feeds/rss.xml']) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('private, no-store');
      }
    }
    const write = await t.app.inject({ method: 'POST', url: '/News' });
    expect(write.headers['cache-control']).toBe('private, no-store');
  });
});
