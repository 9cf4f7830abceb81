import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CORRECTIONS_PAGE_SIZE, type CorrectionsPage } from '../../../../common/corrections-contract.ts';
import { PROJECT_ROOT } from '../../project-root.ts';
import { PUBLIC_API_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { ssrBundleFile } from '../../rendering/ssr-bundle.ts';
import { correctionsPage, newestCorrectionAt } from '../../repositories/public-corrections.ts';
import { parseCursor } from '../../repositories/keyset-page.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { queryPlan, SORTS, statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Every correction of the published stories (decision 046): GET /News/corrections, paged by cursor as
 * the author and tag pages are (decision 041), and the page /corrections rendered on the server (what a
 * reader without JavaScript gets), on the project's database (SQLite in `api`, PostgreSQL in `api-pg`).
 */
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(PROJECT_ROOT, 'dist/web');
const ORIGIN = 'https://smear.example';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({ env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', PUBLIC_URL: ORIGIN } });
  auth = { authorization: await t.bearer({ sub: 'editor-list', name: 'Corinne Correct' }) };
});
afterAll(async () => t?.close());

function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

const get = async (url: string): Promise<CorrectionsPage> => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as CorrectionsPage;
};
const texts = (page: CorrectionsPage) => page.corrections.map((c) => c.text);

/** Stories: three published, one draft; their ids and slugs. */
let stories: { id: number; slug: string; headline: string }[] = [];
/** The texts of the published stories' corrections, newest first (created_at, then id). */
let expected: string[] = [];
/** When the newest listed correction was added. */
let newestAt = '';

beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('articles').execute();
  const rows = await insertArticles(db, [
    { headline: 'Mayor Swaps Town Hall For Bouncy Castle', published_at: daysAgo(30) },
    { headline: 'Goat Elected To Parish Council', published_at: daysAgo(30) },
    { headline: 'Minister Denies Being Three Cats In A Coat', published_at: daysAgo(30) },
    { headline: 'A Draft Nobody Has Read', published_at: null },
  ]);
  stories = rows.map((r) => ({ id: r.id, slug: r.slug, headline: r.headline }));
  // 45 corrections of the published stories, one a day back from yesterday, four sharing one time (the
  // id breaks the tie), and two of the draft (written in before it was taken down, say): never listed.
  const same = daysAgo(2);
  const values = Array.from({ length: 45 }, (_, i) => ({
    article_id: rows[i % 3]!.id,
    text: `Correction number ${i}: the goat was a sheep.`,
    created_at: i >= 1 && i <= 4 ? same : daysAgo(1 + i),
    created_by: 'Corinne Correct',
    updated_at: null,
    updated_by: null,
  }));
  const inserted = await db
    .insertInto('article_corrections')
    .values(values)
    .returning(['id', 'text', 'created_at'])
    .execute();
  await db
    .insertInto('article_corrections')
    .values(
      [0, 1].map((i) => ({
        article_id: rows[3]!.id,
        text: `Draft correction ${i}: never shown.`,
        created_at: daysAgo(0),
        created_by: 'Corinne Correct',
        updated_at: null,
        updated_by: null,
      })),
    )
    .execute();
  expected = inserted
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id))
    .map((r) => r.text);
  newestAt = inserted
    .map((r) => r.created_at)
    .sort()
    .at(-1)!;
  t.app.newsCache.clear();
});

