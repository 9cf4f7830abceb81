import { beforeEach, describe, expect, it } from 'vitest';
import { PERSON_PAGE_SIZE } from '../../../../common/byline.ts';
import { PUBLIC_API_CACHE_CONTROL } from '../../plugins/http-cache.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { useBylinesApp } from '../../test-support/bylines-app.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

/**
 * GET /News/author/{slug} and /News/tag/{slug} page by keyset cursor as GET /News/archive does
 * (decision 041), on the project's database (SQLite in `api`, PostgreSQL in `api-pg`).
 */
const bylines = useBylinesApp();

interface Page {
  articles: { id: number; headline: string }[];
  older: string | null;
  newer: string | null;
}

const get = async (url: string): Promise<Page> => {
  const res = await bylines.t.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Page;
};
const ids = (page: Page) => page.articles.map((a) => a.id);

let authorId = 0;
let tagId = 0;
/** The published stories of the author and of the tag, newest first (published_at, then id). */
let expected: { author: number[]; tag: number[] };

beforeEach(async () => {
  const db = bylines.t.database.db;
  const author = await bylines.call('POST', '/api/admin/authors', { name: 'Paige Turner' });
  expect(author.statusCode, author.body).toBe(201);
  authorId = author.json().id;
  const tag = await bylines.call('POST', '/api/admin/tags', { name: 'Cliffhangers' });
  tagId = tag.json().id;
  // 40 stories: every fourth a draft, six sharing one publication time (the id breaks the tie), a
  // few by nobody in particular. The author has those not by nobody, the tag every other one.
  const same = daysAgo(3);
  const rows = await insertArticles(
    db,
    Array.from({ length: 40 }, (_, i) => ({
      headline: `Story ${i}`,
      published_at: i % 4 === 3 ? null : i < 6 ? same : daysAgo(10 + i),
    })),
  );
  const mine = rows.filter((_, i) => i % 10 !== 9);
  await db
    .insertInto('article_authors')
    .values(mine.map((r) => ({ article_id: r.id, author_id: authorId, position: 0 })))
    .execute();
  const tagged = rows.filter((_, i) => i % 2 === 0);
  await db
    .insertInto('article_tags')
    .values(tagged.map((r) => ({ article_id: r.id, tag_id: tagId, position: 0 })))
    .execute();
  const newestFirst = (list: typeof rows) =>
    list
      .filter((r) => r.published_at !== null)
      .sort((a, b) => (a.published_at! < b.published_at! ? 1 : a.published_at! > b.published_at! ? -1 : b.id - a.id))
      .map((r) => r.id);
  expected = { author: newestFirst(mine), tag: newestFirst(tagged) };
  bylines.t.app.newsCache.clear();
});

