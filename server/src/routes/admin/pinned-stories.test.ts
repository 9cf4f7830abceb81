import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PINNED_STORIES } from '../../../../common/admin-contract.ts';
import { olderThanFirstPage } from '../../../../common/older-stories.ts';
import { daysAgo, insertArticle, insertArticles, snapshotArticles } from '../../test-support/admin-articles.ts';
import { PinnedStoriesRepository } from '../../repositories/pinned-stories.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Stories pinned to the top (decision 064): a pinned published story leads GET /News (home) and its
// section's list, after the breaking stories; at most three at once; unpublishing or the Trash takes the
// pin away; a pin is audited but is not an edit (the version stays). On SQLite (api) and PostgreSQL (api-pg).
let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = await t.bearer({ sub: 'editor-pin', name: 'Pat Pinner' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('audit_log').execute();
  t.app.newsCache.clear();
});

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

/**
 * PUT .../pin. 'Newest pin first' orders pins by their time: a pin answered, this waits until the clock has
 * moved past its time, so that the test's next pin is the newer one (two pins made within one millisecond
 * are equal, and then the story with the higher id leads; the last test of this file shows it).
 */
async function pin(id: number, body?: { until?: string | null }) {
  const res = await call('PUT', `/api/admin/articles/${id}/pin`, body);
  if (res.statusCode === 200) {
    const pinnedAt = Date.parse((res.json() as { pinnedAt: string }).pinnedAt);
    while (Date.now() <= pinnedAt) await new Promise((resolve) => setImmediate(resolve));
  }
  return res;
}
const unpin = (id: number) => call('DELETE', `/api/admin/articles/${id}/pin`);

