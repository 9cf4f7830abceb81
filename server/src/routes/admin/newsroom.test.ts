import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { daysAgo, insertArticle, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import type { ArticlePublishedEvent } from '../../scheduler/article-events.ts';

let t: TestApp;
let auth: { authorization: string };
let other: { authorization: string };
const EDITOR = { sub: 'editor-news', name: 'Nora Newsroom' };
const RIVAL = { sub: 'editor-rival', name: 'Rex Rival' };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer(EDITOR) };
  other = { authorization: await t.bearer(RIVAL) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('articles').execute();
  await db.deleteFrom('audit_log').execute();
  await db.deleteFrom('article_revisions').execute();
  await db.deleteFrom('slug_redirects').execute();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(
  method: Method,
  url: string,
  opts: { payload?: object; headers?: Record<string, string>; as?: { authorization: string } } = {},
) {
  const headers: Record<string, string> = { ...(opts.as ?? auth), 'content-type': 'application/json', ...opts.headers };
  return t.app.inject({
    method,
    url,
    headers,
    payload: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
  });
}

const FULL = {
  headline: 'Mayor Declares War On Puddles',
  summary: 'The summary.',
  content: 'Paragraph one.\n\nParagraph two.',
  category: 'Politics',
  author: 'Ann Author',
  source: 'Town Crier',
  originalUrl: 'https://example.com/puddles',
  imageUrl: '/images/puddle.jpg',
  // Publishing and scheduling need a description of the picture (decision 033).
  imageAlt: 'A puddle in the town square',
  ratingOutOfTen: 6,
  comments: 'Check the quote with the mayor office.',
  isBreaking: false,
};

async function create(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/articles', { payload: { ...FULL, ...overrides } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('versions and PUT', () => {
  it('creates at version 1 with an ETag, and an edit of every field bumps it', async () => {
    const created = await create();
    expect(created).toMatchObject({
      version: 1,
      status: 'draft',
      publishAt: null,
      deletedAt: null,
      updatedBy: EDITOR.name,
    });
    const got = await call('GET', `/api/admin/articles/${created.id}`);
    expect(got.headers.etag).toBe('"1"');

    const edit = {
      headline: 'Mayor Surrenders To Puddles',
      summary: 'New summary.',
      content: 'All new.',
      category: 'Business',
      author: 'Bob Byline',
      source: 'Gazette',
      originalUrl: 'https://example.com/surrender',
      imageUrl: '/images/surrender.jpg',
      ratingOutOfTen: 9,
      comments: 'Lawyers cleared it.',
      isBreaking: true,
    };
    const res = await call('PUT', `/api/admin/articles/${created.id}`, {
      payload: edit,
      headers: { 'if-match': '"1"' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({
      ...edit,
      categoryId: 4,
      slug: 'mayor-surrenders-to-puddles',
      version: 2,
      status: 'draft',
      updatedBy: EDITOR.name,
    });
    // Stored: a fresh read agrees.
    expect((await call('GET', `/api/admin/articles/${created.id}`)).json()).toMatchObject({ ...edit, version: 2 });
    // A draft's slug follows its headline: no redirect kept.
    expect(await t.database.db.selectFrom('slug_redirects').selectAll().execute()).toEqual([]);
  });

  it('refuses a stale If-Match with 412 and a stale version field with 409, naming who changed it', async () => {
    const a = await create();
    const first = await call('PUT', `/api/admin/articles/${a.id}`, {
      payload: { ...FULL, headline: 'Rival Was First' },
      headers: { 'if-match': '"1"' },
      as: other,
    });
    expect(first.statusCode).toBe(200);
    const before = await snapshotArticles(t.database.db);
    const stale = await call('PUT', `/api/admin/articles/${a.id}`, {
      payload: { ...FULL, headline: 'Too Late' },
      headers: { 'if-match': '"1"' },
    });
    const p412 = expectProblem(stale, 412, 'Rex Rival');
    expect(p412).toMatchObject({ currentVersion: 2, changedBy: RIVAL.name, changedAt: first.json().updatedAt });
    const p409 = expectProblem(
      await call('PUT', `/api/admin/articles/${a.id}`, { payload: { ...FULL, headline: 'Too Late', version: 1 } }),
      409,
    );
    expect(p409).toMatchObject({ currentVersion: 2, changedBy: RIVAL.name });
    expectProblem(await call('PUT', `/api/admin/articles/${a.id}`, { payload: { ...FULL } }), 428, 'If-Match');
    expectProblem(
      await call('PUT', `/api/admin/articles/${a.id}`, { payload: FULL, headers: { 'if-match': 'nonsense' } }),
      400,
      'If-Match',
    );
    expect(await snapshotArticles(t.database.db)).toEqual(before);
    // The current version saves.
    expect(
      (await call('PUT', `/api/admin/articles/${a.id}`, { payload: { ...FULL, headline: 'Now', version: 2 } }))
        .statusCode,
    ).toBe(200);
  });

  it('validates every field like POST, one message per field, and stores nothing', async () => {
    const a = await create();
    const before = await snapshotArticles(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ headline: '' }, 'headline'],
      [{ headline: '!!!' }, 'headline'],
      [{ headline: 'x'.repeat(301) }, 'headline'],
      [{ summary: 'x'.repeat(2001) }, 'summary'],
      [{ content: 42 }, 'content'],
      [{ category: 'Gossip' }, 'category'],
      [{ author: 'x'.repeat(201) }, 'author'],
      [{ source: false }, 'source'],
      [{ originalUrl: 'javascript:alert(1)' }, 'originalUrl'],
      [{ imageUrl: 'not a url' }, 'imageUrl'],
      [{ ratingOutOfTen: 11 }, 'ratingOutOfTen'],
      [{ ratingOutOfTen: 'seven' }, 'ratingOutOfTen'],
      [{ comments: 'x'.repeat(5001) }, 'comments'],
      [{ isBreaking: 'yes' }, 'isBreaking'],
      [{ publishedAt: '2026-01-01T00:00:00Z' }, 'publishedAt'],
      [{ version: 'one' }, 'version'],
    ];
    for (const [change, field] of cases) {
      const res = await call('PUT', `/api/admin/articles/${a.id}`, {
        payload: { ...FULL, ...change },
        headers: { 'if-match': '"1"' },
      });
      const problem = expectProblem(res, 400);
      expect(
        (problem.errors as { name: string }[]).map((e) => e.name),
        JSON.stringify(change),
      ).toContain(field);
    }
    const { category: _c, ...noCategory } = FULL;
    const missing = expectProblem(
      await call('PUT', `/api/admin/articles/${a.id}`, { payload: noCategory, headers: { 'if-match': '"1"' } }),
      400,
    );
    expect((missing.errors as { name: string }[])[0]!.name).toBe('category');
    for (const id of ['0', 'abc', '99999999999'])
      expectProblem(
        await call('PUT', `/api/admin/articles/${id}`, { payload: FULL, headers: { 'if-match': '"1"' } }),
        400,
      );
    expectProblem(
      await call('PUT', '/api/admin/articles/424242', { payload: FULL, headers: { 'if-match': '"1"' } }),
      404,
    );
    expect(await snapshotArticles(t.database.db)).toEqual(before);
  });
});

describe('slugs of published articles', () => {
  it('keeps the old URL as a 301 after a published headline change, for the API and the page', async () => {
    const a = await create({ headline: 'Original Headline Here', published: true });
    expect((await t.app.inject({ url: '/News/slug/original-headline-here' })).statusCode).toBe(200);
    const res = await call('PUT', `/api/admin/articles/${a.id}`, {
      payload: { ...FULL, headline: 'Corrected Headline Here' },
      headers: { 'if-match': `"${a.version}"` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const api = await t.app.inject({ url: '/News/slug/original-headline-here' });
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe('/News/slug/corrected-headline-here');
    expect((await t.app.inject({ url: '/News/slug/corrected-headline-here' })).json().headline).toBe(
      'Corrected Headline Here',
    );
    const page = await t.app.inject({ url: '/article/original-headline-here?ref=share' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/article/corrected-headline-here?ref=share');
    // A second change: the first slug leads straight to the newest one.
    await call('PUT', `/api/admin/articles/${a.id}`, {
      payload: { ...FULL, headline: 'Final Headline Here' },
      headers: { 'if-match': '"2"' },
    });
    expect((await t.app.inject({ url: '/article/original-headline-here' })).headers.location).toBe(
      '/article/final-headline-here',
    );
    // Back to an earlier headline: its slug is live again, no redirect away from it.
    await call('PUT', `/api/admin/articles/${a.id}`, {
      payload: { ...FULL, headline: 'Original Headline Here' },
      headers: { 'if-match': '"3"' },
    });
    expect((await t.app.inject({ url: '/News/slug/original-headline-here' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/News/slug/final-headline-here' })).headers.location).toBe(
      '/News/slug/original-headline-here',
    );
    // Unpublished: old links no longer lead anywhere.
    await call('POST', `/api/admin/articles/${a.id}/unpublish`);
    expect((await t.app.inject({ url: '/News/slug/final-headline-here' })).statusCode).toBe(404);
  });
});

describe('scheduling', () => {
  it('schedules a draft (future only), lists and counts it, unschedules it', async () => {
    const a = await create();
    const when = new Date(Date.now() + 3_600_000).toISOString();
    for (const bad of ['tomorrow', '2020-01-01T00:00:00Z', '2026-13-45T99:00:00Z', '2999-01-01T00:00:00Z']) {
      expectProblem(
        await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt: bad } }),
        400,
        'publishAt',
      );
    }
    expectProblem(await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: {} }), 400, 'publishAt');
    expectProblem(
      await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt: 5 } }),
      400,
      'publishAt',
    );
    const res = await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt: when } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', publishAt: when, publishedAt: null, version: 2 });
    const list = (await call('GET', '/api/admin/articles?status=scheduled')).json();
    expect(list.articles.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(list.totalCount).toBe(1);
    expect((await call('GET', '/api/admin/articles?status=draft')).json().totalCount).toBe(0);
    expect((await call('GET', '/api/admin/dashboard')).json().scheduledArticles).toBe(1);
    const un = await call('DELETE', `/api/admin/articles/${a.id}/schedule`);
    expect(un.json()).toMatchObject({ status: 'draft', publishAt: null });
    expectProblem(await call('DELETE', `/api/admin/articles/${a.id}/schedule`), 409);
    expect((await call('GET', '/api/admin/dashboard')).json().scheduledArticles).toBe(0);
  });

  it('a manual publish or unpublish cancels the schedule; a published article cannot be scheduled', async () => {
    const a = await create();
    const b = await create({ headline: 'Second One' });
    const when = new Date(Date.now() + 3_600_000).toISOString();
    await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt: when } });
    await call('POST', `/api/admin/articles/${b.id}/schedule`, { payload: { publishAt: when } });
    const published = (await call('POST', `/api/admin/articles/${a.id}/publish`)).json();
    expect(published).toMatchObject({ status: 'published', publishAt: null });
    expectProblem(await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt: when } }), 409);
    expect((await call('POST', `/api/admin/articles/${b.id}/unpublish`)).json()).toMatchObject({
      status: 'draft',
      publishAt: null,
    });
  });

  it('with If-Match, schedules or unschedules only the version the editor saw (412 as an edit); without, as before', async () => {
    const a = await create();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const schedule = (publishAt: string, headers?: Record<string, string>, as?: { authorization: string }) =>
      call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt }, headers, as });

    // The version the editor read: scheduled, with the new ETag.
    const matched = await schedule(soon, { 'if-match': '"1"' });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.headers.etag).toBe('"2"');
    expect(matched.json()).toMatchObject({ status: 'scheduled', publishAt: soon, version: 2 });

    // Someone else takes it off the schedule meanwhile.
    const taken = await call('DELETE', `/api/admin/articles/${a.id}/schedule`, {
      headers: { 'if-match': '"2"' },
      as: other,
    });
    expect(taken.json()).toMatchObject({ status: 'draft', publishAt: null, version: 3 });

    // A move or an unschedule based on version 2: the edit's 412, naming who changed it; nothing written.
    const rows = await snapshotArticles(t.database.db);
    const audit = await t.database.db.selectFrom('audit_log').select('id').execute();
    const stale = await schedule(later, { 'if-match': '"2"' });
    const p412 = expectProblem(stale, 412, 'Rex Rival');
    expect(p412).toMatchObject({ currentVersion: 3, changedBy: RIVAL.name, changedAt: taken.json().updatedAt });
    expect(stale.headers.etag).toBe('"3"');
    expectProblem(
      await call('DELETE', `/api/admin/articles/${a.id}/schedule`, { headers: { 'if-match': '"2"' } }),
      412,
    );
    expectProblem(await schedule(later, { 'if-match': 'yesterday' }), 400, 'If-Match');
    expect(await snapshotArticles(t.database.db)).toEqual(rows);
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toEqual(audit);

    // Without If-Match, as before: the draft is scheduled whatever its version.
    const plain = await schedule(later);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ status: 'scheduled', publishAt: later, version: 4 });

    // Two moves based on the same version at once: the check and the write are one step, so one wins.
    const both = await Promise.all([
      schedule(soon, { 'if-match': '"4"' }),
      schedule(later, { 'if-match': '"4"' }, other),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    expect((await call('GET', `/api/admin/articles/${a.id}`)).json()).toMatchObject({ version: 5 });

    // The API document names the header on both schedule requests.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const method of ['post', 'delete']) {
      const op = doc.paths['/api/admin/articles/{id}/schedule'][method];
      expect(op.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match' })]),
      );
      expect(Object.keys(op.responses)).toContain('412');
    }
  });

  it('the scheduler publishes what is due once, with audit, revision, cache and event', async () => {
    const a = await create({ headline: 'Goes Out At Seven' });
    const when = new Date(Date.now() + 60_000).toISOString();
    await call('POST', `/api/admin/articles/${a.id}/schedule`, { payload: { publishAt: when } });
    const events: ArticlePublishedEvent[] = [];
    const listener = (e: ArticlePublishedEvent) => events.push(e);
    t.app.articleEvents.on('published', listener);
    try {
      expect((await t.app.scheduler.tick(new Date(Date.now() + 30_000))).published).toEqual([]);
      expect((await t.app.inject({ url: '/News/slug/goes-out-at-seven' })).statusCode).toBe(404);
      const due = new Date(Date.parse(when) + 1);
      expect((await t.app.scheduler.tick(due)).published).toEqual([a.id]);
      expect((await t.app.scheduler.tick(due)).published).toEqual([]);
      expect(events.map((e) => [e.article.id, e.how])).toEqual([[a.id, 'scheduled']]);
      // The public cache was dropped: the article is there at once.
      expect((await t.app.inject({ url: '/News/slug/goes-out-at-seven' })).statusCode).toBe(200);
      const stored = (await call('GET', `/api/admin/articles/${a.id}`)).json();
      expect(stored).toMatchObject({ status: 'published', publishedAt: when, publishAt: null, updatedBy: 'Scheduler' });
      const audit = (await call('GET', '/api/admin/audit?action=publish')).json();
      expect(audit.entries).toHaveLength(1);
      expect(audit.entries[0]).toMatchObject({
        articleId: a.id,
        editorName: 'Scheduler',
        headline: 'Goes Out At Seven',
      });
    } finally {
      t.app.articleEvents.off('published', listener);
    }
  });
});

