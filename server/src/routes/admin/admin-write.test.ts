import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { auditFor } from '../../repositories/audit-log.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticle, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

let t: TestApp;
let auth: { authorization: string };
const EDITOR = { sub: 'editor-write', name: 'Wanda Writer' };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer(EDITOR) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('audit_log').execute();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, opts: { payload?: string | object; contentType?: string | null } = {}) {
  const headers: Record<string, string> = { ...auth };
  const contentType = opts.contentType === undefined ? 'application/json' : opts.contentType;
  if (contentType) headers['content-type'] = contentType;
  const payload = typeof opts.payload === 'object' ? JSON.stringify(opts.payload) : opts.payload;
  return t.app.inject({ method, url, headers, payload });
}
const allAudit = () => t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

/** Runs `act` and asserts that neither the articles nor the audit trail changed. */
async function expectNothingChanged(act: () => Promise<unknown>) {
  const articles = await snapshotArticles(t.database.db);
  const audit = await allAudit();
  await act();
  expect(await snapshotArticles(t.database.db)).toEqual(articles);
  expect(await allAudit()).toEqual(audit);
}

const publicList = async () =>
  (await t.app.inject({ url: '/News?count=50' })).json() as {
    allArticles: { id: number }[];
    breakingNews: { id: number }[];
  };