/** The public list's ids: GET /News (home) or a section's. */
async function listed(category?: string): Promise<{ breaking: number[]; others: number[] }> {
  const res = await t.app.inject({ url: `/News?count=15${category ? `&category=${category}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { breakingNews: { id: number }[]; allArticles: { id: number }[] };
  return { breaking: body.breakingNews.map((a) => a.id), others: body.allArticles.map((a) => a.id) };
}

async function auditActions(articleId: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_name'])
    .where('article_id', '=', articleId)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.action} by ${r.actor_name}`);
}

/** `n` published stories, the first the newest (one hour apart), in `category_id` (Politics by default). */
function published(n: number, overrides: Record<string, unknown> = {}) {
  return insertArticles(
    t.database.db,
    Array.from({ length: n }, (_, i) => ({ published_at: daysAgo((i + 1) / 24), category_id: 1, ...overrides })),
  );
}

describe('pinning a story', () => {
  it('leads the home page and its section after the breaking stories, not another section', async () => {
    const politics = await published(4);
    const [sport] = await published(1, { category_id: 3, published_at: daysAgo(0.01) });
    const [breaking] = await published(1, { is_breaking: 1, published_at: daysAgo(0.02) });
    const oldest = politics.at(-1)!;

    const res = await pin(Number(oldest.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: Number(oldest.id), pinnedBy: 'Pat Pinner', version: 1 });
    expect(Date.parse(res.json().pinnedAt)).toBeGreaterThan(Date.now() - 60_000);

    const home = await listed();
    expect(home.breaking).toEqual([Number(breaking!.id)]);
    expect(home.others[0]).toBe(Number(oldest.id));
    expect(home.others.filter((id) => id === Number(oldest.id))).toHaveLength(1);
    expect(home.others.slice(1)).toEqual([Number(sport!.id), ...politics.slice(0, 3).map((r) => Number(r.id))]);
    expect((await listed('Politics')).others[0]).toBe(Number(oldest.id));
    expect((await listed('Sport')).others).toEqual([Number(sport!.id)]);

    // The newsroom's list and read show it, and the audit trail has it; the story itself is not edited.
    const list = await call('GET', '/api/admin/articles?status=published');
    const row = (list.json().articles as { id: number; pinnedBy: string | null }[]).find(
      (a) => a.id === Number(oldest.id),
    );
    expect(row?.pinnedBy).toBe('Pat Pinner');
    expect((await call('GET', `/api/admin/articles/${oldest.id}`)).json()).toMatchObject({
      pinnedBy: 'Pat Pinner',
      version: 1,
      updatedBy: null,
    });
    expect(await auditActions(Number(oldest.id))).toEqual(['pin by Pat Pinner']);
  });

  it('puts the newest pin first, and a pin again changes nothing', async () => {
    const [a, b] = await published(2);
    expect((await pin(Number(b!.id))).statusCode).toBe(200);
    const first = (await pin(Number(a!.id))).json().pinnedAt as string;
    const again = await pin(Number(a!.id));
    expect(again.statusCode).toBe(200);
    expect(again.json().pinnedAt).toBe(first);
    expect(await auditActions(Number(a!.id))).toEqual(['pin by Pat Pinner']);
    // Pinned later, b leads although it is the older story.
    const [, c] = await published(2, { published_at: daysAgo(0.001) });
    expect((await pin(Number(c!.id))).statusCode).toBe(200);
    expect((await listed()).others.slice(0, 3)).toEqual([c, a, b].map((r) => Number(r!.id)));
  });

  it('keeps a breaking story in the breaking list only', async () => {
    const [story] = await published(1, { is_breaking: 1 });
    const [other] = await published(1);
    expect((await pin(Number(story!.id))).statusCode).toBe(200);
    expect(await listed()).toEqual({ breaking: [Number(story!.id)], others: [Number(other!.id)] });
  });

  it('leaves the older pages where they were: a full first page still ends with the newest stories', async () => {
    const rows = await published(20);
    const old = rows.at(-1)!;
    await pin(Number(old.id));
    const res = await t.app.inject({ url: '/News?count=15' });
    const body = res.json();
    expect(body.allArticles.map((a: { id: number }) => a.id)).toEqual([
      Number(old.id),
      ...rows.slice(0, 14).map((r) => Number(r.id)),
    ]);
    const older = olderThanFirstPage(body, 15)!;
    const page2 = await t.app.inject({ url: `/News/archive?before=${encodeURIComponent(older)}&count=15` });
    expect(page2.json().articles[0].id).toBe(Number(rows[14]!.id));
  });

  it(`refuses a ${MAX_PINNED_STORIES + 1}th pin, naming the pinned stories, and changes nothing`, async () => {
    const rows = await published(MAX_PINNED_STORIES + 1);
    for (const r of rows.slice(0, MAX_PINNED_STORIES)) expect((await pin(Number(r.id))).statusCode).toBe(200);
    const before = await snapshotArticles(t.database.db);
    const res = await pin(Number(rows.at(-1)!.id));
    const body = expectProblem(res, 409, `${MAX_PINNED_STORIES} stories are pinned already (“${rows[2]!.headline}”`);
    expect(body.detail).toContain('unpin one of them first');
    expect(body.pinned.map((p: { id: number }) => p.id)).toEqual(
      rows
        .slice(0, MAX_PINNED_STORIES)
        .reverse()
        .map((r) => Number(r.id)),
    );
    expect(await snapshotArticles(t.database.db)).toEqual(before);
    // One unpinned, the fourth goes in.
    expect((await unpin(Number(rows[0]!.id))).statusCode).toBe(200);
    expect((await pin(Number(rows.at(-1)!.id))).statusCode).toBe(200);
  });

  it('lets only the limit through when editors pin at the same moment', async () => {
    const rows = await published(MAX_PINNED_STORIES + 3);
    const answers = await Promise.all(rows.map((r) => pin(Number(r.id))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_PINNED_STORIES);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const pinned = await t.database.db.selectFrom('articles').select('id').where('pinned_at', 'is not', null).execute();
    expect(pinned).toHaveLength(MAX_PINNED_STORIES);
  });

  it('refuses a draft, a scheduled story, one in the Trash and an unknown id', async () => {
    const draft = await insertArticle(t.database.db);
    const scheduled = await insertArticle(t.database.db, { publish_at: daysAgo(-1) });
    const trashed = await insertArticle(t.database.db, { deleted_at: daysAgo(1), trashed_published_at: daysAgo(2) });
    expectProblem(await pin(Number(draft.id)), 409, 'Only a published story can be pinned: publish it first.');
    expectProblem(await pin(Number(scheduled.id)), 409, 'Only a published story can be pinned');
    const inTrash = expectProblem(await pin(Number(trashed.id)), 409);
    expect(inTrash.deleted).toBe(true);
    expectProblem(await unpin(Number(trashed.id)), 409);
    expectProblem(await pin(999_999), 404, 'Article 999999 was not found.');
    expectProblem(await unpin(999_999), 404);
    expectProblem(await call('PUT', '/api/admin/articles/abc/pin'), 400);
    expect(await auditActions(Number(draft.id))).toEqual([]);
  });

  it('asks to be signed in', async () => {
    const [row] = await published(1);
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/articles/${row!.id}/pin` });
    expect(res.statusCode).toBe(401);
    expect((await t.database.db.selectFrom('articles').select('pinned_at').executeTakeFirstOrThrow()).pinned_at).toBe(
      null,
    );
  });
});

