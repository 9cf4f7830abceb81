import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_PAGE_SIZE } from '../../../common/byline.ts';
import { PROJECT_ROOT as ROOT } from '../project-root.ts';
import { SHARED_CACHE_CONTROL } from '../plugins/http-cache.ts';
import { checkRss } from '../test-support/feed-check.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { ssrBundleFile } from './ssr-bundle.ts';

// Author and tag pages, their feeds and sitemaps, and the byline, tags and head tags of an article,
// rendered by the real front end's server renderer (what a reader without JavaScript gets).
const WEB_DIST = path.join(ROOT, 'dist/web');
const ORIGIN = 'https://smear.example';

let t: TestApp;
let auth: { authorization: string };
let janeId = 0;
let articleSlug = '';

function admin(method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', PUBLIC_URL: ORIGIN } });
  auth = { authorization: await t.bearer({ sub: 'pages', name: 'Page Editor' }) };
  await t.database.db.deleteFrom('articles').execute();
  const jane = await admin('POST', '/api/admin/authors', {
    name: 'Jane Doe',
    bio: 'Jane has been thrown out of every palace in Europe.',
    xHandle: 'janedoe',
    photoUrl: 'https://example.com/jane.jpg',
  });
  expect(jane.statusCode, jane.body).toBe(201);
  janeId = jane.json().id;
  // Oldest first: PERSON_PAGE_SIZE + 2 stories by Jane (the last two with John), tagged.
  for (let i = 0; i < PERSON_PAGE_SIZE + 2; i++) {
    const res = await admin('POST', '/api/admin/articles', {
      headline: `Royal Scandal Number ${i + 1}`,
      summary: `Summary ${i + 1}.`,
      content: 'It happened.',
      category: 'UK',
      authors: i >= PERSON_PAGE_SIZE ? [janeId, 'John Roe'] : [janeId],
      tags: i % 2 === 0 ? ['Royals', 'Tax & Money'] : ['Royals'],
      publishedAt: new Date(Date.now() - (100 - i) * 60_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    articleSlug = res.json().slug;
  }
});
afterAll(async () => t?.close());

const window = new Window();
type Doc = ReturnType<InstanceType<typeof window.DOMParser>['parseFromString']>;

async function page(url: string, status = 200): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
  return new window.DOMParser().parseFromString(res.body, 'text/html');
}
const metas = (doc: Doc, key: string) =>
  [...doc.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) => m.getAttribute('content'));
const jsonLd = (doc: Doc) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent) as any);
const root = (doc: Doc) => doc.getElementById('root')!;
const storyLinks = (doc: Doc) => [
  ...new Set([...root(doc).querySelectorAll('main a[href^="/article/"]')].map((a) => a.getAttribute('href')!)),
];

describe('an author page', () => {
  it('shows name, bio, photo, X link and their stories, paged, with its feed in the head', async () => {
    const doc = await page('/author/jane-doe');
    expect(root(doc).querySelector('h1')?.textContent).toBe('Jane Doe');
    expect(root(doc).textContent).toContain('thrown out of every palace');
    expect(root(doc).querySelector('img[alt="Photo of Jane Doe"]')?.getAttribute('src')).toBe(
      'https://example.com/jane.jpg',
    );
    expect(root(doc).querySelector('a[href="https://x.com/janedoe"]')).not.toBeNull();
    expect(doc.title).toBe('Jane Doe | The Daily Smear');
    expect(storyLinks(doc)).toHaveLength(PERSON_PAGE_SIZE);
    expect(storyLinks(doc)[0]).toBe(`/article/${articleSlug}`);
    const feed = doc.querySelector('head link[rel="alternate"][type="application/rss+xml"]');
    expect(feed?.getAttribute('href')).toBe(`${ORIGIN}/feeds/author/jane-doe/rss.xml`);
    // Page 2 continues from the oldest story of page 1, by cursor, as the older stories do.
    const next = root(doc).querySelector('a[rel="next"]')?.getAttribute('href') ?? '';
    expect(next).toMatch(/^\/author\/jane-doe\?page=2&before=[^&]+_\d+$/);
    expect(root(doc).querySelector('a[rel="next"]')?.textContent).toBe('Older stories →');
    expect(root(doc).querySelector('a[rel="prev"]')).toBeNull();
    expect(doc.querySelector('head link[rel="next"]')?.getAttribute('href')).toBe(`${ORIGIN}${next}`);
    const profile = jsonLd(doc).find((d) => d['@type'] === 'ProfilePage');
    expect(profile.mainEntity).toMatchObject({ '@type': 'Person', name: 'Jane Doe', url: `${ORIGIN}/author/jane-doe` });

    const second = await page(next);
    expect(storyLinks(second)).toHaveLength(2);
    expect(second.title).toBe('Jane Doe, page 2 | The Daily Smear');
    expect(root(second).textContent).toContain('Page 2');
    expect(second.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}${next}`);
    expect(second.querySelector('head link[rel="prev"]')?.getAttribute('href')).toBe(`${ORIGIN}/author/jane-doe`);
    expect(second.querySelector('head link[rel="next"]')).toBeNull();
    expect(root(second).querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/author/jane-doe');
    expect(root(second).querySelector('a[rel="next"]')).toBeNull();
  });

  it('an old ?page=N link (no cursor) is the first page, whose canonical address has no query', async () => {
    const first = storyLinks(await page('/author/jane-doe'));
    for (const url of ['/author/jane-doe?page=2', '/author/jane-doe?page=3', '/author/jane-doe?page=abc']) {
      const doc = await page(url);
      expect(storyLinks(doc), url).toEqual(first);
      expect(doc.title).toBe('Jane Doe | The Daily Smear');
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/author/jane-doe`);
    }
  });

  it('an unknown author, a cursor past the stories or one that is not ours is the not-found page', async () => {
    for (const url of [
      '/author/nobody-at-all',
      `/author/jane-doe?page=2&before=${encodeURIComponent('2000-01-01T00:00:00.000Z_1')}`,
      `/author/jane-doe?page=2&before=${encodeURIComponent('2026-01-01T00:00:00.000Z_9999999999')}`,
    ]) {
      const doc = await page(url, 404);
      expect(root(doc).textContent, url).toContain('Page not found');
      expect(metas(doc, 'robots')).toEqual(['noindex']);
    }
  });

  it('a renamed author: the old page and feed answer 301 to the new', async () => {
    const renamed = await admin('PATCH', `/api/admin/authors/${janeId}`, { name: 'Jane Smith' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      const paged = '/author/jane-doe?page=2&before=2026-01-01T00%3A00%3A00.000Z_7';
      const old = await t.app.inject({ url: paged });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(paged.replace('jane-doe', 'jane-smith'));
      const oldFeed = await t.app.inject({ url: '/feeds/author/jane-doe/rss.xml' });
      expect(oldFeed.statusCode).toBe(301);
      expect(oldFeed.headers.location).toBe('/feeds/author/jane-smith/rss.xml');
      expect(root(await page('/author/jane-smith')).querySelector('h1')?.textContent).toBe('Jane Smith');
    } finally {
      await admin('PATCH', `/api/admin/authors/${janeId}`, { name: 'Jane Doe' });
    }
  });
});

