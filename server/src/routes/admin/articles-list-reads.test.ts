import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleReadsRepository, hourOf } from '../../repositories/article-reads.ts';
import { daysAgo, insertArticle, insertArticles } from '../../test-support/admin-articles.ts';
import { statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// All Articles' rows carry each article's reads in the last 7 days (decision 049), the count of its Info,
// read for the whole page at once. On SQLite (api) and PostgreSQL (api-pg).
let t: TestApp;
let auth: { authorization: string };
let repo: ArticleReadsRepository;
const HOUR = 3_600_000;
const hoursAgo = (h: number) => hourOf(Date.now() - h * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer() };
  repo = new ArticleReadsRepository(t.database.db);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  // One instant for the test's hours and the server's 7-day window (both read Date): an hour turning
  // between the rows written here and the request would otherwise move a row across the window's edge.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  await t.database.db.deleteFrom('article_reads').execute();
  await t.database.db.deleteFrom('articles').execute();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function readsByHeadline(query = ''): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().articles as { headline: string; readsLast7Days: number }[];
  return Object.fromEntries(rows.map((r) => [r.headline, r.readsLast7Days]));
}

describe("All Articles: each row's reads in the last 7 days", () => {
  it("gives each row its Info's count, 0 for an article without reads in the window", async () => {
    const read = await insertArticle(t.database.db, { headline: 'Goat Elected', published_at: daysAgo(10) });
    const once = await insertArticle(t.database.db, { headline: 'Budget Eaten', published_at: null });
    const stale = await insertArticle(t.database.db, { headline: 'Old News', published_at: daysAgo(20) });
    await insertArticle(t.database.db, { headline: 'Never Read', published_at: daysAgo(1) });
    await repo.add([
      { articleId: read.id, hour: hoursAgo(0), reads: 1200 },
      { articleId: read.id, hour: hoursAgo(7 * 24 - 1), reads: 34 },
      { articleId: read.id, hour: hoursAgo(7 * 24), reads: 5000 },
      // Read while it was published, unpublished since: its reads still show.
      { articleId: once.id, hour: hoursAgo(3), reads: 1 },
      { articleId: stale.id, hour: hoursAgo(8 * 24), reads: 9 },
    ]);
    expect(await readsByHeadline()).toEqual({
      'Goat Elected': 1234,
      'Budget Eaten': 1,
      'Old News': 0,
      'Never Read': 0,
    });
    const info = await t.app.inject({ method: 'GET', url: `/api/admin/articles/${read.id}/reads`, headers: auth });
    expect(info.json()).toEqual({ last7Days: 1234 });
  });

  it("reads the page's counts once, for the page's ids only, whatever the page size (All too)", async () => {
    const rows = await insertArticles(
      t.database.db,
      Array.from({ length: 12 }, (_, i) => ({ headline: `Story ${i}`, published_at: daysAgo(i + 1) })),
    );
    await repo.add(rows.map((a, i) => ({ articleId: a.id, hour: hoursAgo(i), reads: i + 1 })));
    const calls = vi.spyOn(ArticleReadsRepository.prototype, 'readsOfMany');
    expect(await readsByHeadline('?pageSize=10&page=2')).toEqual({ 'Story 10': 11, 'Story 11': 12 });
    expect(calls).toHaveBeenCalledTimes(1);
    expect([...calls.mock.calls[0]![0]].sort()).toEqual([rows[10]!.id, rows[11]!.id].sort());
    const all = await readsByHeadline('?pageSize=-1');
    expect(Object.keys(all)).toHaveLength(12);
    expect(all['Story 0']).toBe(1);
    expect(calls).toHaveBeenCalledTimes(2);
    // One statement (the repository's own test checks its plans with many rows).
    const ids = rows.map((a) => a.id);
    const statements = await statementsOf(t.database, (spy) =>
      new ArticleReadsRepository(spy).readsOfMany(ids, new Date(), 7 * 24),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]!.sql).toMatch(/article_reads/);
  });
});