describe('GET /api/admin/pins', () => {
  it('lists the pinned published stories, newest pin first, with their section and who pinned them', async () => {
    expect((await call('GET', '/api/admin/pins')).json()).toEqual({ pinned: [], max: MAX_PINNED_STORIES });
    const [a] = await published(1);
    const [b] = await published(1, { category_id: 3 });
    await pin(Number(a!.id));
    const pinnedB = (await pin(Number(b!.id))).json();
    const res = await call('GET', '/api/admin/pins');
    expect(res.statusCode).toBe(200);
    expect(res.json().pinned).toEqual([
      {
        id: Number(b!.id),
        headline: b!.headline,
        category: 'Sport',
        pinnedAt: pinnedB.pinnedAt,
        pinnedBy: 'Pat Pinner',
        pinnedUntil: null,
      },
      expect.objectContaining({ id: Number(a!.id), category: 'Politics', pinnedBy: 'Pat Pinner' }),
    ]);
    // Unpublished, a story is no longer pinned.
    await call('POST', `/api/admin/articles/${b!.id}/unpublish`);
    expect((await call('GET', '/api/admin/pins')).json().pinned.map((p: { id: number }) => p.id)).toEqual([
      Number(a!.id),
    ]);
    expect((await t.app.inject({ url: '/api/admin/pins' })).statusCode).toBe(401);
  });
});

