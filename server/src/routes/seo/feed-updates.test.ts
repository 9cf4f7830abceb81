import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticles } from '../../test-support/articles.ts';
import { checkAtom, checkJsonFeed, checkRss } from '../../test-support/feed-check.ts';
import { editBody } from '../../test-support/admin-articles.ts';

/**
 * Feeds and sitemaps as an article changes (SQLite in `api`, PostgreSQL in `api-pg`): permanent item
 * ids, the real modification time (not moved by a minor edit), and XML that no stored text can break.
 */
let t: TestApp;
let auth: { authorization: string };
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['item', 'url', 'sitemap', 'entry'].includes(name),
});

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'feed-editor', name: 'Fay Feeder' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('slug_redirects').execute();
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const FEEDS = ['/feeds/rss.xml', '/feeds/atom.xml', '/feeds/feed.json', '/feeds/politics/atom.xml'];
const XML_DOCS = [
  '/feeds/rss.xml',
  '/feeds/atom.xml',
  '/feeds/politics/rss.xml',
  '/sitemap.xml',
  '/sitemaps/sections.xml',
  '/sitemaps/news.xml',
  '/sitemaps/articles-1.xml',
];

async function edit(id: number, fields: Record<string, unknown>) {
  const current = await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers: auth });
  expect(current.statusCode).toBe(200);
  const a = current.json();
  const payload = editBody(a, fields);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/articles/${id}`,
    headers: { ...auth, 'content-type': 'application/json' },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function feedsNow() {
  const rss = parser.parse((await get('/feeds/rss.xml')).body).rss.channel;
  const atom = parser.parse((await get('/feeds/atom.xml')).body).feed;
  const json = (await get('/feeds/feed.json')).json();
  const sitemap = parser.parse((await get('/sitemaps/articles-1.xml')).body).urlset.url;
  return { rss, atom, json, sitemap };
}

describe('feed items after an edit', () => {
  it('keep their id while the link follows the new slug; the modification time moves, not after a minor edit', async () => {
    const [row] = await insertArticles(t.database.db, [
      { headline: 'Mayor Loses Pigeon', category_id: 1, published_at: daysAgo(1) },
    ]);
    const before = await feedsNow();
    const id = `tag:news.test,2026-01-01:article:${row!.id}`;
    expect(before.rss.item[0].guid['#text']).toBe(id);
    expect(before.atom.entry[0].id).toBe(id);
    expect(before.json.items[0].id).toBe(id);
    expect(before.json.items[0].date_modified).toBe(before.json.items[0].date_published);
    const publishedAt = before.json.items[0].date_published;

    const edited = await edit(row!.id, { headline: 'Mayor Finds Pigeon' });
    expect(edited.slug).toBe('mayor-finds-pigeon');
    const after = await feedsNow();
    for (const url of FEEDS) {
      const body = (await get(url)).body;
      expect(
        url.endsWith('.json') ? checkJsonFeed(body) : url.includes('rss') ? checkRss(body) : checkAtom(body),
      ).toEqual([]);
    }
    expect(after.rss.item).toHaveLength(1);
    expect(after.rss.item[0].guid['#text']).toBe(id);
    expect(after.rss.item[0].link).toBe('http://news.test/article/mayor-finds-pigeon');
    expect(after.atom.entry[0].id).toBe(id);
    expect(after.atom.entry[0].link['@_href']).toBe('http://news.test/article/mayor-finds-pigeon');
    expect(after.json.items[0].id).toBe(id);
    expect(after.json.items[0].url).toBe('http://news.test/article/mayor-finds-pigeon');
    // The modification time is the edit's, everywhere.
    const modified = edited.updatedAt;
    expect(modified > publishedAt).toBe(true);
    expect(after.atom.entry[0].updated).toBe(modified);
    expect(after.atom.entry[0].published).toBe(publishedAt);
    expect(after.atom.updated).toBe(modified);
    expect(after.json.items[0].date_modified).toBe(modified);
    expect(new Date(after.rss.lastBuildDate).getTime()).toBe(Math.floor(Date.parse(modified) / 1000) * 1000);
    expect(after.sitemap[0].lastmod).toBe(modified);
    const index = parser.parse((await get('/sitemap.xml')).body).sitemapindex.sitemap;
    expect(index.find((s: any) => s.loc.endsWith('/articles-1.xml')).lastmod).toBe(modified);

    // A typo fix marked minor changes the text, not the time readers are told.
    const minor = await edit(row!.id, { summary: 'A sumary, fixed.', minorEdit: true });
    expect(minor.summary).toBe('A sumary, fixed.');
    const afterMinor = await feedsNow();
    expect(afterMinor.json.items[0].summary).toBe('A sumary, fixed.');
    expect(afterMinor.json.items[0].date_modified).toBe(modified);
    expect(afterMinor.atom.entry[0].updated).toBe(modified);
    expect(afterMinor.sitemap[0].lastmod).toBe(modified);
    const publicArticle = (await get('/News/slug/mayor-finds-pigeon')).json();
    expect(publicArticle.modifiedAt).toBe(modified);

    // A change readers do not see (the share choice) moves nothing either.
    await edit(row!.id, { shareToX: false });
    expect((await feedsNow()).json.items[0].date_modified).toBe(modified);
  });

  it('an edit of a draft is no update: published later, its modification time is its publication', async () => {
    const [row] = await insertArticles(t.database.db, [
      { headline: 'Draft Goose', category_id: 1, published_at: null },
    ]);
    await edit(row!.id, { summary: 'Changed while a draft.' });
    const pub = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${row!.id}/publish`, headers: auth });
    expect(pub.statusCode, pub.body).toBe(200);
    const json = (await get('/feeds/feed.json')).json();
    expect(json.items[0].date_modified).toBe(json.items[0].date_published);
    expect((await get('/News/slug/draft-goose')).json().modifiedAt).toBeNull();
  });

  it('minorEdit must be a boolean', async () => {
    const [row] = await insertArticles(t.database.db, [{ headline: 'Strict Swan', published_at: daysAgo(1) }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${row!.id}`,
      headers: { ...auth, 'content-type': 'application/json', 'if-match': '"1"' },
      payload: { headline: 'Strict Swan', minorEdit: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('what XML forbids never reaches a document', () => {
  it('C0 controls, lone surrogates and U+FFFE/FFFF in stored text are dropped from feeds and sitemaps', async () => {
    // Stored as an import or an older release may have left it (input validation refuses them now).
    // PostgreSQL cannot store NUL in text at all; SQLite can.
    const nul = t.database.dialect === 'postgres' ? '' : '\u0000';
    await insertArticles(t.database.db, [
      {
        headline: `Null${nul} Bell\u0007 Esc\u001b Half\ud800 Nonchar\uffff End`,
        summary: `Sum${nul}mary \udc00 \ufffe`,
        content: `Body${nul} one\u000b.\n\nBody two \u0008 ]]> <![CDATA[`,
        author: 'Au\u0001thor',
        category_id: 1,
        published_at: daysAgo(0.1),
      },
    ]);
    for (const url of XML_DOCS) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      // eslint-disable-next-line no-control-regex
      expect(res.body, url).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/);
    }
    expect(checkRss((await get('/feeds/rss.xml')).body)).toEqual([]);
    expect(checkAtom((await get('/feeds/atom.xml')).body)).toEqual([]);
    expect(checkJsonFeed((await get('/feeds/feed.json')).body)).toEqual([]);
    const news = parser.parse((await get('/sitemaps/news.xml')).body).urlset.url;
    // A lone surrogate may already be U+FFFD in storage (the database keeps UTF-8): allowed in XML.
    expect(news[0]['news:news']['news:title']).toMatch(/^Null Bell Esc Half\ufffd? Nonchar End$/);
    const atom = parser.parse((await get('/feeds/atom.xml')).body).feed;
    expect(atom.entry[0].content['#text']).toContain('Body two  ]]&gt; &lt;![CDATA[');
  });
});

describe('plain-text fields are text in every feed', () => {
  it('a headline or summary that looks like markup is sent as text; only the body is HTML', async () => {
    const headline = '<img src=x onerror=alert(1)> & "Quotes"';
    const summary = '<b>Bold</b> claim & <script>x</script>';
    await insertArticles(t.database.db, [
      { headline, summary, content: 'First <i>para</i>.', category_id: 1, published_at: daysAgo(0.1) },
    ]);
    const atomBody = (await get('/feeds/atom.xml')).body;
    expect(checkAtom(atomBody)).toEqual([]);
    const entry = parser.parse(atomBody).feed.entry[0];
    expect(entry.title['@_type']).toBe('text');
    expect(entry.title['#text']).toBe(headline);
    expect(entry.summary['#text']).toBe(summary);
    expect(entry.summary['@_type']).toBe('text');
    expect(entry.content['@_type']).toBe('html');
    expect(atomBody).not.toMatch(/<img|<b>|<script/);
    expect(atomBody).not.toContain('type="html"><![CDATA[');

    // RSS: <description> is HTML to readers, so the summary's characters are escaped for HTML too.
    const rssBody = (await get('/feeds/rss.xml')).body;
    expect(checkRss(rssBody)).toEqual([]);
    expect(rssBody).toContain(
      '<description>&amp;lt;b&amp;gt;Bold&amp;lt;/b&amp;gt; claim &amp;amp; &amp;lt;script&amp;gt;x&amp;lt;/script&amp;gt;</description>',
    );
    expect(rssBody).not.toMatch(/<!\[CDATA\[/);
    // The body is the one HTML field, its text escaped inside it.
    expect(rssBody).toContain(
      '<content:encoded>&lt;p&gt;First &amp;lt;i&amp;gt;para&amp;lt;/i&amp;gt;.&lt;/p&gt;</content:encoded>',
    );

    const json = (await get('/feeds/feed.json')).json();
    expect(json.items[0].title).toBe(headline);
    expect(json.items[0].summary).toBe(summary);
    expect(json.items[0].content_html).toBe('<p>First &lt;i&gt;para&lt;/i&gt;.</p>');
  });
});