describe('revisions', () => {
  it('keeps every save, shows one, and restores it as a new revision with the version check', async () => {
    const a = await create({ headline: 'First Words' });
    await call('PUT', `/api/admin/articles/${a.id}`, {
      payload: { ...FULL, headline: 'Second Words', comments: 'Changed' },
      headers: { 'if-match': '"1"' },
    });
    const list = (await call('GET', `/api/admin/articles/${a.id}/revisions`)).json().revisions;
    expect(list.map((r: { action: string }) => r.action)).toEqual(['edit', 'create']);
    expect(list[0]).toMatchObject({
      version: 2,
      editorName: EDITOR.name,
      changedFields: ['headline', 'slug', 'comments'],
    });
    const first = (await call('GET', `/api/admin/articles/${a.id}/revisions/${list[1].id}`)).json();
    expect(first.snapshot).toMatchObject({ headline: 'First Words', version: 1 });
    expectProblem(await call('POST', `/api/admin/articles/${a.id}/revisions/${list[1].id}/restore`), 428);
    expectProblem(
      await call('POST', `/api/admin/articles/${a.id}/revisions/${list[1].id}/restore`, {
        headers: { 'if-match': '"1"' },
      }),
      412,
    );
    const restored = await call('POST', `/api/admin/articles/${a.id}/revisions/${list[1].id}/restore`, {
      payload: { version: 2 },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ headline: 'First Words', comments: FULL.comments, version: 3 });
    const after = (await call('GET', `/api/admin/articles/${a.id}/revisions`)).json().revisions;
    expect(after.map((r: { action: string }) => r.action)).toEqual(['restore', 'edit', 'create']);
    expectProblem(await call('GET', `/api/admin/articles/${a.id}/revisions/999999`), 404);
    expectProblem(await call('GET', `/api/admin/articles/${a.id}/revisions/abc`), 400, 'revisionId');
  });
});