describe('GET /News/corrections', () => {
  it('walks every correction of the published stories once, newest first, 20 a page, with its story', async () => {
    const pages: CorrectionsPage[] = [];
    let page = await get('/News/corrections');
    expect(page.newer).toBeNull();
    for (;;) {
      pages.push(page);
      if (!page.older) break;
      page = await get(`/News/corrections?before=${encodeURIComponent(page.older)}`);
      expect(page.newer).not.toBeNull();
    }
    expect(pages.map((p) => p.corrections.length)).toEqual([CORRECTIONS_PAGE_SIZE, CORRECTIONS_PAGE_SIZE, 5]);
    expect(pages.flatMap(texts)).toEqual(expected);
    expect(pages.flatMap(texts).join()).not.toContain('Draft correction');
    const first = pages[0]!.corrections[0]!;
    const story = stories.find((s) => s.headline === first.headline)!;
    expect(first).toEqual({ text: expected[0], publishedAt: newestAt, headline: story.headline, slug: story.slug });

    // Back one page from the oldest with `after`: the page before it, exactly.
    const back = await get(`/News/corrections?after=${encodeURIComponent(page.newer!)}`);
    expect(texts(back)).toEqual(texts(pages[1]!));
  });

  it("shows a story's corrections only while it is published", async () => {
    const story = stories[0]!;
    const listed = async () => (await get('/News/corrections')).corrections.filter((c) => c.slug === story.slug);
    expect(await listed()).not.toHaveLength(0);
    const off = await call('POST', `/api/admin/articles/${story.id}/unpublish`);
    expect(off.statusCode, off.body).toBe(200);
    expect(await listed()).toHaveLength(0);
    const on = await call('POST', `/api/admin/articles/${story.id}/publish`);
    expect(on.statusCode, on.body).toBe(200);
    expect(await listed()).not.toHaveLength(0);
  });

  it('answers 400 problems for a malformed cursor and for both; a cursor past the oldest is an empty page', async () => {
    for (const query of [
      'before=nonsense',
      "before=2026-01-01T00:00:00.000Z_1'--",
      'before=2026-01-01T00:00:00.000Z_99999999999',
      'after=_12',
      'before=2026-01-01T00:00:00.000Z_1&after=2026-01-01T00:00:00.000Z_1',
    ]) {
      expectProblem(await t.app.inject({ url: `/News/corrections?${query}` }), 400);
    }
    const empty = await get(`/News/corrections?before=${encodeURIComponent('2000-01-01T00:00:00.000Z_1')}`);
    expect(empty).toEqual({ corrections: [], older: null, newer: null });
    // An old page number is ignored: the first page.
    expect(await get('/News/corrections?page=3')).toEqual(await get('/News/corrections'));
  });

  it('is cached as the other public lists: public headers, an ETag, and a new correction shows at once', async () => {
    const res = await t.app.inject({ url: '/News/corrections' });
    expect(res.headers['cache-control']).toBe(PUBLIC_API_CACHE_CONTROL);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await t.app.inject({ url: '/News/corrections', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const added = await call('POST', `/api/admin/articles/${stories[1]!.id}/corrections`, {
      text: 'The parish council is in fact a goat.',
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await t.app.inject({ url: '/News/corrections' });
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as CorrectionsPage).corrections[0]).toMatchObject({
      text: 'The parish council is in fact a goat.',
      slug: stories[1]!.slug,
    });
  });

  it('is documented with its cursors in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const operation = doc.paths['/News/corrections'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['after', 'before']);
    const ok = operation.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties).sort()).toEqual(['corrections', 'newer', 'older']);
  });
});

// Migration 047's index: a page is a range read of the corrections in the list's order from the cursor,
// each joined to its story by primary key; nothing is sorted and no table is read whole (decision 046).
describe('the list’s query plan', () => {
  /** The second page's cursor. */
  let cursor: ReturnType<typeof parseCursor>;
  it.each([
    ['the first page', () => ({ count: CORRECTIONS_PAGE_SIZE })],
    ['a page from a cursor, and its newer neighbour', () => ({ count: CORRECTIONS_PAGE_SIZE, before: cursor! })],
    ['the page before a cursor', () => ({ count: CORRECTIONS_PAGE_SIZE, after: cursor! })],
  ])('%s reads article_corrections_created_idx in order', async (_, request) => {
    cursor = parseCursor((await get('/News/corrections')).older!);
    const statements = await statementsOf(t.database, (db) => correctionsPage(db, request()));
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expectIndexRead(await queryPlan(t.database, statement));
  });

  it('so does the newest correction’s time (the sitemap’s lastmod)', async () => {
    const statements = await statementsOf(t.database, (db) => newestCorrectionAt(db));
    expect(statements).toHaveLength(1);
    expectIndexRead(await queryPlan(t.database, statements[0]!));
  });
});

function expectIndexRead(lines: string[]) {
  const plan = lines.join('\n');
  expect(
    lines.filter((line) => SORTS.test(line)),
    plan,
  ).toEqual([]);
  if (t.database.dialect === 'sqlite') {
    expect(plan).toMatch(/(SCAN|SEARCH) article_corrections USING INDEX article_corrections_created_idx/);
    // Each story by its id (the primary key, or another index led by id: the planner's pick).
    expect(plan).toMatch(/SEARCH articles USING (INTEGER PRIMARY KEY|(COVERING )?INDEX \w+ \(id=\?\))/);
    expect(plan).not.toMatch(/SCAN articles\b/);
  } else {
    expect(plan).toMatch(/Index Scan( Backward)? using article_corrections_created_idx on article_corrections/);
    // Each story by its id (the primary key, or another index led by id: the planner's pick).
    expect(plan).toMatch(
      /Index (Only )?Scan using \w+ on articles\n\s+Index Cond: \(id = article_corrections\.article_id\)/,
    );
    expect(plan).not.toMatch(/Seq Scan/);
  }
}

const window = new Window();
type Doc = ReturnType<InstanceType<typeof window.DOMParser>['parseFromString']>;

async function page(url: string, status = 200): Promise<Doc> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe(SHARED_CACHE_CONTROL);
  return new window.DOMParser().parseFromString(res.body, 'text/html');
}
const root = (doc: Doc) => doc.getElementById('root')!;
const items = (doc: Doc) => [...root(doc).querySelectorAll('main ol li')];
const dated = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

