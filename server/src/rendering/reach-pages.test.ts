import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT as ROOT } from '../project-root.ts';
import { daysAgo, insertArticles } from '../test-support/articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { shareCardFor } from '../share-cards/share-card.ts';
import { ssrBundleFile } from './ssr-bundle.ts';
import { DESCRIPTION_MAX } from '../plugins/page-meta.ts';

// The pages readers and crawlers reach the site by: search, older stories, and the head tags (link
// previews, JSON-LD, feeds, rel=next/prev), rendered by the real front end's server renderer.
const WEB_DIST = path.join(ROOT, 'dist/web');
const ORIGIN = 'https://smear.example';

let t: TestApp;

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', PUBLIC_URL: ORIGIN } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const window = new Window();
type Doc = ReturnType<InstanceType<typeof window.DOMParser>['parseFromString']>;

/** GET a page (must be 200) and parse it. */
async function page(url: string): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return new window.DOMParser().parseFromString(res.body, 'text/html');
}

const meta = (doc: Doc, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
const linkHref = (doc: Doc, rel: string) => doc.querySelector(`head link[rel="${rel}"]`)?.getAttribute('href');
const jsonLd = (doc: Doc) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent) as any);
const root = (doc: Doc) => doc.getElementById('root')!;
/** The page's own links to stories (cards, lists), in order, without duplicates. */
const storyLinks = (doc: Doc) => [
  ...new Set([...root(doc).querySelectorAll('main a[href^="/article/"]')].map((a) => a.getAttribute('href')!)),
];
/** A site-relative URL from an absolute one of this site. */
const local = (href: string | null | undefined) => {
  expect(href?.startsWith(ORIGIN)).toBe(true);
  return href!.slice(ORIGIN.length);
};

describe('the header search form', () => {
  it('is a plain GET form to /search on every public page', async () => {
    await insertArticles(t.database.db, [{ headline: 'Any Story', published_at: daysAgo(1) }]);
    for (const url of ['/', '/politics', '/article/any-story', '/privacy', '/search']) {
      const form = root(await page(url)).querySelector('header form[role="search"]');
      expect(form, url).not.toBeNull();
      expect(form!.getAttribute('action')).toBe('/search');
      expect(form!.getAttribute('method')).toBe('get');
      const input = form!.querySelector('input[name="q"]')!;
      // labelled for screen readers
      expect(root(await page(url)).querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search stories');
    }
  });
});

describe('the search page', () => {
  it('renders ranked results with highlighted snippets, paging and head tags, and never a draft', async () => {
    await insertArticles(t.database.db, [
      ...Array.from({ length: 12 }, (_, i) => ({
        headline: `Council Report ${i}`,
        content: `The council found a goose in the minutes, item ${i}.`,
        published_at: daysAgo(i + 1),
      })),
      { headline: 'Goose Draft', content: 'goose goose goose', published_at: null },
      { headline: 'Unrelated Story', content: 'Nothing to see.', published_at: daysAgo(1) },
    ]);
    const first = await page('/search?q=goose');
    expect(first.title).toBe('Search: goose | The Daily Smear');
    expect(linkHref(first, 'canonical')).toBe(`${ORIGIN}/search?q=goose`);
    const results = root(first).querySelectorAll('main ol > li');
    expect(results).toHaveLength(10);
    expect(root(first).querySelector('main ol > li mark')?.textContent?.toLowerCase()).toBe('goose');
    expect(root(first).textContent).not.toContain('Goose Draft');
    expect(root(first).textContent).not.toContain('Unrelated Story');
    // the page's own form shows the query
    expect((root(first).querySelector('main input[name="q"]') as any).getAttribute('value')).toBe('goose');

    const more = root(first).querySelector('main a[rel="next"]');
    expect(more?.textContent).toContain('More results');
    expect(more?.getAttribute('href')).toBe('/search?q=goose&page=2');
    const second = await page(more!.getAttribute('href')!);
    expect(root(second).querySelectorAll('main ol > li')).toHaveLength(2);
    expect(root(second).querySelector('main a[rel="prev"]')?.getAttribute('href')).toBe('/search?q=goose');
    expect(root(second).querySelector('main a[rel="next"]')).toBeNull();
    const all = [...storyLinks(first), ...storyLinks(second)];
    expect(new Set(all).size).toBe(12);
  });

  it('marks the matching words of a headline in its link, and never repeats the headline as the snippet', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Goose Escapes Zoo', summary: 'Keepers are baffled.', published_at: daysAgo(1) },
    ]);
    const [hit] = root(await page('/search?q=escapes')).querySelectorAll('main ol > li');
    const link = hit!.querySelector('h2 a')!;
    expect(link.textContent).toBe('Goose Escapes Zoo');
    expect([...link.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Escapes']);
    const snippet = hit!.querySelector('h2 + p')!;
    // The summary's start (PostgreSQL's ts_headline goes on into the body to its dozen words).
    expect(snippet.textContent).toMatch(/^Keepers are baffled\./);
    expect(snippet.textContent).not.toContain('Goose');
    expect(snippet.querySelector('mark')).toBeNull();
  });

  it('shows an empty state, a hint without a query, and a friendly message for input the search refuses', async () => {
    await insertArticles(t.database.db, [{ headline: 'Goose Story', published_at: daysAgo(1) }]);
    expect(root(await page('/search?q=zebra')).querySelector('main h2')?.textContent).toBe('No trash found');
    expect(root(await page('/search')).textContent).toContain('Type a word or two');

    // (A page number that is no page is the not-found page: see 'found, shared and trusted'.)
    const refused = ['x'.repeat(300), '🦆🦆', '***', '"'];
    for (const q of refused) {
      const [words, extra] = q.split('&');
      const doc = await page(`/search?q=${encodeURIComponent(words!)}${extra ? `&${extra}` : ''}`);
      expect(root(doc).querySelector('main h2')?.textContent, q).toBe("We can't search for that");
    }
    // Operators and SQL are plain words: results or none, never an error.
    for (const q of ['AND (', 'goose*', "goose'; drop table articles; --", 'NEAR(goose story)']) {
      const doc = await page(`/search?q=${encodeURIComponent(q)}`);
      const found = root(doc).querySelectorAll('main ol > li').length;
      expect(found > 0 || root(doc).querySelector('main h2')?.textContent === 'No trash found', q).toBe(true);
    }
    expect(root(await page('/search?q=goose*')).textContent).toContain('Goose Story');
  });
});

