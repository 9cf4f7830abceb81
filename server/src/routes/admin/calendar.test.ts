import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarStories } from '../../repositories/editorial-calendar.ts';
import { insertArticles } from '../../test-support/articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { queryPlan, statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * GET /api/admin/calendar (decision 054) on the project's database (SQLite in `api`, PostgreSQL in
 * `api-pg`): the stories scheduled or published in a range, by time; drafts without a time and the
 * trash left out; a bad or too wide range a 400 problem; the admin's sign-in and no-store.
 */
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'calendar', name: 'Calendar Editor' }) };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
});

const get = (query: string, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'GET', url: `/api/admin/calendar${query}`, headers });

const DECEMBER = '?from=2026-11-30T00:00:00.000Z&to=2027-01-11T00:00:00.000Z';

describe('the editorial calendar API', () => {
  it('lists the scheduled and published stories of the range by time, without drafts and the trash', async () => {
    const [scheduled, published, , , , before, after, edge] = await insertArticles(t.database.db, [
      { headline: 'Scheduled one', publish_at: '2026-12-03T09:00:00.000Z', category_id: 2 },
      { headline: 'Published one', published_at: '2026-12-01T23:30:00.000Z' },
      { headline: 'Undated draft' },
      {
        headline: 'In the trash',
        deleted_at: '2026-12-02T10:00:00.000Z',
        trashed_published_at: '2026-12-02T09:00:00.000Z',
      },
      {
        headline: 'Trashed with a time',
        deleted_at: '2026-12-02T10:00:00.000Z',
        publish_at: '2026-12-04T09:00:00.000Z',
      },
      { headline: 'Before', published_at: '2026-11-29T23:59:59.999Z' },
      { headline: 'After', publish_at: '2027-01-11T00:00:00.000Z' },
      { headline: 'First instant', published_at: '2026-11-30T00:00:00.000Z' },
    ]);
    const res = await get(DECEMBER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      articles: [
        { id: edge!.id, headline: 'First instant', categoryId: 1, state: 'published', at: '2026-11-30T00:00:00.000Z' },
        {
          id: published!.id,
          headline: 'Published one',
          categoryId: 1,
          state: 'published',
          at: '2026-12-01T23:30:00.000Z',
        },
        {
          id: scheduled!.id,
          headline: 'Scheduled one',
          categoryId: 2,
          state: 'scheduled',
          at: '2026-12-03T09:00:00.000Z',
        },
      ],
    });
    expect([before!.id, after!.id]).not.toContain(res.json().articles[0].id);
  });

  it('orders stories of the same time by id, and takes a range given in another time zone', async () => {
    const rows = await insertArticles(t.database.db, [
      { headline: 'B', publish_at: '2026-12-05T08:00:00.000Z' },
      { headline: 'A', published_at: '2026-12-05T08:00:00.000Z' },
      { headline: 'C', published_at: '2026-12-04T23:00:00.000Z' },
    ]);
    const res = await get('?from=2026-12-05T00:00:00%2B01:00&to=2026-12-06T00:00:00%2B01:00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().articles.map((a: { headline: string }) => a.headline)).toEqual(['C', 'B', 'A']);
    expect(res.json().articles.map((a: { id: number }) => a.id)).toEqual([rows[2]!.id, rows[0]!.id, rows[1]!.id]);
  });

  it('answers a missing, malformed, reversed or too wide range with a 400 problem', async () => {
    for (const query of [
      '',
      '?from=2026-12-01T00:00:00Z',
      '?from=yesterday&to=2026-12-02T00:00:00Z',
      '?from=2026-12-01&to=2026-12-02',
      '?from=2026-02-30T00:00:00Z&to=2026-03-02T00:00:00Z',
    ]) {
      const problem = expectProblem(await get(query), 400);
      expect(problem.errors?.length, query).toBeGreaterThan(0);
    }
    expectProblem(await get('?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z'), 400, "'to' must be after from");
    expectProblem(
      await get('?from=2026-11-30T00:00:00Z&to=2027-01-11T01:00:01Z'),
      400,
      "'to' must be at most 42 days after from",
    );
    // Six weeks of local days, one of them 25 hours long (clocks going back).
    expect((await get('?from=2026-11-30T00:00:00Z&to=2027-01-11T01:00:00Z')).statusCode).toBe(200);
  });

  it('needs a signed-in editor', async () => {
    expectProblem(await get(DECEMBER, {}), 401);
  });

  it('reads both ranges off indexes among 100,000 articles, in one statement', async () => {
    // 100,000 articles over ten years: most published, some scheduled, some drafts.
    const db = t.database.db;
    const start = Date.parse('2020-01-01T00:00:00.000Z');
    const chunk = 1000;
    for (let n = 0; n < 100_000; n += chunk) {
      await db
        .insertInto('articles')
        .values(
          Array.from({ length: chunk }, (_, k) => {
            const i = n + k;
            const at = new Date(start + i * 3_153_600).toISOString();
            return {
              headline: `Story ${i}`,
              slug: `story-${i}`,
              summary: '',
              content: '',
              author: '',
              category_id: 1,
              source: '',
              editor_name: '',
              rating: 5,
              comments: '',
              image_url: '',
              original_url: '',
              is_breaking: 0,
              published_at: i % 10 < 8 ? at : null,
              publish_at: i % 10 === 8 ? at : null,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
    }
    if (t.database.dialect === 'postgres') await sql`analyze articles`.execute(db);
    else await sql`analyze`.execute(db);

    const statements = await statementsOf(t.database, (spy) =>
      calendarStories(spy, '2026-11-30T00:00:00.000Z', '2027-01-11T00:00:00.000Z'),
    );
    expect(statements).toHaveLength(1);
    const plan = (await queryPlan(t.database, statements[0]!)).join('\n');
    if (t.database.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH articles USING INDEX articles_publish_at_idx \(publish_at>\? AND publish_at<\?\)/);
      expect(plan).toMatch(/SEARCH articles USING INDEX articles_archive_idx \(published_at>\? AND published_at<\?\)/);
      expect(plan).not.toMatch(/SCAN articles/);
    } else {
      expect(plan).toMatch(/Index Scan using articles_publish_at_idx on articles/);
      expect(plan).toMatch(/Index Scan using articles_archive_idx on articles/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  }, 120_000);
});
