import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mintTestToken } from '../test-support/tokens.ts';
import { PROJECT_ROOT as ROOT } from '../project-root.ts';
import { insertArticle, daysAgo } from '../test-support/articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { ssrBundleFile } from './ssr-bundle.ts';

// The real front end and its server renderer, as `vite build --config web/vite.config.ts` makes them
// (npm test builds them first; WEB_DIST_DIR names another build).
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(ROOT, 'dist/web');

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear' } });
  auth = { authorization: `Bearer ${await mintTestToken(t.database, t.config, { sub: 'ssr-editor' })}` };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: payload ? { ...auth, 'content-type': 'application/json' } : auth,
    payload: payload ? JSON.stringify(payload) : undefined,
  });

/** The markup inside <div id="root">. */
function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="app-state"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end === -1 ? undefined : end);
}
function renderState(html: string): { renderedAt: number; queries: { queries: Array<{ queryKey: unknown[] }> } } {
  const m = /<script id="app-state" type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!);
}

/** The JSON-LD objects of the page's head. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('server-rendered public pages', () => {
  it('renders the home page: header, breaking strip, BREAKING banner, cards, footer and the embedded data', async () => {
    await insertArticle(t.database.db, {
      headline: 'Minister Eats Own Tie',
      category_id: 1,
      is_breaking: 1,
      published_at: daysAgo(0.1),
    });
    await insertArticle(t.database.db, {
      headline: 'Robot Unionises Toasters',
      category_id: 2,
      published_at: daysAgo(1),
    });
    await insertArticle(t.database.db, { headline: 'Draft Never Seen' });
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('The Daily Smear');
    expect(root).toContain('Minister Eats Own Tie');
    expect(root).toContain('Robot Unionises Toasters');
    expect(root).not.toContain('Draft Never Seen');
    expect(root).toContain('href="/article/robot-unionises-toasters"');
    expect(root).toContain('href="/politics"');
    expect(root).toContain('href="/privacy"');
    expect(root).toMatch(/hours? ago/);
    const state = renderState(res.body);
    expect(Math.abs(state.renderedAt - Date.now())).toBeLessThan(60_000);
    expect(state.queries.queries.map((q) => q.queryKey)).toContainEqual(['news', 'all']);
  });

  it('renders a category with its own cards only', async () => {
    await insertArticle(t.database.db, { headline: 'Senate Votes On Nap', category_id: 1, published_at: daysAgo(1) });
    await insertArticle(t.database.db, {
      headline: 'Laptop Files For Divorce',
      category_id: 2,
      published_at: daysAgo(1),
    });
    const res = await get('/politics');
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('Senate Votes On Nap');
    expect(root).not.toContain('Laptop Files For Divorce');
  });

  it('renders an article: headline, first paragraph, teasers and plain share links', async () => {
    const moon = await insertArticle(t.database.db, {
      headline: 'Mayor Sells Moon',
      category_id: 1,
      content: 'The mayor sold the moon on Tuesday.\n\nNobody asked who owned it.',
      image_url: '/images/moon.jpg',
      published_at: daysAgo(2),
    });
    await insertArticle(t.database.db, { headline: 'Other Story Here', category_id: 1, published_at: daysAgo(3) });
    const res = await get('/article/mayor-sells-moon');
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(root).toContain('Mayor Sells Moon</h1>');
    expect(root).toContain('The mayor sold the moon on Tuesday.');
    expect(root).toContain('MORE QUESTIONABLE JOURNALISM');
    expect(root).toContain('Other Story Here');
    expect(root).toMatch(
      /<img[^>]*src="\/images\/moon.jpg"[^>]*width="1280"[^>]*height="720"|<img[^>]*width="1280"[^>]*src="\/images\/moon.jpg"/,
    );
    expect(root).toMatch(/fetchpriority="high"/i);
    expect(root).toContain('https://www.facebook.com/sharer/sharer.php?u=');
    expect(root).toContain(encodeURIComponent('/article/mayor-sells-moon'));
    // Without JavaScript the read is counted by an invisible image, which a browser running scripts never loads.
    expect(root).toMatch(
      new RegExp(`<noscript><img src="/News/reads/${moon.id}" alt="" width="1" height="1"[^>]*/?></noscript>`),
    );
    expect(root.match(/\/News\/reads\//g)).toHaveLength(1);
    const keys = renderState(res.body).queries.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['article', 'mayor-sells-moon']);
    expect(keys).toContainEqual(['news', 'Politics']);
  });

  it("says the article's reading time beside its published time, in the page and its JSON-LD; a live blog none", async () => {
    // 920 words at 230 a minute: 4 minutes.
    const content = `${'Word '.repeat(459).trim()}\n\n${'Again '.repeat(461).trim()}`;
    await insertArticle(t.database.db, {
      headline: 'Long Read Here',
      category_id: 1,
      content,
      published_at: daysAgo(1),
    });
    await insertArticle(t.database.db, {
      headline: 'Short Note Here',
      category_id: 1,
      content: 'Two words.',
      published_at: daysAgo(1),
    });
    const long = await get('/article/long-read-here');
    expect(long.statusCode).toBe(200);
    // In the byline, right before the published time, in the HTML sent (readable without JavaScript).
    // (The separator is hidden from screen readers, which read the two as one line.)
    expect(rootHtml(long.body)).toMatch(
      /<span class="article-reading-time[^"]*">4 min read<\/span><span aria-hidden="true"> · <\/span><time /,
    );
    const ld = jsonLd(long.body).find((d) => Array.isArray(d['@type']) && d['@type'].includes('NewsArticle'));
    expect(ld).toMatchObject({ wordCount: 920, timeRequired: 'PT4M' });
    // The answer the page hydrates from carries the same count.
    const api = await get('/News/slug/long-read-here');
    expect(api.json()).toMatchObject({ wordCount: 920 });
    // A short story still takes a minute.
    expect(rootHtml((await get('/article/short-note-here')).body)).toContain('>1 min read</span>');

    const now = new Date().toISOString();
    await insertArticle(t.database.db, {
      headline: 'Live Storm Watch',
      category_id: 1,
      content,
      published_at: now,
      live_started_at: now,
    });
    const live = await get('/article/live-storm-watch');
    expect(live.statusCode).toBe(200);
    expect(rootHtml(live.body)).not.toContain('min read');
    const liveLd = jsonLd(live.body).find((d) => Array.isArray(d['@type']) && d['@type'].includes('LiveBlogPosting'));
    expect(liveLd).toBeDefined();
    expect(liveLd).not.toHaveProperty('wordCount');
    expect(liveLd).not.toHaveProperty('timeRequired');
    expect((await get('/News/slug/live-storm-watch')).json()).not.toHaveProperty('wordCount');
  });

  it.each([
    ['/contact', 'Contact'],
    ['/privacy', 'Privacy'],
  ])('renders %s', async (url, text) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(rootHtml(res.body)).toContain(text);
  });

  it('renders the 404 page with status 404, and ARTICLE NOT FOUND for an unknown article', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(rootHtml(missing.body)).toContain('Oops! Page not found');
    const article = await get('/article/no-such-story');
    expect(article.statusCode).toBe(404);
    expect(rootHtml(article.body)).toContain('ARTICLE NOT FOUND');
  });

  it('keeps the admin pages unrendered (no admin code runs on the server)', async () => {
    const res = await get('/admin');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="app-state"');
  });
});

describe('compression', () => {
  beforeEach(async () => {
    for (let i = 0; i < 5; i++)
      await insertArticle(t.database.db, {
        headline: `Compressed Scandal ${i}`,
        category_id: 1,
        published_at: daysAgo(i),
      });
  });

  it.each(['/', '/News?count=15'])('negotiates brotli, gzip or none for %s, with Vary', async (url) => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves the built assets precompressed, hashed ones immutable, and no source maps', async () => {
    const html = (await get('/')).body;
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const br = await get(script!, { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get(script!, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe((await get(script!)).body);
    expect(fs.existsSync(path.join(WEB_DIST, `${script!.slice(1)}.map`))).toBe(true);
    expect((await get(`${script!}.map`)).statusCode).toBe(404);
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cache-control']).not.toContain('immutable');
  });
});

describe('rendered pages follow editorial changes at once', () => {
  it('after publish, unpublish, category change and delete', async () => {
    const draft = await insertArticle(t.database.db, { headline: 'Fresh Outrage Today', category_id: 1 });
    expect((await get('/')).body).not.toContain('Fresh Outrage Today');
    expect((await get('/article/fresh-outrage-today')).statusCode).toBe(404);

    expect((await admin('POST', `/api/admin/articles/${draft.id}/publish`)).statusCode).toBe(200);
    expect(rootHtml((await get('/')).body)).toContain('Fresh Outrage Today');
    expect(rootHtml((await get('/politics')).body)).toContain('Fresh Outrage Today');
    expect((await get('/article/fresh-outrage-today')).statusCode).toBe(200);

    expect((await admin('PUT', `/api/admin/articles/${draft.id}/category`, { categoryId: 2 })).statusCode).toBe(200);
    expect(rootHtml((await get('/politics')).body)).not.toContain('Fresh Outrage Today');
    expect(rootHtml((await get('/technology')).body)).toContain('Fresh Outrage Today');

    expect((await admin('POST', `/api/admin/articles/${draft.id}/unpublish`)).statusCode).toBe(200);
    expect(rootHtml((await get('/technology')).body)).not.toContain('Fresh Outrage Today');
    expect((await get('/article/fresh-outrage-today')).statusCode).toBe(404);

    expect((await admin('POST', `/api/admin/articles/${draft.id}/publish`)).statusCode).toBe(200);
    expect((await get('/article/fresh-outrage-today')).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/admin/articles/${draft.id}`)).statusCode).toBeLessThan(300);
    expect((await get('/article/fresh-outrage-today')).statusCode).toBe(404);
    expect(rootHtml((await get('/')).body)).not.toContain('Fresh Outrage Today');
  });
});

describe('page URLs', () => {
  it.each([
    ['/POLITICS', '/politics'],
    ['/Politics?x=1', '/politics?x=1'],
    ['/article/Mayor-Sells-Moon', '/article/mayor-sells-moon'],
    ['/CONTACT', '/contact'],
  ])('redirects %s to %s (301)', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('answers a badly encoded page URL with an HTML error page for browsers, a problem for API clients', async () => {
    const page = await get('/article/%E0%A4%A', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<a href="/">');
    const api = await get('/News/slug/%E0%A4%A', { accept: 'text/html' });
    expect(api.statusCode).toBe(400);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });

  it('answers an over-long URL with an HTML error page', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const res = await fetch(`http://127.0.0.1:${port}/article/${'a'.repeat(20_000)}`, {
      headers: { accept: 'text/html' },
    });
    expect([414, 431, 400]).toContain(res.status);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('too long');
  });
});
