import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { articles: { id: number; headline: string }[]; older: string | null; newer: string | null };
};

describe('GET /News/archive', () => {
  it('walks every published article once, newest first, while new ones are published between loads', async () => {
    // 23 published (some breaking, some sharing a timestamp) and drafts in between.
    const same = daysAgo(5);
    const rows = await insertArticles(
      t.database.db,
      Array.from({ length: 30 }, (_, i) => ({
        headline: `Story ${i}`,
        category_id: (i % 2) + 1,
        is_breaking: i % 5 === 0 ? 1 : 0,
        published_at: i % 4 === 3 ? null : i < 6 ? same : daysAgo(10 + i),
      })),
    );
    const published = rows.filter((r) => r.published_at !== null);
    const expected = [...published]
      .sort((a, b) => (a.published_at! < b.published_at! ? 1 : a.published_at! > b.published_at! ? -1 : b.id - a.id))
      .map((r) => r.id);

    const seen: number[] = [];
    let page = await get('/News/archive?count=5');
    expect(page.newer).toBeNull();
    for (;;) {
      seen.push(...page.articles.map((a) => a.id));
      // A new article is published before the next page load: it must not shift the pages.
      t.app.newsCache.clear();
      await insertArticles(t.database.db, [{ headline: `Fresh ${seen.length}`, published_at: daysAgo(0) }]);
      if (!page.older) break;
      page = await get(`/News/archive?count=5&before=${encodeURIComponent(page.older)}`);
      expect(page.newer).not.toBeNull();
    }
    expect(seen).toEqual(expected);

    // And back again with `after` from the oldest page.
    const back = await get(`/News/archive?count=5&after=${encodeURIComponent(page.newer!)}`);
    const lastLength = page.articles.length;
    expect(back.articles.map((a) => a.id)).toEqual(expected.slice(-lastLength - 5, -lastLength));
  });

  it('filters by category', async () => {
    const page = await get('/News/archive?category=technology&count=50');
    expect(page.articles.length).toBeGreaterThan(0);
    for (const a of page.articles) expect((a as unknown as { category: string }).category).toBe('Technology');
  });

  it('answers 400 problems for bad cursors, both cursors and unknown categories', async () => {
    for (const url of [
      '/News/archive?before=nonsense',
      "/News/archive?before=2026-01-01T00:00:00.000Z_1'--",
      '/News/archive?before=2026-01-01T00:00:00.000Z_99999999999',
      '/News/archive?before=2026-01-01T00:00:00.000Z_1&after=2026-01-01T00:00:00.000Z_1',
      '/News/archive?category=nope',
      '/News/archive?count=0',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expectProblem(res, 400);
    }
  });
});