describe('older stories', () => {
  it('links page 1 to page 2 and on, with rel=next/prev in the head and the page, every story once', async () => {
    const rows = await insertArticles(t.database.db, [
      { headline: 'Breaking Newest', is_breaking: 1, published_at: daysAgo(0.01) },
      ...Array.from({ length: 40 }, (_, i) => ({
        headline: `Story Number ${i}`,
        category_id: (i % 2) + 1,
        published_at: daysAgo(i + 1),
      })),
      { headline: 'Draft Story', published_at: null },
    ]);
    const published = rows.filter((r) => r.published_at).map((r) => `/article/${r.slug}`);

    const home = await page('/');
    const nextHref = local(linkHref(home, 'next'));
    expect(nextHref).toMatch(/^\/\?page=2&before=/);
    const older = root(home).querySelector('main a[rel="next"]');
    expect(older?.textContent).toContain('Older stories');
    expect(older?.getAttribute('href')).toBe(nextHref);
    expect(linkHref(home, 'prev')).toBeUndefined();

    const seen = new Set(storyLinks(home));
    let href: string | undefined = nextHref;
    let n = 2;
    while (href) {
      const doc = await page(href);
      expect(doc.title).toBe(`Older stories, page ${n} | The Daily Smear`);
      expect(local(linkHref(doc, 'canonical'))).toBe(href);
      expect(root(doc).querySelector('main h1')?.textContent).toBe('Older stories');
      const prev = local(linkHref(doc, 'prev'));
      expect(root(doc).querySelector('main a[rel="prev"]')?.getAttribute('href')).toBe(prev);
      if (n === 2) expect(prev).toBe('/');
      else expect(prev).toMatch(new RegExp(`^/\\?page=${n - 1}&after=`));
      for (const story of storyLinks(doc)) {
        expect(seen.has(story), `${story} twice`).toBe(false);
        seen.add(story);
      }
      const next = linkHref(doc, 'next');
      expect(root(doc).querySelector('main a[rel="next"]')?.getAttribute('href')).toBe(next ? local(next) : undefined);
      href = next ? local(next) : undefined;
      n++;
      expect(n).toBeLessThan(10);
    }
    expect([...seen].sort()).toEqual([...published].sort());
  });

  it('gives each section its older stories, its feed and its breadcrumb', async () => {
    await insertArticles(
      t.database.db,
      Array.from({ length: 20 }, (_, i) => ({
        headline: `Politics Story ${i}`,
        category_id: 1,
        published_at: daysAgo(i + 1),
      })),
    );
    const politics = await page('/politics');
    const feeds = [...politics.querySelectorAll('head link[rel="alternate"][type="application/rss+xml"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(feeds).toEqual([`${ORIGIN}/feeds/rss.xml`, `${ORIGIN}/feeds/politics/rss.xml`]);
    expect(jsonLd(politics).find((d) => d['@type'] === 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'The Daily Smear', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Politics' },
    ]);
    const page2 = await page(local(linkHref(politics, 'next')));
    expect(page2.title).toBe('Politics: older stories, page 2 | The Daily Smear');
    expect(local(linkHref(page2, 'prev'))).toBe('/politics');
    expect(linkHref(page2, 'next')).toBeUndefined();
    expect(storyLinks(page2)).toEqual(Array.from({ length: 5 }, (_, i) => `/article/politics-story-${i + 15}`));
  });

  it('answers an older-stories page without stories with the not-found page (404), never an error', async () => {
    await insertArticles(t.database.db, [{ headline: 'Only Story', published_at: daysAgo(1) }]);
    for (const url of [
      '/?page=2&before=2000-01-01T00:00:00.000Z_1',
      '/politics?page=3&before=2000-01-01T00:00:00.000Z_1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      const empty = new window.DOMParser().parseFromString(res.body, 'text/html');
      expect(root(empty).querySelector('main h1')?.textContent, url).toBe('Oops! Page not found');
      expect(meta(empty, 'robots'), url).toBe('noindex');
    }
    // A malformed cursor is no archive link: the page is the listing itself.
    const listing = await page('/?page=9&before=not-a-cursor');
    expect(local(linkHref(listing, 'canonical'))).toBe('/');
  });
});

describe('head tags', () => {
  it('gives the home page WebSite with a SearchAction, the publisher, the site card and the feed', async () => {
    const home = await page('/');
    const data = jsonLd(home);
    const site = data.find((d) => d['@type'] === 'WebSite');
    expect(site.potentialAction.target.urlTemplate).toBe(`${ORIGIN}/search?q={search_term_string}`);
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
    expect(data.find((d) => d['@type'] === 'NewsMediaOrganization')?.name).toBe('The Daily Smear');
    expect(meta(home, 'og:image')).toBe(`${ORIGIN}/share-cards/site.png`);
    expect(meta(home, 'og:image:width')).toBe('1200');
    expect(meta(home, 'og:image:height')).toBe('630');
    expect(meta(home, 'twitter:card')).toBe('summary_large_image');
    expect(linkHref(home, 'alternate')).toBe(`${ORIGIN}/feeds/rss.xml`);
  });

  it('gives an article NewsArticle and BreadcrumbList matching the page, and its raster share card', async () => {
    const [row] = await insertArticles(t.database.db, [
      {
        headline: 'Minister Denies Being A Goose',
        summary: 'Feathers were found at the scene.',
        author: 'Dee Nial',
        category_id: 1,
        image_url: '/images/demo/rain-cloud.svg',
        published_at: '2026-03-04T05:06:07.000Z',
      },
    ]);
    const doc = await page(`/article/${row!.slug}`);
    const card = shareCardFor({
      id: row!.id,
      headline: row!.headline,
      category: 'Politics',
      imageUrl: '/images/demo/rain-cloud.svg',
    });
    const article = jsonLd(doc).find((d) => [d['@type']].flat().includes('NewsArticle'));
    const visible = root(doc).querySelector('main article');
    expect(article.headline).toBe(visible?.querySelector('h1')?.textContent);
    expect(article.description).toBe('Feathers were found at the scene.');
    expect(visible?.textContent).toContain(article.description);
    expect(article.author).toEqual([{ '@type': 'Person', name: 'Dee Nial' }]);
    expect(visible?.textContent).toContain('By Dee Nial');
    expect(article.datePublished).toBe(visible?.querySelector('time')?.getAttribute('datetime'));
    expect(article.articleSection).toBe('Politics');
    expect(article.mainEntityOfPage['@id']).toBe(linkHref(doc, 'canonical'));
    expect(article.publisher.logo.url).toBe(`${ORIGIN}/share-cards/site.png`);
    expect(article.image[0]).toEqual({
      '@type': 'ImageObject',
      url: `${ORIGIN}${card.url}`,
      width: '1200',
      height: '630',
    });
    expect(
      jsonLd(doc)
        .find((d) => d['@type'] === 'BreadcrumbList')
        ?.itemListElement.map((i: any) => i.name),
    ).toEqual(['The Daily Smear', 'Politics', 'Minister Denies Being A Goose']);

    expect(meta(doc, 'og:image')).toBe(`${ORIGIN}${card.url}`);
    expect(meta(doc, 'twitter:image')).toBe(`${ORIGIN}${card.url}`);
    expect(meta(doc, 'og:image:type')).toBe('image/png');
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    const png = await t.app.inject({ method: 'GET', url: card.url });
    expect(png.statusCode).toBe(200);
    const { width, height, format } = await sharp(png.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });

    const feeds = [...doc.querySelectorAll('head link[rel="alternate"][type="application/rss+xml"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(feeds).toEqual([`${ORIGIN}/feeds/rss.xml`, `${ORIGIN}/feeds/politics/rss.xml`]);
  });
});

describe('found, shared and trusted', () => {
  const html = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return {
      status: res.statusCode,
      body: res.body,
      doc: new window.DOMParser().parseFromString(res.body, 'text/html'),
    };
  };

  it('gives indexable pages max-image-preview:large, search pages noindex, follow, missing pages noindex', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Goose Story', content: 'A goose.', category_id: 1, published_at: daysAgo(1) },
    ]);
    for (const url of ['/', '/politics', '/article/goose-story', '/about', '/contact', '/privacy']) {
      const doc = await page(url);
      expect(meta(doc, 'robots'), url).toBe('max-image-preview:large');
      // Every indexable page has a raster preview at least 1200 px wide.
      expect(Number(meta(doc, 'og:image:width')), url).toBeGreaterThanOrEqual(1200);
      expect(meta(doc, 'og:image'), url).toMatch(/\.png$/);
      expect(meta(doc, 'description')!.length, url).toBeLessThanOrEqual(DESCRIPTION_MAX);
    }
    for (const url of ['/search', '/search?q=goose', '/search?q=nothingmatchesthis', '/search?q=%21%21']) {
      expect(meta(await page(url), 'robots'), url).toBe('noindex, follow');
    }
    const missing = await html('/no-such-page');
    expect(missing.status).toBe(404);
    expect(meta(missing.doc, 'robots')).toBe('noindex');
  });

  it('answers a search page past the results, or out of range, with the not-found page (404)', async () => {
    await insertArticles(t.database.db, [{ headline: 'Goose Story', content: 'A goose.', published_at: daysAgo(1) }]);
    for (const url of [
      '/search?q=goose&page=999999',
      '/search?q=goose&page=5',
      '/search?q=nothingmatchesthis&page=2',
      '/search?q=goose&page=abc',
      '/search?page=2',
    ]) {
      const res = await html(url);
      expect(res.status, url).toBe(404);
      expect(root(res.doc).querySelector('main h1')?.textContent, url).toBe('Oops! Page not found');
      expect(meta(res.doc, 'robots'), url).toBe('noindex');
    }
    // Page 1 without results is a page (not indexed).
    expect((await html('/search?q=nothingmatchesthis')).status).toBe(200);
  });

  it('links the Atom and JSON feeds beside RSS', async () => {
    await insertArticles(t.database.db, [{ headline: 'Feed Story', category_id: 2, published_at: daysAgo(1) }]);
    for (const [url, section] of [
      ['/', undefined],
      ['/technology', 'technology'],
      ['/article/feed-story', 'technology'],
    ] as const) {
      const alternates = [...(await page(url)).querySelectorAll('head link[rel="alternate"]')].map(
        (l) => `${l.getAttribute('type')} ${l.getAttribute('href')}`,
      );
      const expected = ['/feeds', ...(section ? [`/feeds/${section}`] : [])].flatMap((base) => [
        `application/rss+xml ${ORIGIN}${base}/rss.xml`,
        `application/atom+xml ${ORIGIN}${base}/atom.xml`,
        `application/feed+json ${ORIGIN}${base}/feed.json`,
      ]);
      expect(alternates, url).toEqual(expected);
    }
  });

  it('tells readers and machines when a story changed after publication', async () => {
    const [plain, changed] = await insertArticles(t.database.db, [
      { headline: 'Never Touched', published_at: '2026-03-04T05:06:07.000Z' },
      { headline: 'Touched Later', published_at: '2026-03-04T05:06:07.000Z' },
    ]);
    await t.database.db
      .updateTable('articles')
      .set({ modified_at: '2026-03-05T10:20:00.000Z' })
      .where('id', '=', changed!.id)
      .execute();
    t.app.newsCache.clear();

    const untouched = await page(`/article/${plain!.slug}`);
    const article = (doc: Doc) => jsonLd(doc).find((d) => [d['@type']].flat().includes('NewsArticle'));
    expect(article(untouched).dateModified).toBe('2026-03-04T05:06:07.000Z');
    expect(meta(untouched, 'article:modified_time')).toBeUndefined();
    expect(root(untouched).textContent).not.toContain('Updated');

    const doc = await page(`/article/${changed!.slug}`);
    expect(article(doc).dateModified).toBe('2026-03-05T10:20:00.000Z');
    expect(article(doc).datePublished).toBe('2026-03-04T05:06:07.000Z');
    expect(meta(doc, 'article:modified_time')).toBe('2026-03-05T10:20:00.000Z');
    const updated = [...root(doc).querySelectorAll('main article p')].find((p) => p.textContent?.startsWith('Updated'));
    expect(updated?.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-05T10:20:00.000Z');
    expect(updated?.textContent).toBe('Updated 5 Mar 2026, 10:20 UTC');
  });

  it('says it is satire: SatiricalArticle, the organisation, and an About page in the footer and the sitemap', async () => {
    await insertArticles(t.database.db, [{ headline: 'Satire Story', published_at: daysAgo(1) }]);
    const doc = await page('/article/satire-story');
    const article = jsonLd(doc).find((d) => Array.isArray(d['@type']));
    expect(article['@type']).toEqual(['NewsArticle', 'SatiricalArticle']);
    const org = jsonLd(await page('/')).find((d) => d['@type'] === 'NewsMediaOrganization');
    expect(org.description).toMatch(/satirical/i);
    expect(org.publishingPrinciples).toBe(`${ORIGIN}/about`);
    expect(root(doc).querySelector('footer a[href="/about"]')?.textContent).toBe('About');
    const about = await page('/about');
    expect(root(about).querySelector('main h1')?.textContent).toBe('About The Daily Smear');
    expect(root(about).querySelector('#corrections')?.textContent).toBe('Corrections');
    expect(linkHref(about, 'canonical')).toBe(`${ORIGIN}/about`);
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemaps/sections.xml' })).body;
    expect(sitemap).toContain(`<loc>${ORIGIN}/about</loc>`);
  });

  it('builds every absolute URL of a page from PUBLIC_URL, whatever Host the request had', async () => {
    await insertArticles(t.database.db, [{ headline: 'Host Story', category_id: 1, published_at: daysAgo(1) }]);
    for (const url of ['/', '/politics', '/article/host-story', '/about', '/search?q=host']) {
      const { status, body } = await html(url, { host: 'evil.example:8080' });
      expect(status, url).toBe(200);
      expect(body, url).not.toContain('evil.example');
      const absolute = [...body.matchAll(/https?:(?:\/\/|\\u002F\\u002F|%2F%2F)[^"'\s<>&\\]+/gi)].map((m) => m[0]);
      expect(absolute.length, url).toBeGreaterThan(3);
      for (const u of absolute) {
        const decoded = decodeURIComponent(u.replace(/\\u002F/gi, '/'));
        // The site's own URLs, and the share services' endpoints (whose parameters carry the site's URL).
        expect(
          decoded.startsWith(ORIGIN) || /^https:\/\/(x\.com|twitter\.com|www\.facebook\.com|schema\.org)/.test(decoded),
          `${url}: ${u}`,
        ).toBe(true);
      }
    }
    const share = root((await html('/article/host-story', { host: 'evil.example' })).doc).querySelector(
      'a[href*="facebook.com"], a[href*="x.com"]',
    );
    expect(share?.getAttribute('href')).toContain(encodeURIComponent(`${ORIGIN}/article/host-story`));
  });
});
