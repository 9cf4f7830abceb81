import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { daysAgo, editBody, insertArticles } from '../../../test-support/admin-articles.ts';
import { expectProblem } from '../../../test-support/problem-assertions.ts';

// GET /api/admin/articles?status=draft&sort=updated: the drafts by their last change, the latest first
// (the calendar's Drafts panel, decision 055). SQLite in `api`, PostgreSQL in `api-pg`.

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'drafts-editor', name: 'Dana Drafts' }) };
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
const headlines = async (query: string) => {
  const res = await call('GET', `/api/admin/articles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().articles as { headline: string }[]).map((a) => a.headline);
};

describe('GET /api/admin/articles?sort=updated', () => {
  let ids: Record<string, number>;
  beforeEach(async () => {
    await t.database.db.deleteFrom('articles').execute();
    // Created in one order, last changed in another; the same last change twice (ties go by id).
    const spec: Record<string, Record<string, string | null>> = {
      'Old draft, edited yesterday': { created_at: daysAgo(10), updated_at: daysAgo(1) },
      'New draft, never edited': { created_at: daysAgo(2), updated_at: daysAgo(2) },
      'Middle draft, edited an hour ago': { created_at: daysAgo(5), updated_at: daysAgo(1 / 24) },
      'Tie first': { created_at: daysAgo(8), updated_at: daysAgo(4) },
      'Tie second': { created_at: daysAgo(9), updated_at: daysAgo(4) },
      'Scheduled, edited now': { created_at: daysAgo(3), updated_at: daysAgo(0.01), publish_at: daysAgo(-2) },
      'Published, edited now': { created_at: daysAgo(3), updated_at: daysAgo(0.01), published_at: daysAgo(1) },
      'Trashed draft, edited now': { created_at: daysAgo(3), updated_at: daysAgo(0.01), deleted_at: daysAgo(0.01) },
    };
    const stored = await insertArticles(
      t.database.db,
      Object.entries(spec).map(([headline, r]) => ({ headline, ...r })),
    );
    ids = Object.fromEntries(stored.map((r) => [r.headline, Number(r.id)]));
  });

  it('lists the drafts by their last change, the latest first, ties by id; the default order is unchanged', async () => {
    expect(await headlines('status=draft&sort=updated')).toEqual([
      'Middle draft, edited an hour ago',
      'Old draft, edited yesterday',
      'New draft, never edited',
      'Tie second',
      'Tie first',
    ]);
    // With the scheduled ones too.
    expect(await headlines('status=unpublished&sort=updated')).toEqual([
      'Scheduled, edited now',
      'Middle draft, edited an hour ago',
      'Old draft, edited yesterday',
      'New draft, never edited',
      'Tie second',
      'Tie first',
    ]);
    // All Articles' order (newest created first) stays as it was.
    expect(await headlines('status=draft')).toEqual([
      'New draft, never edited',
      'Middle draft, edited an hour ago',
      'Tie first',
      'Tie second',
      'Old draft, edited yesterday',
    ]);
  });

  it('puts a draft edited now first, and pages through the same order', async () => {
    const id = ids['Tie first']!;
    const article = (await call('GET', `/api/admin/articles/${id}`)).json();
    const saved = await call('PUT', `/api/admin/articles/${id}`, editBody(article, { summary: 'Edited now.' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const order = await headlines('status=draft&sort=updated&pageSize=-1');
    expect(order).toEqual([
      'Tie first',
      'Middle draft, edited an hour ago',
      'Old draft, edited yesterday',
      'New draft, never edited',
      'Tie second',
    ]);
    // Page 1 of 10 reads from the start; with more drafts than a page, a page near the end reads from the end.
    await insertArticles(
      t.database.db,
      Array.from({ length: 16 }, (_, i) => ({
        headline: `Filler ${i}`,
        created_at: daysAgo(20),
        updated_at: daysAgo(20 + i),
      })),
    );
    const all = await headlines('status=draft&sort=updated&pageSize=-1');
    expect(all.slice(0, 5)).toEqual(order);
    const pages = [
      ...(await headlines('status=draft&sort=updated&pageSize=10&page=1')),
      ...(await headlines('status=draft&sort=updated&pageSize=10&page=2')),
      ...(await headlines('status=draft&sort=updated&pageSize=10&page=3')),
    ];
    expect(pages).toEqual(all);
    const page = (await call('GET', '/api/admin/articles?status=draft&sort=updated&pageSize=10')).json();
    expect([page.totalCount, page.totalPages]).toEqual([21, 3]);
  });

  it('refuses an unknown order, and the order by last change with another status, as a 400 problem', async () => {
    expectProblem(await call('GET', '/api/admin/articles?status=draft&sort=edited'), 400, 'sort');
    for (const status of ['', '&status=all', '&status=published', '&status=scheduled', '&status=trash']) {
      expectProblem(await call('GET', `/api/admin/articles?sort=updated${status}`), 400, 'drafts only');
    }
  });
});