describe('trash', () => {
  it('moves to the trash, hides from the public site at once, lists, restores, and refuses a double delete', async () => {
    const a = await create({ headline: 'Trash Me Please', published: true });
    expect((await t.app.inject({ url: '/News?count=50' })).json().allArticles).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/articles/${a.id}`)).statusCode).toBe(204);
    expectProblem(await call('DELETE', `/api/admin/articles/${a.id}`), 409);
    expect((await t.app.inject({ url: '/News?count=50' })).json().allArticles).toHaveLength(0);
    expect((await t.app.inject({ url: '/News/slug/trash-me-please' })).statusCode).toBe(404);
    const gone = expectProblem(await call('GET', `/api/admin/articles/${a.id}`), 404, 'deleted');
    // The screen 'This article was deleted' names it in its Delete for good.
    expect(gone).toMatchObject({ deleted: true, headline: 'Trash Me Please' });
    expect(typeof gone.deletedAt).toBe('string');
    expect((await call('GET', '/api/admin/articles')).json().totalCount).toBe(0);
    const trash = (await call('GET', '/api/admin/articles?status=trash')).json();
    expect(trash.articles.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(trash.articles[0].deletedAt).toBe(gone.deletedAt);
    const restored = await call('POST', `/api/admin/articles/${a.id}/restore`);
    expect(restored.json()).toMatchObject({ status: 'published', publishedAt: a.publishedAt, deletedAt: null });
    expect((await t.app.inject({ url: '/News/slug/trash-me-please' })).statusCode).toBe(200);
    expectProblem(await call('POST', `/api/admin/articles/${a.id}/restore`), 409);
  });

  it('refuses to publish or unpublish an article in the trash with 409 (404 only for an unknown id), changing nothing', async () => {
    const wasPublished = await create({ headline: 'Binned Scoop', published: true });
    const wasDraft = await create({ headline: 'Binned Draft' });
    for (const a of [wasPublished, wasDraft]) {
      expect((await call('DELETE', `/api/admin/articles/${a.id}`)).statusCode).toBe(204);
    }
    await t.database.db.deleteFrom('audit_log').execute();
    const before = await snapshotArticles(t.database.db);
    for (const a of [wasPublished, wasDraft]) {
      for (const action of ['publish', 'unpublish']) {
        const refused = expectProblem(
          await call('POST', `/api/admin/articles/${a.id}/${action}`),
          409,
          'The article is in the trash: restore it first.',
        );
        expect(refused).toMatchObject({ deleted: true, deletedAt: expect.any(String) });
      }
    }
    expect(await snapshotArticles(t.database.db)).toEqual(before);
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
    const unknown = wasDraft.id + 1000;
    for (const action of ['publish', 'unpublish']) {
      const missing = expectProblem(
        await call('POST', `/api/admin/articles/${unknown}/${action}`),
        404,
        `Article ${unknown} was not found.`,
      );
      expect(missing.deleted).toBeUndefined();
    }
    // Restored, it is published (or a draft) again and the actions work as before.
    expect((await call('POST', `/api/admin/articles/${wasDraft.id}/restore`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/articles/${wasDraft.id}/publish`)).json()).toMatchObject({
      status: 'published',
    });
  });

  it('purges what has been in the trash over 30 days, and nothing younger', async () => {
    const old = await insertArticle(t.database.db, { headline: 'Old Trash' });
    const young = await insertArticle(t.database.db, { headline: 'Young Trash' });
    const db = t.database.db;
    await db
      .updateTable('articles')
      .set({ deleted_at: daysAgo(31) })
      .where('id', '=', old.id)
      .execute();
    await db
      .updateTable('articles')
      .set({ deleted_at: daysAgo(29) })
      .where('id', '=', young.id)
      .execute();
    expect((await t.app.scheduler.tick()).purged).toEqual([old.id]);
    const left = await db.selectFrom('articles').select('id').execute();
    expect(left.map((r) => Number(r.id))).toEqual([young.id]);
    expect((await call('GET', '/api/admin/audit?action=purge')).json().entries[0]).toMatchObject({
      articleId: old.id,
      headline: 'Old Trash',
    });
  });
});

