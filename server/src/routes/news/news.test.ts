import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticles } from '../../test-support/articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function reset() {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /News', () => {
  beforeEach(reset);

  it('lists published articles only, newest first, breaking split from the rest, without content', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Old news', published_at: daysAgo(3), category_id: 1 },
      { headline: 'Draft story', published_at: null, category_id: 1 },
      {
        headline: 'Fresh news',
        published_at: daysAgo(0.1),
        category_id: 2,
        image_url: '/images/a.webp',
        original_url: 'https://example.org/x',
      },
      { headline: 'Breaking old', published_at: daysAgo(2), is_breaking: 1, category_id: 3 },
      { headline: 'Breaking new', published_at: daysAgo(1), is_breaking: 1, category_id: 5 },
      { headline: 'Breaking draft', published_at: null, is_breaking: 1 },
    ]);
    const res = await get('/News');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.breakingNews.map((a: any) => a.headline)).toEqual(['Breaking new', 'Breaking old']);
    expect(body.allArticles.map((a: any) => a.headline)).toEqual(['Fresh news', 'Old news']);
    const fresh = body.allArticles[0];
    expect(fresh).toEqual({
      id: expect.any(Number),
      slug: 'fresh-news',
      headline: 'Fresh news',
      summary: 'A summary.',
      author: 'Staff Hack',
      category: 'Technology',
      source: 'Wire',
      imageUrl: '/images/a.webp',
      imageAlt: '',
      imageCaption: '',
      imageCredit: '',
      imageFocalX: 0.5,
      imageFocalY: 0.5,
      originalUrl: 'https://example.org/x',
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      modifiedAt: null,
      isBreaking: false,
    });
    expect(fresh).not.toHaveProperty('content');
    expect(body.allArticles[1]).toMatchObject({ imageUrl: null, originalUrl: null, category: 'Politics' });
    expect(body.breakingNews[0]).toMatchObject({ isBreaking: true, category: 'US' });
  });

  it('orders articles published at the same time by id, newest id first', async () => {
    const at = daysAgo(1);
    const rows = await insertArticles(t.database.db, [
      { headline: 'Same A', published_at: at },
      { headline: 'Same B', published_at: at },
    ]);
    const body = (await get('/News')).json();
    expect(body.allArticles.map((a: any) => a.id)).toEqual([rows[1]!.id, rows[0]!.id]);
  });

  it('returns 15 of each by default and at most count, up to 50', async () => {
    await insertArticles(
      t.database.db,
      Array.from({ length: 60 }, (_, i) => ({
        headline: `Story ${i}`,
        published_at: daysAgo(i / 24),
        is_breaking: i % 2,
      })),
    );
    const def = (await get('/News')).json();
    expect(def.breakingNews).toHaveLength(15);
    expect(def.allArticles).toHaveLength(15);
    expect(def.allArticles[0].headline).toBe('Story 0');
    const three = (await get('/News?count=3')).json();
    expect(three.breakingNews.map((a: any) => a.headline)).toEqual(['Story 1', 'Story 3', 'Story 5']);
    expect(three.allArticles.map((a: any) => a.headline)).toEqual(['Story 0', 'Story 2', 'Story 4']);
    const max = (await get('/News?count=50')).json();
    expect(max.breakingNews).toHaveLength(30);
    expect(max.allArticles).toHaveLength(30);
  });

  it('filters by category given by name or path, case-insensitively', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Politics one', published_at: daysAgo(1), category_id: 1 },
      { headline: 'US one', published_at: daysAgo(1), category_id: 5, is_breaking: 1 },
      { headline: 'UK one', published_at: daysAgo(1), category_id: 6 },
    ]);
    for (const q of ['Politics', 'politics', 'POLITICS']) {
      const body = (await get(`/News?category=${q}&count=15`)).json();
      expect(body.allArticles.map((a: any) => a.headline)).toEqual(['Politics one']);
      expect(body.breakingNews).toEqual([]);
    }
    for (const q of ['US', 'us']) {
      const body = (await get(`/News?category=${q}`)).json();
      expect(body.breakingNews.map((a: any) => a.headline)).toEqual(['US one']);
      expect(body.allArticles).toEqual([]);
    }
    const empty = (await get('/News?category=sport')).json();
    expect(empty).toEqual({ breakingNews: [], allArticles: [] });
    const all = (await get('/News?category=')).json();
    expect(all.allArticles).toHaveLength(2);
  });

  it.each([
    ['count=0', 'count'],
    ['count=-1', 'count'],
    ['count=51', 'count'],
    ['count=abc', 'count'],
    ['count=1.5', 'count'],
    ['count=', 'count'],
    ['count=2&count=3', 'count'],
    ['count=Infinity', 'count'],
    ['count=-Infinity', 'count'],
    ['count=1e400', 'count'],
    ['category=Gossip', 'Gossip'],
    ['category=' + 'x'.repeat(51), 'category'],
  ])('answers 400 problem+json for %s', async (query, mentioned) => {
    const res = await get(`/News?${query}`);
    const problem = expectProblem(res, 400, mentioned);
    expect(problem.title).toBe('Bad Request');
    expect(problem.instance).toBe('/News');
  });

  it('explains what is wrong with count and slug in the detail', async () => {
    expectProblem(await get('/News?count=51'), 400, "Query parameter 'count' must be at most 50.");
    expectProblem(await get('/News?count=0'), 400, "Query parameter 'count' must be at least 1.");
    expectProblem(await get('/News?count=1.5'), 400, "Query parameter 'count' must be a whole number.");
    expectProblem(
      await get('/News?category=Gossip'),
      400,
      "Unknown category 'Gossip'. Use one of: Politics, Technology, Sport, Business, US, UK.",
    );
    expectProblem(await get('/News/slug/A'), 400, "Path parameter 'slug' must match the pattern ^[a-z0-9-]{1,200}$.");
  });

  it('sends short public caching with a strong ETag and answers If-None-Match with 304', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Cached', published_at: daysAgo(1) },
      { headline: 'Cached too', published_at: daysAgo(2) },
    ]);
    const first = await get('/News');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get('/News', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/News', { 'if-none-match': `"nope", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/News', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Another query is another body, so another tag.
    expect((await get('/News?count=1')).headers.etag).not.toBe(etag);
  });

  it('serves from its cache until app.newsCache.clear() is called', async () => {
    await insertArticles(t.database.db, [{ headline: 'First', published_at: daysAgo(1) }]);
    const before = await get('/News');
    expect(before.json().allArticles).toHaveLength(1);
    await insertArticles(t.database.db, [{ headline: 'Second', published_at: daysAgo(0.5) }]);
    expect((await get('/News')).body).toBe(before.body);
    t.app.newsCache.clear();
    const after = await get('/News');
    expect(after.json().allArticles.map((a: any) => a.headline)).toEqual(['Second', 'First']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/News' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBeDefined();
  });
});