describe('unpinning', () => {
  it('puts the story back in its place, audited once', async () => {
    const rows = await published(3);
    const old = rows.at(-1)!;
    await pin(Number(old.id));
    const res = await unpin(Number(old.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pinnedAt: null, pinnedBy: null });
    expect((await unpin(Number(old.id))).statusCode).toBe(200);
    expect((await listed()).others).toEqual(rows.map((r) => Number(r.id)));
    expect(await auditActions(Number(old.id))).toEqual(['pin by Pat Pinner', 'unpin by Pat Pinner']);
  });

  it('happens when the story is unpublished or moved to the Trash, and publishing again does not pin it', async () => {
    const [a, b, c] = await published(3);
    for (const r of [a, b]) await pin(Number(r!.id));
    expect((await call('POST', `/api/admin/articles/${a!.id}/unpublish`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/articles/${b!.id}`)).statusCode).toBe(204);
    expect((await call('POST', `/api/admin/articles/${a!.id}/publish`)).json()).toMatchObject({ pinnedAt: null });
    expect((await call('POST', `/api/admin/articles/${b!.id}/restore`)).json()).toMatchObject({
      status: 'published',
      pinnedAt: null,
    });
    // a published again now leads by its new time; b keeps its old one; neither is pinned.
    expect((await listed()).others).toEqual([a, b, c].map((r) => Number(r!.id)));
  });

  it('never gets in the way of an editor saving the story (the version stays)', async () => {
    const [row] = await published(1);
    const read = (await call('GET', `/api/admin/articles/${row!.id}`)).json();
    await pin(Number(row!.id));
    const save = await call('PUT', `/api/admin/articles/${row!.id}`, {
      headline: 'Pinned And Edited',
      summary: read.summary,
      body: read.body,
      category: read.category,
      author: read.author,
      source: read.source,
      ratingOutOfTen: read.ratingOutOfTen,
      comments: read.comments,
      isBreaking: false,
      version: read.version,
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json()).toMatchObject({ headline: 'Pinned And Edited', pinnedBy: 'Pat Pinner' });
  });
});

describe('a pin that ends by itself', () => {
  const HOUR = 3_600_000;
  const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

  it('is stored with its end, and pinning it again changes only the end (the story keeps its place)', async () => {
    const [a, b] = await published(2);
    const until = inHours(3);
    const res = await pin(Number(a!.id), { until });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pinnedBy: 'Pat Pinner', pinnedUntil: until });
    const pinnedAt = res.json().pinnedAt as string;
    await pin(Number(b!.id));
    expect((await listed()).others).toEqual([b, a].map((r) => Number(r!.id)));

    const later = inHours(24);
    const again = await pin(Number(a!.id), { until: later });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ pinnedAt, pinnedUntil: later, version: 1 });
    // No end: until an editor unpins it.
    expect((await pin(Number(a!.id), { until: null })).json()).toMatchObject({ pinnedAt, pinnedUntil: null });
    expect((await pin(Number(a!.id))).json()).toMatchObject({ pinnedAt, pinnedUntil: null });
    expect((await listed()).others).toEqual([b, a].map((r) => Number(r!.id)));
    expect(await auditActions(Number(a!.id))).toEqual(['pin by Pat Pinner', 'pin by Pat Pinner', 'pin by Pat Pinner']);
    const pins = (await call('GET', '/api/admin/pins')).json().pinned as { id: number; pinnedUntil: string | null }[];
    expect(pins.map((p) => p.pinnedUntil)).toEqual([null, null]);
    const row = (
      (await call('GET', '/api/admin/articles?status=published')).json().articles as {
        id: number;
        pinnedUntil: string | null;
      }[]
    ).find((r) => r.id === Number(a!.id));
    expect(row).toMatchObject({ pinnedUntil: null });
  });

  it('refuses an end that is not a later date and time, or an unknown field, and changes nothing', async () => {
    const [a] = await published(1);
    const before = await snapshotArticles(t.database.db);
    const bad = [
      { until: 'tomorrow' },
      { until: '2026-12-31T10:00' },
      { until: new Date(Date.now() - HOUR).toISOString() },
      { until: new Date(Date.now() + 6 * 366 * 24 * HOUR).toISOString() },
      { until: 42 },
      { until: `${inHours(3)}${' '.repeat(100)}` },
      { until: inHours(3), pinned: true },
    ];
    for (const body of bad) {
      const res = await call('PUT', `/api/admin/articles/${a!.id}/pin`, body);
      const problem = expectProblem(res, 400);
      expect(JSON.stringify(problem), JSON.stringify(body)).toMatch(/until|pinned/);
    }
    const past = expectProblem(await pin(Number(a!.id), { until: new Date(Date.now() - HOUR).toISOString() }), 400);
    expect(past.errors).toEqual([{ in: 'body', name: 'until', message: 'must be in the future' }]);
    expect(await snapshotArticles(t.database.db)).toEqual(before);
    expect(await auditActions(Number(a!.id))).toEqual([]);
  });

  it("ends at the scheduler's step once its time has come, as the Scheduler, and only then", async () => {
    const [a, b, c] = await published(3);
    await pin(Number(c!.id), { until: inHours(2) });
    await pin(Number(b!.id), { until: inHours(5) });
    await pin(Number(a!.id));
    expect((await listed()).others).toEqual([a, b, c].map((r) => Number(r!.id)));

    expect((await t.app.scheduler.tick(new Date(Date.now() + HOUR))).unpinned).toEqual([]);
    const tick = await t.app.scheduler.tick(new Date(Date.now() + 3 * HOUR));
    expect(tick.unpinned).toEqual([Number(c!.id)]);
    // Off the top at once for readers (the page cache is cleared), and the others stay pinned.
    expect((await t.app.inject({ url: '/News?count=15' })).json().allArticles.map((r: { id: number }) => r.id)).toEqual(
      [a, b, c].map((r) => Number(r!.id)),
    );
    const pins = (await call('GET', '/api/admin/pins')).json().pinned.map((p: { id: number }) => p.id);
    expect(pins).toEqual([a, b].map((r) => Number(r!.id)));
    expect((await call('GET', `/api/admin/articles/${c!.id}`)).json()).toMatchObject({
      pinnedAt: null,
      pinnedBy: null,
      pinnedUntil: null,
      version: 1,
    });
    expect(await auditActions(Number(c!.id))).toEqual(['pin by Pat Pinner', 'unpin by Scheduler']);
    // Once is enough: a later step finds nothing more of it.
    expect((await t.app.scheduler.tick(new Date(Date.now() + 4 * HOUR))).unpinned).toEqual([]);
    expect((await t.app.scheduler.tick(new Date(Date.now() + 6 * HOUR))).unpinned).toEqual([Number(b!.id)]);
    expect((await call('GET', '/api/admin/pins')).json().pinned.map((p: { id: number }) => p.id)).toEqual([
      Number(a!.id),
    ]);
  });

  it('goes with the pin when the story is unpublished', async () => {
    const [a] = await published(1);
    await pin(Number(a!.id), { until: inHours(3) });
    expect((await call('POST', `/api/admin/articles/${a!.id}/unpublish`)).json()).toMatchObject({
      pinnedAt: null,
      pinnedUntil: null,
    });
    const row = await t.database.db
      .selectFrom('articles')
      .select('pinned_until')
      .where('id', '=', a!.id)
      .executeTakeFirstOrThrow();
    expect(row.pinned_until).toBeNull();
    expect((await t.app.scheduler.tick(new Date(Date.now() + 4 * HOUR))).unpinned).toEqual([]);
  });
});

describe('two pins made at the same time', () => {
  it('lead with the story of the higher id, on the home page and in the list of pins', async () => {
    const [newer, older] = await published(2);
    const repository = new PinnedStoriesRepository(t.database.db, t.database.dialect);
    const at = new Date();
    const editor = { subject: 'editor-pin', name: 'Pat Pinner' };
    // The older story (the higher id) pinned first, then the newer: neither the order of the pins nor the
    // stories' dates decides.
    for (const r of [older, newer]) expect((await repository.pin(Number(r!.id), editor, null, at)).ok).toBe(true);
    const expected = [newer, older].map((r) => Number(r!.id)).sort((x, y) => y - x);
    expect((await listed()).others).toEqual(expected);
    expect((await repository.pinned()).map((p) => p.id)).toEqual(expected);
  });
});