describe('list, dashboard and audit', () => {
  it('searches headlines case-insensitively (LIKE characters taken literally) and sorts both ways', async () => {
    await insertArticle(t.database.db, { headline: 'Cats Rule Parliament', created_at: daysAgo(3) });
    await insertArticle(t.database.db, { headline: 'Dogs Demand Recount', created_at: daysAgo(2) });
    await insertArticle(t.database.db, { headline: 'CATS strike back 100%', created_at: daysAgo(1) });
    const heads = async (q: string) =>
      (await call('GET', `/api/admin/articles?${q}`)).json().articles.map((a: { headline: string }) => a.headline);
    const probe = await call('GET', '/api/admin/articles?search=cats');
    expect(probe.statusCode, probe.body).toBe(200);
    expect(await heads('search=cats')).toEqual(['CATS strike back 100%', 'Cats Rule Parliament']);
    expect(await heads('search=cats&sort=oldest')).toEqual(['Cats Rule Parliament', 'CATS strike back 100%']);
    expect(await heads('search=100%25')).toEqual(['CATS strike back 100%']);
    expect(await heads('search=_')).toEqual([]);
    expect((await call('GET', '/api/admin/articles?search=cats')).json().totalCount).toBe(2);
    expect(await heads('sort=oldest&pageSize=10')).toEqual([
      'Cats Rule Parliament',
      'Dogs Demand Recount',
      'CATS strike back 100%',
    ]);
    expectProblem(await call('GET', '/api/admin/articles?sort=sideways'), 400, 'sort');
    expectProblem(await call('GET', '/api/admin/articles?status=lost'), 400, 'status');
    expectProblem(await call('GET', `/api/admin/articles?search=${'x'.repeat(201)}`), 400, 'search');
  });

  it("orders the dashboard's recent articles as the list does: by the date shown (publication, else creation)", async () => {
    // Created long ago but published just now: newest by the date the list shows.
    const late = await insertArticle(t.database.db, { created_at: daysAgo(10), published_at: daysAgo(0.01) });
    const draft = await insertArticle(t.database.db, { created_at: daysAgo(1), published_at: null });
    const early = await insertArticle(t.database.db, { created_at: daysAgo(0.5), published_at: daysAgo(2) });
    // Going out tomorrow, but its row shows its creation, the earliest.
    const scheduled = await insertArticle(t.database.db, { created_at: daysAgo(20), publish_at: daysAgo(-1) });
    const recent = (await call('GET', '/api/admin/dashboard')).json().recentArticles.map((a: { id: number }) => a.id);
    expect(recent).toEqual([late.id, draft.id, early.id, scheduled.id]);
    const list = (await call('GET', '/api/admin/articles')).json().articles.map((a: { id: number }) => a.id);
    expect(list).toEqual(recent);
  });

  it('lists the audit trail newest first, filtered by editor and action', async () => {
    const a = await create({ headline: 'Audited Story' });
    await call('POST', `/api/admin/articles/${a.id}/publish`, { as: other });
    await call('POST', `/api/admin/articles/${a.id}/unpublish`);
    const all = (await call('GET', '/api/admin/audit')).json();
    expect(all.entries.map((e: { action: string }) => e.action)).toEqual(['unpublish', 'publish', 'create']);
    expect(all).toMatchObject({ currentPage: 1, pageSize: 50, hasNextPage: false });
    const rex = (await call('GET', `/api/admin/audit?editor=${encodeURIComponent(RIVAL.name)}`)).json();
    expect(rex.entries).toEqual([
      expect.objectContaining({
        action: 'publish',
        editorName: RIVAL.name,
        articleId: a.id,
        headline: 'Audited Story',
      }),
    ]);
    expect((await call('GET', '/api/admin/audit?action=create')).json().entries).toHaveLength(1);
    expect((await call('GET', '/api/admin/audit?page=2')).json().entries).toEqual([]);
    expectProblem(await call('GET', '/api/admin/audit?action=explode'), 400, 'action');
    expectProblem(await call('GET', '/api/admin/audit?page=0'), 400, 'page');
  });
});