describe('a tag page', () => {
  it('lists the tagged stories with its feed', async () => {
    const doc = await page('/tag/royals');
    expect(root(doc).querySelector('h1')?.textContent).toBe('Royals');
    expect(storyLinks(doc)).toHaveLength(PERSON_PAGE_SIZE);
    expect(doc.querySelector('head link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/feeds/tag/royals/rss.xml`,
    );
    const money = await page('/tag/tax-money');
    expect(storyLinks(money)).toHaveLength(Math.ceil((PERSON_PAGE_SIZE + 2) / 2));
    await page('/tag/no-such-tag', 404);
    expect(root(money).querySelector('a[rel="next"]')).toBeNull();
    // Paged as the author page: the older stories by cursor, back to the bare address.
    const next = root(doc).querySelector('a[rel="next"]')?.getAttribute('href') ?? '';
    expect(next).toMatch(/^\/tag\/royals\?page=2&before=[^&]+_\d+$/);
    const second = await page(next);
    expect(storyLinks(second)).toHaveLength(2);
    expect(new Set([...storyLinks(doc), ...storyLinks(second)]).size).toBe(PERSON_PAGE_SIZE + 2);
    expect(root(second).querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/tag/royals');
  });
});

describe('an article', () => {
  it('links each author in the byline and each tag at its foot; JSON-LD and metas name them', async () => {
    const doc = await page(`/article/${articleSlug}`);
    const byline = [...root(doc).querySelectorAll('a[rel="author"]')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(byline).toEqual([
      ['Jane Doe', '/author/jane-doe'],
      ['John Roe', '/author/john-roe'],
    ]);
    const tags = [...root(doc).querySelectorAll('nav[aria-label="Tags"] a')].map((a) => a.getAttribute('href'));
    expect(tags).toEqual(['/tag/royals', '/tag/tax-money']);
    const article = jsonLd(doc).find((d) => Array.isArray(d['@type']) && d['@type'].includes('NewsArticle'));
    expect(article.author).toEqual([
      { '@type': 'Person', name: 'Jane Doe', url: `${ORIGIN}/author/jane-doe` },
      { '@type': 'Person', name: 'John Roe', url: `${ORIGIN}/author/john-roe` },
    ]);
    expect(article.keywords).toEqual(['Royals', 'Tax & Money']);
    expect(metas(doc, 'article:author')).toEqual([`${ORIGIN}/author/jane-doe`, `${ORIGIN}/author/john-roe`]);
    expect(metas(doc, 'article:tag')).toEqual(['Royals', 'Tax & Money']);
  });
});

describe('feeds and sitemaps', () => {
  it('an author and a tag have valid RSS feeds of their stories', async () => {
    for (const [url, count] of [
      ['/feeds/author/jane-doe/rss.xml', PERSON_PAGE_SIZE + 2],
      ['/feeds/author/john-roe/rss.xml', 2],
      ['/feeds/tag/royals/rss.xml', PERSON_PAGE_SIZE + 2],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
      expect(checkRss(res.body), url).toEqual([]);
      expect(res.body.match(/<item>/g), url).toHaveLength(count);
    }
    expect((await t.app.inject({ url: '/feeds/author/jane-doe/rss.xml' })).body).toContain(
      `<link>${ORIGIN}/author/jane-doe</link>`,
    );
    const missing = await t.app.inject({ url: '/feeds/tag/nothing-here/rss.xml' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });

  it('the sitemap index names the author and tag sitemaps, which list their pages', async () => {
    const index = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/authors.xml</loc>`);
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/tags.xml</loc>`);
    const authors = (await t.app.inject({ url: '/sitemaps/authors.xml' })).body;
    expect(authors).toContain(`<loc>${ORIGIN}/author/jane-doe</loc>`);
    expect(authors).toContain(`<loc>${ORIGIN}/author/john-roe</loc>`);
    const tags = (await t.app.inject({ url: '/sitemaps/tags.xml' })).body;
    expect(tags).toContain(`<loc>${ORIGIN}/tag/tax-money</loc>`);
  });
});