/** Publishes a new story by the author with the tag, through the newsroom API. */
async function publishFresh(headline: string): Promise<number> {
  const res = await bylines.call('POST', '/api/admin/articles', {
    headline,
    summary: 'S.',
    content: 'One.',
    category: 'Politics',
    authors: [authorId],
    tags: [tagId],
    published: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe.each([
  ['author', 'paige-turner'],
  ['tag', 'cliffhangers'],
] as const)('GET /News/%s/{slug}', (kind, slug) => {
  const base = `/News/${kind}/${slug}`;

  it('walks the stories once each, newest first, while new ones are published between page loads', async () => {
    const seen: number[] = [];
    const pages: Page[] = [];
    const fresh: string[] = [];
    let page = await get(base);
    expect(page.newer).toBeNull();
    for (;;) {
      pages.push(page);
      seen.push(...ids(page));
      // A story published before the next page load must not shift the pages.
      fresh.push(`Fresh ${kind} ${seen.length}`);
      await publishFresh(fresh.at(-1)!);
      if (!page.older) break;
      page = await get(`${base}?before=${encodeURIComponent(page.older)}`);
      expect(page.newer).not.toBeNull();
    }
    expect(seen).toEqual(expected[kind]);
    expect(pages.slice(0, -1).map((p) => p.articles.length)).toEqual(pages.slice(0, -1).map(() => PERSON_PAGE_SIZE));
    expect(pages.length).toBeGreaterThanOrEqual(2);

    // Back one page from the oldest with `after`: the page before it, exactly.
    const back = await get(`${base}?after=${encodeURIComponent(page.newer!)}`);
    expect(ids(back)).toEqual(ids(pages.at(-2)!));

    // The stories published meanwhile lead the first page now, newest first.
    const first = await get(base);
    expect(first.articles.slice(0, fresh.length).map((a) => a.headline)).toEqual([...fresh].reverse());
  });

  it('answers 400 problems for a malformed cursor and for both cursors', async () => {
    for (const query of [
      'before=nonsense',
      "before=2026-01-01T00:00:00.000Z_1'--",
      'before=2026-01-01T00:00:00.000Z_99999999999',
      'after=_12',
      'before=2026-01-01T00:00:00.000Z_1&after=2026-01-01T00:00:00.000Z_1',
    ]) {
      expectProblem(await bylines.t.app.inject({ url: `${base}?${query}` }), 400);
    }
    // The cursor is checked before the slug: the same answer for a slug that is not there.
    expectProblem(await bylines.t.app.inject({ url: `/News/${kind}/nobody-here?before=nonsense` }), 400);
    expectProblem(await bylines.t.app.inject({ url: `/News/${kind}/nobody-here` }), 404, `There is no ${kind}`);
  });

  it('a cursor past the oldest story is an empty page; an old ?page=N is the first page', async () => {
    const empty = await get(`${base}?before=${encodeURIComponent('2000-01-01T00:00:00.000Z_1')}`);
    expect(empty).toMatchObject({ articles: [], older: null });
    const first = await get(base);
    for (const query of ['page=1', 'page=3', 'page=abc']) {
      const old = await get(`${base}?${query}`);
      expect(old, query).toEqual(first);
    }
  });

  it('is cached as the archive is: public headers, an ETag, and a new story shows at once', async () => {
    const url = `${base}?before=${encodeURIComponent(`${daysAgo(0)}_2147483647`)}`;
    const res = await bylines.t.app.inject({ url });
    expect(res.headers['cache-control']).toBe(PUBLIC_API_CACHE_CONTROL);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await bylines.t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const firstEtag = String((await bylines.t.app.inject({ url: base })).headers.etag);
    const fresh = await publishFresh(`Breaking ${kind}`);
    const after = await bylines.t.app.inject({ url: base });
    expect(after.headers.etag).not.toBe(firstEtag);
    expect(ids(after.json() as Page)[0]).toBe(fresh);
  });

  it('takes a story off when it is unpublished and puts it back first when it is published again', async () => {
    const top = expected[kind][0]!;
    const unpublished = await bylines.call('POST', `/api/admin/articles/${top}/unpublish`);
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(ids(await get(base))).not.toContain(top);
    const published = await bylines.call('POST', `/api/admin/articles/${top}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(ids(await get(base))[0]).toBe(top);
  });
});

describe('author and tag pages in the API', () => {
  it('a renamed author: the old slug answers 301 to the new one with the cursor kept', async () => {
    const renamed = await bylines.call('PATCH', `/api/admin/authors/${authorId}`, { name: 'Paige Turner-Over' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const cursor = encodeURIComponent(`${daysAgo(20)}_5`);
    const old = await bylines.t.app.inject({ url: `/News/author/paige-turner?before=${cursor}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/News/author/paige-turner-over?before=${cursor}`);
  });

  it('are documented with their cursors in the OpenAPI document', async () => {
    const doc = (await bylines.t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of ['/News/author/{slug}', '/News/tag/{slug}']) {
      const operation = doc.paths[path].get;
      expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['after', 'before', 'slug']);
      const ok = operation.responses['200'].content['application/json'].schema;
      expect(Object.keys(ok.properties)).toEqual(expect.arrayContaining(['articles', 'older', 'newer']));
      expect(Object.keys(ok.properties)).not.toContain('page');
    }
  });
});