describe('GET /News/slug/:slug', () => {
  beforeEach(reset);

  it('returns the newest published article with that slug, with content', async () => {
    await insertArticles(t.database.db, [
      { headline: 'Twice Told', summary: 'older', published_at: daysAgo(5), content: 'Old.\n\nBody.' },
      { headline: 'Twice Told', summary: 'newer', published_at: daysAgo(1), content: 'New.\n\nBody.', category_id: 4 },
      { headline: 'Twice Told', summary: 'draft', published_at: null },
    ]);
    const res = await get('/News/slug/twice-told');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1');
    expect(res.json()).toMatchObject({
      slug: 'twice-told',
      summary: 'newer',
      content: 'New.\n\nBody.',
      category: 'Business',
      isBreaking: false,
    });
    const etag = String(res.headers.etag);
    expect((await get('/News/slug/twice-told', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('answers 404 problem+json for a draft or a missing slug', async () => {
    await insertArticles(t.database.db, [{ headline: 'Only A Draft', published_at: null }]);
    const draft = expectProblem(await get('/News/slug/only-a-draft'), 404, 'only-a-draft');
    expect(draft.instance).toBe('/News/slug/only-a-draft');
    expectProblem(await get('/News/slug/no-such-story'), 404);
  });

  it('accepts a 200-character slug and URL-encoded valid slugs', async () => {
    const headline = 'a'.repeat(200);
    await insertArticles(t.database.db, [{ headline, published_at: daysAgo(1) }]);
    expect((await get(`/News/slug/${headline}`)).statusCode).toBe(200);
    await insertArticles(t.database.db, [{ headline: 'Encoded', published_at: daysAgo(1) }]);
    t.app.newsCache.clear();
    expect((await get('/News/slug/%65ncoded')).json().headline).toBe('Encoded');
  });

  it.each([
    ['over-long', 'a'.repeat(201)],
    ['upper case', 'Hello-World'],
    ['underscore', 'hello_world'],
    ['dot', 'hello.world'],
    ['encoded slash', 'a%2Fb'],
    ['encoded script', '%3Cscript%3E'],
    ['space', 'a%20b'],
    ['non-ASCII', 'caf%C3%A9'],
  ])('answers 400 problem+json for a malformed slug (%s)', async (_label, slug) => {
    const problem = expectProblem(await get(`/News/slug/${slug}`), 400, "'slug'");
    expect(problem.errors).toEqual([expect.objectContaining({ in: 'params', name: 'slug' })]);
  });

  it('answers a 4xx problem for absurdly long or badly encoded slugs', async () => {
    const long = expectProblem(await get(`/News/slug/${'a'.repeat(5000)}`), 400, "'slug'");
    expect(long.instance.length).toBeLessThanOrEqual(2000);
    expectProblem(await get('/News/slug/%E0%A4%A'), 400);
  });
});

describe('unknown API paths and methods', () => {
  it.each(['/api/x', '/api/config/nope', '/News/x/y', '/News/slug', '/News/', '/news'])(
    'GET %s is a JSON 404',
    async (url) => {
      const res = await get(url);
      expectProblem(res, 404);
      expect(res.body).not.toContain('<html');
    },
  );

  it('POST /News is a 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/News', payload: {} });
    const problem = expectProblem(res, 405, 'POST');
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(problem.instance).toBe('/News');
  });

  it('DELETE /News/slug/x is a 405', async () => {
    expectProblem(await t.app.inject({ method: 'DELETE', url: '/News/slug/x' }), 405);
  });
});