describe('publish and unpublish', () => {
  it('publishes a draft now, writes the audit row with the before-state, and shows it on /News', async () => {
    const draft = await insertArticle(t.database.db, {
      headline: 'Draft About Cheese',
      published_at: null,
      created_at: daysAgo(1),
    });
    expect((await publicList()).allArticles.map((a) => a.id)).not.toContain(draft.id);
    const startedAt = Date.now();
    const res = await call('POST', `/api/admin/articles/${draft.id}/publish`, { payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const article = res.json();
    expect(article).toMatchObject({ id: draft.id, headline: 'Draft About Cheese', content: draft.content });
    const stamped = Date.parse(article.publishedAt);
    expect(stamped).toBeGreaterThanOrEqual(startedAt - 5);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    expect(article.updatedAt).toBe(article.publishedAt);

    const [audit] = await auditFor(t.database.db, draft.id);
    expect(audit).toMatchObject({
      action: 'publish',
      article_id: draft.id,
      actor_subject: EDITOR.sub,
      actor_name: EDITOR.name,
    });
    expect(JSON.parse(audit!.before!)).toEqual(draft);
    expect(JSON.parse(audit!.after!)).toMatchObject({ id: draft.id, published_at: article.publishedAt });

    // The public list (and its in-process cache) sees the change at once.
    expect((await publicList()).allArticles.map((a) => a.id)).toContain(draft.id);
    const page = await t.app.inject({ url: `/News/slug/${draft.slug}` });
    expect(page.statusCode).toBe(200);
  });

  it('unpublishes: the article then answers 404 publicly', async () => {
    const live = await insertArticle(t.database.db, {
      headline: 'Live Scandal',
      published_at: daysAgo(2),
      created_at: daysAgo(2),
    });
    expect((await t.app.inject({ url: '/News/slug/live-scandal' })).statusCode).toBe(200);
    const res = await call('POST', `/api/admin/articles/${live.id}/unpublish`, { contentType: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: live.id, publishedAt: null });
    const slugRes = await t.app.inject({ url: '/News/slug/live-scandal' });
    expect(slugRes.statusCode).toBe(404);
    expect((await publicList()).allArticles.map((a) => a.id)).not.toContain(live.id);
    const [audit] = await auditFor(t.database.db, live.id);
    expect(audit!.action).toBe('unpublish');
    expect(JSON.parse(audit!.before!)).toEqual(live);
    expect(JSON.parse(audit!.after!).published_at).toBeNull();
  });

  it('accepts an absent body, an empty JSON body and an empty object', async () => {
    const a = await insertArticle(t.database.db);
    expect((await call('POST', `/api/admin/articles/${a.id}/publish`, { contentType: null })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/articles/${a.id}/unpublish`, { payload: '' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/articles/${a.id}/publish`, { payload: {} })).statusCode).toBe(200);
    const charset = await call('POST', `/api/admin/articles/${a.id}/unpublish`, {
      payload: '',
      contentType: 'application/json; charset=utf-8',
    });
    expect(charset.statusCode, charset.body).toBe(200);
  });

  it('refuses to publish a published article (409) and to unpublish a draft (409), changing nothing', async () => {
    const live = await insertArticle(t.database.db, { published_at: daysAgo(3) });
    const draft = await insertArticle(t.database.db, { published_at: null });
    await expectNothingChanged(async () => {
      expectProblem(await call('POST', `/api/admin/articles/${live.id}/publish`), 409, 'already published');
      expectProblem(await call('POST', `/api/admin/articles/${draft.id}/unpublish`), 409, 'not published');
    });
  });

  it.each(['publish', 'unpublish'])('%s: 404 for an unknown id, 400 for a bad one', async (action) => {
    await expectNothingChanged(async () => {
      expectProblem(await call('POST', `/api/admin/articles/777777/${action}`), 404, 'Article 777777 was not found.');
      for (const id of ['0', '-5', 'abc', '9999999999999']) {
        expectProblem(await call('POST', `/api/admin/articles/${id}/${action}`), 400, "'id'");
      }
    });
  });

  it('refuses a malformed JSON body', async () => {
    const a = await insertArticle(t.database.db);
    await expectNothingChanged(async () => {
      expectProblem(
        await call('POST', `/api/admin/articles/${a.id}/publish`, { payload: '{nope' }),
        400,
        'not valid JSON',
      );
    });
  });
});

describe('PUT /api/admin/articles/:id/category', () => {
  it('moves the article, returns it, and audits the old category', async () => {
    const a = await insertArticle(t.database.db, { category_id: 1, published_at: daysAgo(1) });
    const res = await call('PUT', `/api/admin/articles/${a.id}/category`, { payload: { categoryId: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ id: a.id, categoryId: 3, category: 'Sport', publishedAt: a.published_at });
    const [audit] = await auditFor(t.database.db, a.id);
    expect(audit!.action).toBe('category');
    expect(JSON.parse(audit!.before!)).toEqual(a);
    expect(JSON.parse(audit!.after!).category_id).toBe(3);
    // It moves to the new category's public list.
    const sport = (await t.app.inject({ url: '/News?category=sport' })).json();
    expect(sport.allArticles.map((x: { id: number }) => x.id)).toContain(a.id);
    const politics = (await t.app.inject({ url: '/News?category=politics' })).json();
    expect(politics.allArticles.map((x: { id: number }) => x.id)).not.toContain(a.id);
  });

  it('refuses the current category with the product message', async () => {
    const a = await insertArticle(t.database.db, { category_id: 2 });
    await expectNothingChanged(async () => {
      expectProblem(
        await call('PUT', `/api/admin/articles/${a.id}/category`, { payload: { categoryId: 2 } }),
        400,
        'The article is already in that category.',
      );
    });
  });

  it.each([
    ['an unknown category', { categoryId: 99 }, "'categoryId'"],
    ['category 0', { categoryId: 0 }, "'categoryId'"],
    ['a string id', { categoryId: '3' }, "'categoryId'"],
    ['a fractional id', { categoryId: 2.5 }, "'categoryId'"],
    ['a missing field', { category: 'Sport' }, "'categoryId'"],
    ['a JSON array', [3], 'body'],
    ['null', null, 'body'],
  ])('refuses %s with 400', async (_name, payload, detail) => {
    const a = await insertArticle(t.database.db, { category_id: 1 });
    await expectNothingChanged(async () => {
      expectProblem(
        await call('PUT', `/api/admin/articles/${a.id}/category`, { payload: JSON.stringify(payload) }),
        400,
        detail,
      );
    });
  });

  it('refuses a missing body with 400', async () => {
    const a = await insertArticle(t.database.db);
    await expectNothingChanged(async () => {
      expectProblem(await call('PUT', `/api/admin/articles/${a.id}/category`, { payload: '' }), 400, 'body');
      expectProblem(await call('PUT', `/api/admin/articles/${a.id}/category`, { contentType: null }), 400, 'body');
    });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    await expectNothingChanged(async () => {
      expectProblem(
        await call('PUT', '/api/admin/articles/888888/category', { payload: { categoryId: 2 } }),
        404,
        'Article 888888 was not found.',
      );
      expectProblem(await call('PUT', '/api/admin/articles/abc/category', { payload: { categoryId: 2 } }), 400, "'id'");
    });
  });
});

describe('DELETE /api/admin/articles/:id', () => {
  it('deletes (204) and keeps the full record in the audit trail', async () => {
    const a = await insertArticle(t.database.db, {
      headline: 'Doomed Story',
      published_at: daysAgo(1),
      image_url: '/img/d.jpg',
    });
    const res = await call('DELETE', `/api/admin/articles/${a.id}`, { payload: '' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expectProblem(await call('GET', `/api/admin/articles/${a.id}`), 404);
    expect((await t.app.inject({ url: '/News/slug/doomed-story' })).statusCode).toBe(404);
    const [audit] = await auditFor(t.database.db, a.id);
    expect(audit).toMatchObject({ action: 'delete', actor_subject: EDITOR.sub });
    expect(JSON.parse(audit!.before!)).toEqual(a);
    // The full record stays (in the trash); a second delete changes nothing.
    expect(JSON.parse(audit!.after!)).toMatchObject({ headline: 'Doomed Story', published_at: null });
    expectProblem(await call('DELETE', `/api/admin/articles/${a.id}`), 409, 'already in the trash');
  });

  it('refuses bad ids with 400', async () => {
    await insertArticle(t.database.db);
    await expectNothingChanged(async () => {
      for (const id of ['0', '-5', 'abc', '9999999999999'])
        expectProblem(await call('DELETE', `/api/admin/articles/${id}`), 400, "'id'");
    });
  });
});

describe('POST /api/admin/articles', () => {
  const valid = {
    headline: 'Local Man Wins Argument With Toaster',
    summary: 'A stunning victory.',
    content: 'Para one.\n\nPara two.',
    author: 'Ima Hack',
    category: 'Technology',
    source: 'Reader tip',
    editorName: 'Night Desk',
    ratingOutOfTen: 9,
    comments: 'Run it.',
    imageUrl: 'https://images.example.com/toaster.jpg',
    originalUrl: '/original/toaster',
    isBreaking: true,
  };

  it('stores a draft by default, with its slug, a Location header and an audit row', async () => {
    const res = await call('POST', '/api/admin/articles', { payload: valid });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const article = res.json();
    expect(res.headers.location).toBe(`/api/admin/articles/${article.id}`);
    expect(article).toMatchObject({
      headline: valid.headline,
      slug: 'local-man-wins-argument-with-toaster',
      category: 'Technology',
      categoryId: 2,
      ratingOutOfTen: 9,
      isBreaking: true,
      imageUrl: valid.imageUrl,
      originalUrl: valid.originalUrl,
      publishedAt: null,
    });
    // The GET is the POST's article, both with the body as readers will see it (the preview's).
    expect((await call('GET', res.headers.location as string)).json()).toEqual(article);
    expect(article.bodyHtml).toBe('<p>Para one.</p><p>Para two.</p>');
    const [audit] = await auditFor(t.database.db, article.id);
    expect(audit).toMatchObject({ action: 'create', before: null, actor_subject: EDITOR.sub });
    expect(JSON.parse(audit!.after!)).toMatchObject({ id: article.id, headline: valid.headline });
  });

  it('publishes at once with published: true, or at the given publishedAt, and shows it publicly', async () => {
    const now = (
      await call('POST', '/api/admin/articles', {
        payload: { headline: 'Published Now', categoryId: 5, published: true },
      })
    ).json();
    expect(Date.now() - Date.parse(now.publishedAt)).toBeLessThan(10_000);
    const at = (
      await call('POST', '/api/admin/articles', {
        payload: { headline: 'Published Then', category: 'uk', publishedAt: '2026-02-03T04:05:06+01:00' },
      })
    ).json();
    expect(at).toMatchObject({ publishedAt: '2026-02-03T03:05:06.000Z', category: 'UK', categoryId: 6 });
    expect((await t.app.inject({ url: '/News/slug/published-now' })).statusCode).toBe(200);
  });

  it.each([
    ['a missing headline', { category: 'Sport' }, "'headline'"],
    ['an empty headline', { headline: '', category: 'Sport' }, "'headline'"],
    ['a blank headline', { headline: '   ', category: 'Sport' }, "'headline'"],
    ['a headline without letters or digits', { headline: '!!!', category: 'Sport' }, "'headline'"],
    ['a headline of 301 characters', { headline: 'x'.repeat(301), category: 'Sport' }, "'headline'"],
    ['a rating of 11', { headline: 'H', category: 'Sport', ratingOutOfTen: 11 }, "'ratingOutOfTen'"],
    ['a rating of -1', { headline: 'H', category: 'Sport', ratingOutOfTen: -1 }, "'ratingOutOfTen'"],
    ['a rating as text', { headline: 'H', category: 'Sport', ratingOutOfTen: '5' }, "'ratingOutOfTen'"],
    ['a fractional rating', { headline: 'H', category: 'Sport', ratingOutOfTen: 4.5 }, "'ratingOutOfTen'"],
    ['a number as headline', { headline: 42, category: 'Sport' }, "'headline'"],
    ['isBreaking as text', { headline: 'H', category: 'Sport', isBreaking: 'yes' }, "'isBreaking'"],
    ['no category', { headline: 'H' }, "'category'"],
    ['an unknown category name', { headline: 'H', category: 'Gossip' }, "'category'"],
    ['an unknown category id', { headline: 'H', categoryId: 42 }, "'categoryId'"],
    ['a category that contradicts categoryId', { headline: 'H', category: 'Sport', categoryId: 1 }, "'category'"],
    ['a javascript: image URL', { headline: 'H', category: 'Sport', imageUrl: 'javascript:alert(1)' }, "'imageUrl'"],
    [
      'a protocol-relative original URL',
      { headline: 'H', category: 'Sport', originalUrl: '//evil.example/x' },
      "'originalUrl'",
    ],
    ['an unparseable publishedAt', { headline: 'H', category: 'Sport', publishedAt: 'yesterday' }, "'publishedAt'"],
    [
      'published false with a publishedAt',
      { headline: 'H', category: 'Sport', published: false, publishedAt: '2026-01-01T00:00:00Z' },
      "'published'",
    ],
    ['an unknown field', { headline: 'H', category: 'Sport', tittle: 'typo' }, "'tittle'"],
    ['a JSON array', [{ headline: 'H', category: 'Sport' }], 'body'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, payload, detail) => {
    await expectNothingChanged(async () => {
      expectProblem(await call('POST', '/api/admin/articles', { payload: JSON.stringify(payload) }), 400, detail);
    });
  });

  it('refuses a missing body and malformed JSON', async () => {
    await expectNothingChanged(async () => {
      expectProblem(await call('POST', '/api/admin/articles', { payload: '' }), 400, 'body');
      expectProblem(await call('POST', '/api/admin/articles', { contentType: null }), 400, 'body');
      expectProblem(await call('POST', '/api/admin/articles', { payload: '{"headline":' }), 400, 'JSON');
    });
  });

  it('accepts a headline of 300 characters, but not one whose slug would pass 200 characters', async () => {
    const punchy = 'A'.repeat(150) + ' ' + '!'.repeat(149);
    expect(punchy.length).toBe(300);
    const ok = await call('POST', '/api/admin/articles', { payload: { headline: punchy, category: 'Sport' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().slug).toBe('a'.repeat(150));
    const wordy = Array.from({ length: 50 }, () => 'word').join(' ');
    expect(wordy.length).toBe(249);
    await expectNothingChanged(async () => {
      expectProblem(
        await call('POST', '/api/admin/articles', { payload: { headline: wordy, category: 'Sport' } }),
        400,
        "'headline'",
      );
    });
  });
});

describe('list totals (trigger-maintained article_counts)', () => {
  /** The totals the API reports for every filter must equal a real count(*). */
  async function expectTotalsExact() {
    const db = t.database.db;
    for (const status of ['all', 'published', 'unpublished'] as const) {
      for (const categoryId of [0, 1, 2, 3, 4, 5, 6]) {
        // Articles in the trash are not counted.
        let q = db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(sql<SqlBool>`deleted_at is null`);
        if (categoryId) q = q.where('category_id', '=', categoryId);
        if (status === 'published') q = q.where('published_at', 'is not', null);
        if (status === 'unpublished') q = q.where('published_at', 'is', null);
        const real = Number((await q.executeTakeFirstOrThrow()).n);
        const api = (
          await call('GET', `/api/admin/articles?status=${status}&categoryId=${categoryId}&pageSize=10`)
        ).json();
        expect(api.totalCount, `${status} / category ${categoryId}`).toBe(real);
      }
    }
    const dash = (await call('GET', '/api/admin/dashboard')).json();
    expect(dash.totalArticles).toBe(
      Number(
        (
          await db
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(sql<SqlBool>`deleted_at is null`)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  }

  it('stay exact through API writes, imports and direct SQL writes', async () => {
    const rows = await Promise.all([
      insertArticle(t.database.db, { category_id: 1, published_at: null }),
      insertArticle(t.database.db, { category_id: 2, published_at: daysAgo(1) }),
      insertArticle(t.database.db, { category_id: 3, published_at: daysAgo(2) }),
      insertArticle(t.database.db, { category_id: 3, published_at: null }),
    ]);
    await expectTotalsExact();
    expect((await call('POST', `/api/admin/articles/${rows[0]!.id}/publish`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/articles/${rows[1]!.id}/unpublish`)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/admin/articles/${rows[2]!.id}/category`, { payload: { categoryId: 6 } })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/articles/${rows[3]!.id}`)).statusCode).toBe(204);
    expect(
      (await call('POST', '/api/admin/articles', { payload: { headline: 'Counted', category: 'US' } })).statusCode,
    ).toBe(201);
    await expectTotalsExact();
    // Writers that bypass the API (seed, bench, SQL) are counted too.
    await t.database.db
      .updateTable('articles')
      .set({ published_at: null, category_id: 4 })
      .where('id', '=', rows[2]!.id)
      .execute();
    await t.database.db
      .updateTable('articles')
      .set({ headline: 'Only the headline' })
      .where('id', '=', rows[0]!.id)
      .execute();
    await t.database.db.deleteFrom('articles').where('id', '=', rows[1]!.id).execute();
    await expectTotalsExact();
    await t.database.db.deleteFrom('articles').execute();
    await expectTotalsExact();
  });
});

describe("dashboard 'last week' (trigger-maintained article_hour_counts)", () => {
  const HOUR = 60 * 60 * 1000;
  const WEEK = 7 * 24 * HOUR;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** The repository's figure for `now` must equal a real count of created_at >= now - 7 days. */
  async function expectLastWeekExact(now: Date) {
    const db = t.database.db;
    const weekAgo = iso(now.getTime() - WEEK);
    const real = Number(
      (
        await db
          .selectFrom('articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('created_at', '>=', weekAgo)
          .where(sql<SqlBool>`deleted_at is null`)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const repo = new AdminArticlesRepository(db, t.database.dialect);
    expect((await repo.dashboard(now)).articlesLastWeek, `now ${now.toISOString()}`).toBe(real);
    return real;
  }

  it('counts exactly around the cut-off hour, for any time of the hour, through every kind of write', async () => {
    // Fixed instant in the middle of an hour, so articles land on both sides of the cut-off inside its hour.
    const now = Date.parse('2026-11-22T10:37:12.345Z');
    const cut = now - WEEK; // 2026-11-15T10:37:12.345Z
    const times = [
      cut - 2 * HOUR, // older hour: never counted
      cut - 37 * 60_000 - 12_345, // 10:00:00.000 of the cut-off's hour: before the cut-off
      cut - 1, // one millisecond before the cut-off
      cut, // exactly the cut-off: counted
      cut + 1,
      cut + 22 * 60_000, // later in the cut-off's hour
      cut + HOUR, // the next hour
      cut + 3 * 24 * HOUR,
      now,
      now + 2 * HOUR, // a future created_at (an import) counts as within the week, as before
    ];
    const rows = await Promise.all(
      times.map((ms, i) => insertArticle(t.database.db, { created_at: iso(ms), published_at: i % 3 ? iso(ms) : null })),
    );
    expect(await expectLastWeekExact(new Date(now))).toBe(7);
    // Every millisecond that matters around the boundaries, and other times of the hour.
    for (const at of [
      now - 1,
      now + 1,
      now - 37 * 60_000 - 12_345,
      now + 22 * 60_000,
      now + 23 * 60_000 - 12_346,
      now + HOUR,
      now - HOUR,
      now + 3 * 24 * HOUR,
    ]) {
      await expectLastWeekExact(new Date(at));
    }

    // Writes through the API (create now), then writes that bypass it.
    await call('POST', '/api/admin/articles', { payload: { headline: 'Counted This Week', category: 'US' } });
    await expectLastWeekExact(new Date());
    await t.database.db
      .updateTable('articles')
      .set({ created_at: iso(cut - 5 * HOUR) })
      .where('id', '=', rows[5]!.id)
      .execute();
    await t.database.db
      .updateTable('articles')
      .set({ created_at: iso(cut + 1000) })
      .where('id', '=', rows[0]!.id)
      .execute();
    await t.database.db
      .updateTable('articles')
      .set({ created_at: iso(cut + 2000) })
      .where('id', '=', rows[4]!.id)
      .execute(); // same hour
    await t.database.db
      .updateTable('articles')
      .set({ headline: 'Only the headline' })
      .where('id', '=', rows[6]!.id)
      .execute();
    await t.database.db.deleteFrom('articles').where('id', '=', rows[7]!.id).execute();
    expect(await expectLastWeekExact(new Date(now))).toBe(7);
    await expectLastWeekExact(new Date(now + 30 * 60_000));
    await call('DELETE', `/api/admin/articles/${rows[8]!.id}`);
    expect(await expectLastWeekExact(new Date(now))).toBe(6);
    // The stored hourly figures are exactly the articles' own, hour by hour.
    const hours = await t.database.db
      .selectFrom('article_hour_counts')
      .select(['hour', 'n'])
      .where('n', '!=', 0)
      .orderBy('hour')
      .execute();
    const byHour = new Map<string, number>();
    for (const r of await t.database.db
      .selectFrom('articles')
      .select('created_at')
      .where(sql<SqlBool>`deleted_at is null`)
      .execute()) {
      byHour.set(r.created_at.slice(0, 13), (byHour.get(r.created_at.slice(0, 13)) ?? 0) + 1);
    }
    expect(hours.map((h) => [h.hour, Number(h.n)])).toEqual([...byHour.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
    await t.database.db.deleteFrom('articles').execute();
    expect(await expectLastWeekExact(new Date(now))).toBe(0);
  });
});
