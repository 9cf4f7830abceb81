import { legacyTextToBody } from '../../../../common/body/legacy.ts';
import { renderBodyHtml } from '../../../../common/body/render.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticle, insertArticles, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer() };
});
afterAll(async () => t?.close());

async function clear() {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('editor_activity').execute();
}

const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/admin/categories', () => {
  it('lists the six categories by id', async () => {
    const res = await get('/api/admin/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual([
      { id: 1, name: 'Politics' },
      { id: 2, name: 'Technology' },
      { id: 3, name: 'Sport' },
      { id: 4, name: 'Business' },
      { id: 5, name: 'US' },
      { id: 6, name: 'UK' },
    ]);
  });
});

describe('GET /api/admin/articles/:id', () => {
  beforeEach(clear);

  it('returns the full admin article', async () => {
    const row = await insertArticle(t.database.db, {
      headline: 'Minister Eats Own Manifesto',
      category_id: 4,
      rating: 7,
      image_url: '/images/manifesto.jpg',
      original_url: 'https://example.com/original',
      is_breaking: 1,
      published_at: '2026-01-02T03:04:05.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const res = await get(`/api/admin/articles/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      id: row.id,
      headline: 'Minister Eats Own Manifesto',
      slug: 'minister-eats-own-manifesto',
      summary: row.summary,
      body: legacyTextToBody(row.content),
      content: row.content,
      // The body as readers will see it, for the preview (no pictures here, so no sizes to look up).
      bodyHtml: renderBodyHtml(legacyTextToBody(row.content)),
      // Not an uploaded picture: no size to give.
      imageSize: null,
      author: row.author,
      category: 'Business',
      categoryId: 4,
      source: row.source,
      editorName: row.editor_name,
      ratingOutOfTen: 7,
      comments: row.comments,
      imageUrl: '/images/manifesto.jpg',
      originalUrl: 'https://example.com/original',
      isBreaking: true,
      publishedAt: '2026-01-02T03:04:05.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
      status: 'published',
      publishAt: null,
      deletedAt: null,
      updatedBy: null,
      // Not a live blog.
      liveStartedAt: null,
      liveEndedAt: null,
      // Not pinned to the top (decision 064).
      pinnedAt: null,
      pinnedBy: null,
      pinnedUntil: null,
      // Sharing follows the Social page's defaults until the article chooses.
      shareToX: null,
      shareToFacebook: null,
      shareMessage: null,
      // The picture's description (none yet) and its focal point (the centre).
      imageAlt: '',
      imageCaption: '',
      imageCredit: '',
      imageFocalX: 0.5,
      imageFocalY: 0.5,
      // No search and social title or description: the headline and the summary are shown.
      metaTitle: '',
      metaDescription: '',
      // Written by SQL alone: no author or tag records link it.
      authors: [],
      tags: [],
    });
    expect(res.headers.etag).toBe('"1"');
  });

  it('gives null links and publishedAt for a draft without images', async () => {
    const row = await insertArticle(t.database.db, { published_at: null });
    const body = (await get(`/api/admin/articles/${row.id}`)).json();
    expect(body).toMatchObject({ imageUrl: null, originalUrl: null, publishedAt: null, isBreaking: false });
  });

  it('answers 404 problem for an unknown id', async () => {
    expectProblem(await get('/api/admin/articles/424242'), 404, 'Article 424242 was not found.');
  });

  it.each(['0', '-5', 'abc', '9999999999999', '1.5'])('refuses id %s with 400 naming the id', async (id) => {
    const body = expectProblem(await get(`/api/admin/articles/${id}`), 400, "'id'");
    expect(body.errors[0]).toMatchObject({ in: 'params', name: 'id' });
  });
});

type StoredRow = Awaited<ReturnType<typeof insertArticles>>[number];

/** The date a list row shows: publication, else creation (drafts, scheduled articles, the trash). */
const shownDate = (r: StoredRow) => r.published_at ?? r.created_at;

