import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticles } from '../../test-support/articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import type { ArticleRow } from '../../db/schema.ts';
import { shareCardFor } from '../../share-cards/share-card.ts';
import { checkAtom, checkJsonFeed, checkRss } from '../../test-support/feed-check.ts';

let t: TestApp;
let rows: ArticleRow[];
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['item', 'url', 'sitemap', 'entry'].includes(name),
});

beforeAll(async () => {
  t = await createTestApp();
  rows = await insertArticles(t.database.db, [
    { headline: 'Politics old', category_id: 1, published_at: daysAgo(5), content: 'Para one & <two>.\n\nPara two.' },
    { headline: 'Tech fresh', category_id: 2, published_at: daysAgo(0.5) },
    { headline: 'Secret draft', category_id: 1, published_at: null },
    { headline: 'Politics fresh', category_id: 1, published_at: daysAgo(1), is_breaking: 1 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const published = () => rows.filter((r) => r.published_at !== null);

describe('feeds', () => {
  it('RSS 2.0 of the site: published articles newest first with the fields readers need, no drafts', async () => {
    const res = await get('/feeds/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(checkRss(res.body)).toEqual([]);
    const channel = parser.parse(res.body).rss.channel;
    const items = channel.item as Record<string, any>[];
    expect(items.map((i) => i.title)).toEqual(['Tech fresh', 'Politics fresh', 'Politics old']);
    const old = items[2]!;
    expect(old.link).toBe('http://news.test/article/politics-old');
    expect(old.guid['#text']).toBe(`tag:news.test,2026-01-01:article:${rows[0]!.id}`);
    expect(old.guid['@_isPermaLink']).toBe('false');
    expect(new Date(old.pubDate).getTime()).not.toBeNaN();
    expect(old.category['#text'] ?? old.category).toBe('Politics');
    expect(old.description).toBe('A summary.');
    expect(old['content:encoded']).toBe('<p>Para one &amp; &lt;two&gt;.</p><p>Para two.</p>');
    // No enclosure: its byte length is not known before the card is drawn, and 0 is not a length.
    expect(old.enclosure).toBeUndefined();
    expect(res.body).not.toContain('Secret draft');
  });

  it('a section feed, Atom and JSON Feed; 404 for an unknown section', async () => {
    const rssBody = (await get('/feeds/politics/rss.xml')).body;
    expect(checkRss(rssBody)).toEqual([]);
    const rss = parser.parse(rssBody).rss.channel;
    expect(rss.item.map((i: any) => i.title)).toEqual(['Politics fresh', 'Politics old']);
    for (const url of ['/feeds/atom.xml', '/feeds/politics/atom.xml'])
      expect(checkAtom((await get(url)).body)).toEqual([]);
    const atom = parser.parse((await get('/feeds/politics/atom.xml')).body).feed;
    expect(atom.entry.map((e: any) => e.title['#text'] ?? e.title)).toEqual(['Politics fresh', 'Politics old']);
    expect(atom.entry[0].category['@_term']).toBe('politics');
    for (const url of ['/feeds/feed.json', '/feeds/politics/feed.json']) {
      expect(checkJsonFeed((await get(url)).body)).toEqual([]);
    }
    const json = (await get('/feeds/feed.json')).json();
    expect(json.items.map((i: any) => i.title)).toEqual(['Tech fresh', 'Politics fresh', 'Politics old']);
    expectProblem(await get('/feeds/nope/rss.xml'), 404);
    expectProblem(await get('/feeds/rss.html'), 400);
  });

  it('ETag/304, compression by Accept-Encoding with Vary, and a new body after an editorial change', async () => {
    const first = await get('/feeds/rss.xml', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const xml = gunzipSync(first.rawPayload).toString('utf8');
    expect(parser.parse(xml).rss.channel.item).toHaveLength(3);
    const br = await get('/feeds/rss.xml', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(xml);
    const again = await get('/feeds/rss.xml', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    await t.database.db
      .updateTable('articles')
      .set({ headline: 'Tech fresher' })
      .where('id', '=', rows[1]!.id)
      .execute();
    t.app.newsCache.clear();
    const changed = await get('/feeds/rss.xml', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(changed.statusCode).toBe(200);
    expect(gunzipSync(changed.rawPayload).toString('utf8')).toContain('Tech fresher');
    await t.database.db.updateTable('articles').set({ headline: 'Tech fresh' }).where('id', '=', rows[1]!.id).execute();
    t.app.newsCache.clear();
  });
});

describe('robots.txt and sitemaps', () => {
  it('without PUBLIC_URL, a Host that is no host name gives feeds and sitemaps localhost URLs, never a 5xx', async () => {
    const bare = await createTestApp({ env: { PUBLIC_URL: '' } });
    try {
      await insertArticles(bare.database.db, [
        { headline: 'Hostless Heron Lands', category_id: 1, published_at: daysAgo(0) },
      ]);
      for (const url of ['/feeds/rss.xml', '/feeds/atom.xml', '/feeds/feed.json', '/sitemap.xml', '/robots.txt']) {
        const res = await bare.app.inject({ method: 'GET', url, headers: { host: 'a:b:c' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('a:b:c');
        expect(res.body, url).toContain('http://localhost');
      }
    } finally {
      await bare.close();
    }
  });

  it('robots.txt allows pages, disallows admin and the API, names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /News',
        'Sitemap: http://news.test/sitemap.xml',
      ]),
    );
  });

  it('the index lists the files; the files list every published article and section, no drafts', async () => {
    const index = parser.parse((await get('/sitemap.xml')).body).sitemapindex.sitemap.map((s: any) => s.loc);
    expect(index).toEqual([
      'http://news.test/sitemaps/sections.xml',
      'http://news.test/sitemaps/news.xml',
      'http://news.test/sitemaps/articles-1.xml',
    ]);
    // Every file of the index says when it last changed.
    for (const entry of parser.parse((await get('/sitemap.xml')).body).sitemapindex.sitemap) {
      expect(new Date(entry.lastmod).toISOString(), entry.loc).toBe(entry.lastmod);
    }
    const urls: { loc: string; lastmod?: string }[] = [];
    for (const loc of index.filter((l: string) => l.includes('articles-'))) {
      const res = await get(new URL(loc).pathname);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(XMLValidator.validate(res.body)).toBe(true);
      urls.push(...parser.parse(res.body).urlset.url);
    }
    expect(urls.map((u) => u.loc).sort()).toEqual(
      published()
        .map((r) => `http://news.test/article/${r.slug}`)
        .sort(),
    );
    for (const u of urls) expect(new Date(u.lastmod!).toISOString()).toBe(u.lastmod);
    const sections = parser.parse((await get('/sitemaps/sections.xml')).body).urlset.url;
    expect(sections.map((u: any) => u.loc)).toEqual([
      'http://news.test/',
      ...['politics', 'technology', 'sport', 'business', 'us', 'uk'].map((p) => `http://news.test/${p}`),
      'http://news.test/about',
      'http://news.test/corrections',
    ]);
    expect(JSON.stringify(sections)).not.toContain('/search');
    expect(sections[1].lastmod).toBeDefined();
    // An empty range is a valid, empty sitemap.
    const empty = await get('/sitemaps/articles-7.xml');
    expect(empty.statusCode).toBe(200);
    expect(parser.parse(empty.body).urlset.url ?? []).toEqual([]);
    expectProblem(await get('/sitemaps/articles-0.xml'), 400);
  });

  it('article sitemaps name each lead image (image:loc, absolute) in the image sitemap namespace', async () => {
    const [withImage, external] = await insertArticles(t.database.db, [
      { headline: 'Sitemap picture', published_at: daysAgo(3), image_url: `/images/${'ab'.repeat(16)}-1600.webp` },
      { headline: 'Sitemap elsewhere', published_at: daysAgo(3), image_url: 'https://pics.example/a&b.jpg' },
    ]);
    t.app.newsCache.clear();
    try {
      const body = (await get('/sitemaps/articles-1.xml')).body;
      expect(XMLValidator.validate(body)).toBe(true);
      const doc = parser.parse(body).urlset;
      // The namespaces the sitemap protocol and Google's image extension define, nothing else.
      expect(doc['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      expect(doc['@_xmlns:image']).toBe('http://www.google.com/schemas/sitemap-image/1.1');
      const byLoc = new Map<string, any>(doc.url.map((u: any) => [u.loc, u]));
      for (const u of doc.url) {
        // Per the image sitemap schema: image:image holds image:loc (deprecated title/caption left out).
        const allowed = ['loc', 'lastmod', 'image:image'];
        expect(
          Object.keys(u).filter((k) => !allowed.includes(k)),
          u.loc,
        ).toEqual([]);
        if (u['image:image']) expect(Object.keys(u['image:image'])).toEqual(['image:loc']);
      }
      expect(byLoc.get(`http://news.test/article/${withImage!.slug}`)['image:image']['image:loc']).toBe(
        `http://news.test/images/${'ab'.repeat(16)}-1600.webp`,
      );
      expect(byLoc.get(`http://news.test/article/${external!.slug}`)['image:image']['image:loc']).toBe(
        'https://pics.example/a&b.jpg',
      );
      expect(body).toContain('<image:loc>https://pics.example/a&amp;b.jpg</image:loc>');
      // Articles without a picture have no image entry.
      expect(byLoc.get(`http://news.test/article/${rows[0]!.slug}`)['image:image']).toBeUndefined();
    } finally {
      await t.database.db.deleteFrom('articles').where('id', 'in', [withImage!.id, external!.id]).execute();
      t.app.newsCache.clear();
    }
  });

  it('Google News: only articles published in the last 48 hours', async () => {
    const news = parser.parse((await get('/sitemaps/news.xml')).body).urlset.url;
    expect(news.map((u: any) => u['news:news']['news:title']).sort()).toEqual(['Politics fresh', 'Tech fresh']);
    expect(news[0]['news:news']['news:publication']['news:name']).toBe('The Daily Smear');
  });
});

describe('share cards', () => {
  it('draws a 1200x630 PNG once, reuses it, and makes a new one after a headline edit', async () => {
    const article = rows[0]!;
    const ref = shareCardFor({ id: article.id, headline: article.headline, category: 'Politics', imageUrl: null });
    const res = await get(ref.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    const file = path.join(t.dataDir, 'share-cards', path.basename(ref.url));
    const stat = await fs.stat(file);
    const again = await get(ref.url);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect((await fs.stat(file)).mtimeMs).toBe(stat.mtimeMs);

    await t.database.db
      .updateTable('articles')
      .set({ headline: 'Politics renamed' })
      .where('id', '=', article.id)
      .execute();
    const renewed = shareCardFor({
      id: article.id,
      headline: 'Politics renamed',
      category: 'Politics',
      imageUrl: null,
    });
    expect(renewed.url).not.toBe(ref.url);
    const old = await get(ref.url);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(renewed.url);
    const fresh = await get(renewed.url);
    expect(fresh.statusCode).toBe(200);
    expect(Buffer.compare(fresh.rawPayload, res.rawPayload)).not.toBe(0);
    await t.database.db
      .updateTable('articles')
      .set({ headline: 'Politics old' })
      .where('id', '=', article.id)
      .execute();
  });

  it('crops a local raster image to 1200x630; the site card; no card for drafts', async () => {
    await fs.mkdir(path.join(t.config.webDistDir, 'images'), { recursive: true });
    await sharp({ create: { width: 800, height: 800, channels: 3, background: '#3366ff' } })
      .jpeg()
      .toFile(path.join(t.config.webDistDir, 'images', 'photo.jpg'));
    const [withImage] = await insertArticles(t.database.db, [
      { headline: 'With a photo', published_at: daysAgo(2), image_url: '/images/photo.jpg' },
    ]);
    const ref = shareCardFor({
      id: withImage!.id,
      headline: 'With a photo',
      category: 'Politics',
      imageUrl: '/images/photo.jpg',
    });
    const res = await get(ref.url);
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    expect([data[0], data[1], data[2]]).toEqual([0x33, 0x66, 0xff]);

    const site = await get('/share-cards/site.png');
    const siteMeta = await sharp(site.rawPayload).metadata();
    expect([siteMeta.format, siteMeta.width, siteMeta.height]).toEqual(['png', 1200, 630]);

    const draft = rows[2]!;
    const draftRef = shareCardFor({ id: draft.id, headline: draft.headline, category: 'Politics', imageUrl: null });
    expectProblem(await get(draftRef.url), 404);
    expectProblem(await get('/share-cards/..%2Fsecret.png'), 400);
  });
});