describe('the page /corrections', () => {
  it('lists them with date, headline link and text, 20 a page, with working older and newer links', async () => {
    const doc = await page('/corrections');
    expect(doc.title).toBe('Corrections | The Daily Smear');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Every correction The Daily Smear has published',
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/corrections`);
    expect(root(doc).querySelector('h1')?.textContent).toBe('Corrections');
    expect(root(doc).textContent).toContain('Even a tabloid gets things wrong');
    expect(items(doc)).toHaveLength(CORRECTIONS_PAGE_SIZE);
    const first = items(doc)[0]!;
    const story = (await get('/News/corrections')).corrections[0]!;
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe(newestAt);
    expect(first.querySelector('time')?.textContent).toBe(dated(newestAt));
    const link = first.querySelector('h2 a');
    expect(link?.getAttribute('href')).toBe(`/article/${story.slug}`);
    expect(link?.textContent).toBe(story.headline);
    expect(first.textContent).toContain(expected[0]);
    expect(root(doc).textContent).not.toContain('Draft correction');

    const next = root(doc).querySelector('a[rel="next"]')?.getAttribute('href') ?? '';
    expect(next).toMatch(/^\/corrections\?page=2&before=[^&]+_\d+$/);
    expect(root(doc).querySelector('a[rel="next"]')?.textContent).toBe('Older corrections →');
    expect(root(doc).querySelector('a[rel="prev"]')).toBeNull();
    expect(doc.querySelector('head link[rel="next"]')?.getAttribute('href')).toBe(`${ORIGIN}${next}`);

    const second = await page(next);
    expect(second.title).toBe('Corrections, page 2 | The Daily Smear');
    expect(items(second).map((li) => li.querySelector('h2')?.nextElementSibling?.textContent)).toEqual(
      expected.slice(CORRECTIONS_PAGE_SIZE, 2 * CORRECTIONS_PAGE_SIZE),
    );
    expect(second.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}${next}`);
    expect(root(second).querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/corrections');
    expect(root(second).querySelector('a[rel="prev"]')?.textContent).toBe('← Newer corrections');
    const third = await page(root(second).querySelector('a[rel="next"]')!.getAttribute('href')!);
    expect(items(third)).toHaveLength(5);
    expect(root(third).querySelector('a[rel="next"]')).toBeNull();
    expect(root(third).querySelector('a[rel="prev"]')?.getAttribute('href')).toMatch(
      /^\/corrections\?page=2&after=[^&]+_\d+$/,
    );
  });

  it('a cursor past the corrections or one that is not ours is the not-found page; an old page number is page 1', async () => {
    for (const url of [
      `/corrections?page=2&before=${encodeURIComponent('2000-01-01T00:00:00.000Z_1')}`,
      `/corrections?page=2&before=${encodeURIComponent('2026-01-01T00:00:00.000Z_9999999999')}`,
      `/corrections?page=2&after=${encodeURIComponent('2999-01-01T00:00:00.000Z_1')}`,
    ]) {
      const doc = await page(url, 404);
      expect(root(doc).textContent, url).toContain('Page not found');
    }
    for (const url of ['/corrections?page=2', '/corrections?page=abc']) {
      const doc = await page(url);
      expect(items(doc), url).toHaveLength(CORRECTIONS_PAGE_SIZE);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/corrections`);
    }
  });

  it("says 'No corrections yet.' when there are none", async () => {
    await t.database.db.deleteFrom('article_corrections').execute();
    t.app.newsCache.clear();
    const doc = await page('/corrections');
    expect(root(doc).querySelector('h1')?.textContent).toBe('Corrections');
    expect(root(doc).textContent).toContain('No corrections yet.');
    expect(items(doc)).toHaveLength(0);
  });

  it('drops the cached page when a correction is added, and links it from the story and the About page', async () => {
    expect((await page('/corrections')).body.textContent).not.toContain('The parish council is in fact a goat.');
    const added = await call('POST', `/api/admin/articles/${stories[1]!.id}/corrections`, {
      text: 'The parish council is in fact a goat.',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(items(await page('/corrections'))[0]?.textContent).toContain('The parish council is in fact a goat.');
    const article = await page(`/article/${stories[1]!.slug}`);
    const block = [...root(article).querySelectorAll('section')].find(
      (s) => s.querySelector('h2')?.textContent === 'Corrections',
    );
    expect(block?.querySelector('a[href="/corrections"]')?.textContent).toBe('All corrections');
    const about = await page('/about');
    const section = root(about).querySelector('section[aria-labelledby="corrections"]');
    expect(section?.querySelector('a[href="/corrections"]')?.textContent).toBe('See every correction');
  });

  it('is in the sitemap, its lastmod the newest correction of a published story', async () => {
    const sitemap = (await t.app.inject({ url: '/sitemaps/sections.xml' })).body;
    expect(sitemap).toContain(`<loc>${ORIGIN}/corrections</loc><lastmod>${newestAt}</lastmod>`);
    const added = await call('POST', `/api/admin/articles/${stories[2]!.id}/corrections`, {
      text: 'The minister is, in fact, two cats.',
    });
    const at = (added.json() as { createdAt: string }).createdAt;
    expect((await t.app.inject({ url: '/sitemaps/sections.xml' })).body).toContain(
      `<loc>${ORIGIN}/corrections</loc><lastmod>${at}</lastmod>`,
    );
  });
});