/** The admin list's order, newest first (the date shown desc, then id desc), of the rows `keep` keeps. */
function newestFirstIds(rows: StoredRow[], keep: (r: StoredRow) => boolean): number[] {
  return rows
    .filter(keep)
    .sort((a, b) => {
      const [x, y] = [shownDate(a), shownDate(b)];
      return x === y ? b.id - a.id : x < y ? 1 : -1;
    })
    .map((r) => r.id);
}

describe('GET /api/admin/articles', () => {
  /** 45 articles, one per hour back from a fixed time; every third a draft; categories round-robin. */
  let rows: StoredRow[];
  const base = Date.parse('2026-06-01T12:00:00.000Z');
  beforeAll(async () => {
    await clear();
    rows = await insertArticles(
      t.database.db,
      Array.from({ length: 45 }, (_, i) => ({
        headline: `Story number ${i}`,
        created_at: new Date(base - i * 3_600_000).toISOString(),
        published_at: i % 3 === 0 ? null : new Date(base - i * 3_600_000).toISOString(),
        category_id: (i % 6) + 1,
      })),
    );
  });

  const expectedOrder = (filter: (r: StoredRow) => boolean = () => true) => newestFirstIds(rows, filter);

  it('uses page 1, 20 per page, all statuses by default', async () => {
    const res = await get('/api/admin/articles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({
      currentPage: 1,
      pageSize: 20,
      totalCount: 45,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(body.articles.map((a: { id: number }) => a.id)).toEqual(expectedOrder().slice(0, 20));
    expect(body.articles[0]).not.toHaveProperty('content');
    expect(body.articles[0]).toMatchObject({ headline: 'Story number 0', category: 'Politics', categoryId: 1 });
  });

  it('computes the page maths in the middle and on the last page', async () => {
    const middle = (await get('/api/admin/articles?page=2&pageSize=20')).json();
    expect(middle).toMatchObject({ currentPage: 2, totalPages: 3, hasNextPage: true, hasPreviousPage: true });
    expect(middle.articles.map((a: { id: number }) => a.id)).toEqual(expectedOrder().slice(20, 40));
    const last = (await get('/api/admin/articles?page=3&pageSize=20')).json();
    expect(last).toMatchObject({
      currentPage: 3,
      totalPages: 3,
      totalCount: 45,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(last.articles.map((a: { id: number }) => a.id)).toEqual(expectedOrder().slice(40, 45));
  });

  it('returns every page in the same order as one sorted list (both scan directions)', async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const body = (await get(`/api/admin/articles?page=${page}&pageSize=10`)).json();
      expect(body.totalPages).toBe(5);
      expect(body.articles.length).toBe(page < 5 ? 10 : 5);
      ids.push(...body.articles.map((a: { id: number }) => a.id));
    }
    expect(ids).toEqual(expectedOrder());
  });

  it('returns an empty page with correct totals beyond the last page', async () => {
    const res = await get('/api/admin/articles?page=9&pageSize=20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      articles: [],
      currentPage: 9,
      pageSize: 20,
      totalCount: 45,
      totalPages: 3,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });

  it('returns every article on one page for pageSize -1', async () => {
    const body = (await get('/api/admin/articles?page=4&pageSize=-1')).json();
    expect(body).toMatchObject({
      currentPage: 1,
      pageSize: 45,
      totalCount: 45,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(body.articles.map((a: { id: number }) => a.id)).toEqual(expectedOrder());
  });

  it('accepts each page size option', async () => {
    for (const [size, pages] of [
      [10, 5],
      [20, 3],
      [50, 1],
      [100, 1],
    ] as const) {
      const body = (await get(`/api/admin/articles?pageSize=${size}`)).json();
      expect(body).toMatchObject({ pageSize: size, totalPages: pages, totalCount: 45 });
      expect(body.articles.length).toBe(Math.min(size, 45));
    }
  });

  it('filters by status', async () => {
    const published = (await get('/api/admin/articles?status=published&pageSize=100')).json();
    expect(published.totalCount).toBe(30);
    expect(published.articles.map((a: { id: number }) => a.id)).toEqual(expectedOrder((r) => r.published_at !== null));
    expect(published.articles.every((a: { publishedAt: string | null }) => a.publishedAt !== null)).toBe(true);
    const drafts = (await get('/api/admin/articles?status=unpublished&pageSize=10&page=2')).json();
    expect(drafts).toMatchObject({
      totalCount: 15,
      totalPages: 2,
      currentPage: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(drafts.articles.map((a: { id: number }) => a.id)).toEqual(
      expectedOrder((r) => r.published_at === null).slice(10),
    );
    const all = (await get('/api/admin/articles?status=all')).json();
    expect(all.totalCount).toBe(45);
  });

  it('filters by category, alone and with a status; 0 means all', async () => {
    const sport = (await get('/api/admin/articles?categoryId=3&pageSize=100')).json();
    expect(sport.totalCount).toBe(8);
    expect(sport.articles.map((a: { id: number }) => a.id)).toEqual(expectedOrder((r) => r.category_id === 3));
    const sportDrafts = (await get('/api/admin/articles?categoryId=1&status=unpublished&pageSize=100')).json();
    expect(sportDrafts.articles.map((a: { id: number }) => a.id)).toEqual(
      expectedOrder((r) => r.category_id === 1 && r.published_at === null),
    );
    expect(sportDrafts.totalCount).toBe(expectedOrder((r) => r.category_id === 1 && r.published_at === null).length);
    const published = (await get('/api/admin/articles?categoryId=2&status=published&pageSize=10')).json();
    expect(published.articles.map((a: { id: number }) => a.id)).toEqual(
      expectedOrder((r) => r.category_id === 2 && r.published_at !== null),
    );
    expect((await get('/api/admin/articles?categoryId=0')).json().totalCount).toBe(45);
  });

  it('orders articles with the same created_at by id, newest id first', async () => {
    await clear();
    const same = '2026-03-03T03:03:03.000Z';
    const tied = await insertArticles(t.database.db, [
      { created_at: same },
      { created_at: same },
      { created_at: same },
    ]);
    const body = (await get('/api/admin/articles')).json();
    expect(body.articles.map((a: { id: number }) => a.id)).toEqual(tied.map((r) => r.id).reverse());
    // restore the 45 for the tests below
    await clear();
    rows = await insertArticles(
      t.database.db,
      rows.map(({ id: _id, ...r }) => r),
    );
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
    ['page=2147483648', 'page'],
    ['page=99999999999999999999999', 'page'],
    ['pageSize=15', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['pageSize=-2', 'pageSize'],
    ['status=drafts', 'status'],
    ['status=PUBLISHED', 'status'],
    ['categoryId=99', 'categoryId'],
    ['categoryId=abc', 'categoryId'],
    ['categoryId=-1', 'categoryId'],
    ['categoryId=2.5', 'categoryId'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const before = await snapshotArticles(t.database.db);
    const body = expectProblem(await get(`/api/admin/articles?${query}`), 400, `'${field}'`);
    expect(body.errors[0]).toMatchObject({ in: 'querystring', name: field });
    expect(await snapshotArticles(t.database.db)).toEqual(before);
  });
});

describe('GET /api/admin/dashboard', () => {
  beforeEach(clear);

  it('counts all articles and those created in the last 7 days, and lists the 10 most recent', async () => {
    const now = new Date();
    const recentDays = [0.01, 1, 3, 6.9];
    const oldDays = [7.1, 8, 30, 100, 200, 300, 400, 500];
    const rows = await insertArticles(
      t.database.db,
      [...recentDays, ...oldDays].map((d, i) => ({
        headline: `Dash ${i}`,
        created_at: daysAgo(d, now),
        published_at: i % 2 ? daysAgo(d, now) : null,
      })),
    );
    const res = await get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.totalArticles).toBe(12);
    expect(body.articlesLastWeek).toBe(4);
    expect(body.recentArticles).toHaveLength(10);
    // created_at desc: the insertion order of `rows` is already newest first
    expect(body.recentArticles.map((a: { id: number }) => a.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    expect(body.recentArticles[0]).not.toHaveProperty('content');
  });

  it('gives zeros and an empty list with no articles', async () => {
    const body = (await get('/api/admin/dashboard')).json();
    expect(body).toMatchObject({ totalArticles: 0, articlesLastWeek: 0, recentArticles: [] });
  });

  it('counts the distinct editors seen in the last 7 days as active users', async () => {
    const activity = t.database.db;
    await activity
      .insertInto('editor_activity')
      .values([
        { subject: 'seen-2-days-ago', name: 'A', username: 'a', last_seen_at: daysAgo(2) },
        { subject: 'seen-6-days-ago', name: 'B', username: 'b', last_seen_at: daysAgo(6.5) },
        { subject: 'seen-10-days-ago', name: 'C', username: 'c', last_seen_at: daysAgo(10) },
      ])
      .execute();
    // The caller is recorded on its request: 2 earlier + the caller.
    const first = (
      await get('/api/admin/dashboard', { authorization: await t.bearer({ sub: 'dash-editor-1', name: 'One' }) })
    ).json();
    expect(first.activeUsers).toBe(3);
    // The same editor again does not count twice; another editor does.
    const again = (
      await get('/api/admin/dashboard', { authorization: await t.bearer({ sub: 'dash-editor-1', name: 'One' }) })
    ).json();
    expect(again.activeUsers).toBe(3);
    const other = (
      await get('/api/admin/dashboard', { authorization: await t.bearer({ sub: 'dash-editor-2', name: 'Two' }) })
    ).json();
    expect(other.activeUsers).toBe(4);
    const stored = await activity
      .selectFrom('editor_activity')
      .selectAll()
      .where('subject', '=', 'dash-editor-2')
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Two');
    expect(Date.now() - Date.parse(stored.last_seen_at)).toBeLessThan(60_000);
  });

  it('writes an editor activity at most once a minute', async () => {
    const activity = t.database.db;
    const who = { authorization: await t.bearer({ sub: 'throttled-editor', name: 'Th' }) };
    await get('/api/admin/categories', who);
    const first = await activity
      .selectFrom('editor_activity')
      .selectAll()
      .where('subject', '=', 'throttled-editor')
      .executeTakeFirstOrThrow();
    // Age the row: a request within the minute must not rewrite it.
    const aged = daysAgo(1);
    await activity
      .updateTable('editor_activity')
      .set({ last_seen_at: aged })
      .where('subject', '=', 'throttled-editor')
      .execute();
    await get('/api/admin/categories', who);
    const second = await activity
      .selectFrom('editor_activity')
      .selectAll()
      .where('subject', '=', 'throttled-editor')
      .executeTakeFirstOrThrow();
    expect(Date.parse(first.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(second.last_seen_at).toBe(aged);
  });
});

describe('GET /api/admin/articles past the first 2,000 rows (total first, then the nearer end)', () => {
  /** 2,600 articles, several sharing each created_at (ties broken by id); every fourth a draft. */
  let rows: StoredRow[];
  const base = Date.parse('2026-06-01T12:00:00.000Z');
  beforeAll(async () => {
    await clear();
    rows = await insertArticles(
      t.database.db,
      Array.from({ length: 2600 }, (_, i) => ({
        headline: `Deep story ${i}`,
        slug: `deep-story-${i}`,
        created_at: new Date(base - Math.floor(i / 3) * 60_000).toISOString(),
        published_at: i % 4 === 0 ? null : new Date(base - i * 60_000).toISOString(),
        category_id: (i % 6) + 1,
      })),
    );
  });

  it.each([
    ['every article', '', () => true],
    ['drafts', '&status=unpublished', (r: StoredRow) => r.published_at === null],
    [
      'category 2, published',
      '&status=published&categoryId=2',
      (r: StoredRow) => r.category_id === 2 && r.published_at !== null,
    ],
  ])('walks %s page by page in one sorted order, with exact totals on every page', async (_name, filter, keep) => {
    const expected = newestFirstIds(rows, keep);
    const totalPages = Math.ceil(expected.length / 100);
    const ids: number[] = [];
    for (let page = 1; page <= totalPages; page++) {
      const body = (await get(`/api/admin/articles?page=${page}&pageSize=100${filter}`)).json();
      expect(body).toMatchObject({
        totalCount: expected.length,
        totalPages,
        currentPage: page,
        hasNextPage: page < totalPages,
      });
      ids.push(...body.articles.map((a: { id: number }) => a.id));
    }
    expect(ids).toEqual(expected);
  });

  it('gives an empty deep page with exact totals beyond the end', async () => {
    const body = (await get('/api/admin/articles?page=40&pageSize=100')).json();
    expect(body).toMatchObject({
      articles: [],
      totalCount: 2600,
      totalPages: 26,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });
});

describe('GET /api/admin/articles in the order of the date each row shows', () => {
  const now = new Date();
  const hoursFromNow = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
  let byName: Record<string, StoredRow>;
  let rows: StoredRow[];
  beforeAll(async () => {
    await clear();
    // Creation order differs from the order of the dates the rows show.
    const spec = {
      publishedLate: { created_at: daysAgo(10, now), published_at: daysAgo(0.5, now) },
      publishedEarly: { created_at: daysAgo(3, now), published_at: daysAgo(3, now) },
      draft: { created_at: daysAgo(1, now) },
      scheduledSoon: { created_at: daysAgo(0.1, now), publish_at: hoursFromNow(48) },
      scheduledLater: { created_at: daysAgo(30, now), publish_at: hoursFromNow(120) },
      otherCategory: { created_at: daysAgo(20, now), published_at: daysAgo(2, now), category_id: 3 },
      // In the trash: its publication time is put aside, the row shows its creation.
      trashedOld: {
        created_at: daysAgo(5, now),
        trashed_published_at: daysAgo(0.1, now),
        deleted_at: daysAgo(0.05, now),
      },
      trashedNew: { created_at: daysAgo(1.5, now), trashed_published_at: daysAgo(4, now), deleted_at: daysAgo(1, now) },
    };
    const stored = await insertArticles(
      t.database.db,
      Object.entries(spec).map(([name, r]) => ({ headline: `Shown ${name}`, category_id: 2, ...r })),
    );
    rows = stored;
    byName = Object.fromEntries(Object.keys(spec).map((name, i) => [name, stored[i]!]));
  });
  afterAll(clear);

  const ids = async (query: string) =>
    (await get(`/api/admin/articles?pageSize=100&${query}`)).json().articles.map((a: { id: number }) => a.id);
  const named = (...names: string[]) => names.map((n) => byName[n]!.id);

  it('lists newest first by publication, else creation, not by creation alone', async () => {
    // Created 10 days ago, published 12 hours ago; scheduled articles by their creation, as their rows show.
    expect(await ids('')).toEqual(
      named('scheduledSoon', 'publishedLate', 'draft', 'otherCategory', 'publishedEarly', 'scheduledLater'),
    );
    expect(await ids('sort=oldest')).toEqual(
      named('scheduledLater', 'publishedEarly', 'otherCategory', 'draft', 'publishedLate', 'scheduledSoon'),
    );
  });

  it.each([
    ['all', () => true],
    ['published', (r: StoredRow) => r.published_at !== null],
    ['unpublished', (r: StoredRow) => r.published_at === null && r.deleted_at === null],
    ['draft', (r: StoredRow) => r.published_at === null && r.publish_at === null && r.deleted_at === null],
    ['scheduled', (r: StoredRow) => r.publish_at !== null],
    ['trash', (r: StoredRow) => r.deleted_at !== null],
  ] as const)('keeps that order with status=%s, alone and in a category, both ways', async (status, keep) => {
    const inList = (r: StoredRow) => (status === 'all' ? r.deleted_at === null : keep(r));
    for (const [category, inCategory] of [
      ['', () => true],
      ['&categoryId=2', (r: StoredRow) => r.category_id === 2],
    ] as const) {
      const expected = newestFirstIds(rows, (r) => inList(r) && inCategory(r));
      expect(expected.length).toBeGreaterThan(0);
      expect(await ids(`status=${status}${category}`)).toEqual(expected);
      expect(await ids(`status=${status}${category}&sort=oldest`)).toEqual([...expected].reverse());
    }
  });

  it('moves a draft published now to the top of the published articles and of all', async () => {
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/articles/${byName.draft!.id}/publish`,
      headers: auth,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await ids('status=published'))[0]).toBe(byName.draft!.id);
    expect((await ids('')).slice(0, 3)).toEqual(named('draft', 'scheduledSoon', 'publishedLate'));
  });
});
