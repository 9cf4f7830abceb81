import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRESENCE_WINDOW_SECONDS } from '../../../../common/presence-contract.ts';
import { ArticlePresenceRepository } from '../../repositories/article-presence.ts';
import { daysAgo, insertArticle, insertArticles, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Editing presence (decision 047) through the admin API: two editors' heartbeats on one article, each
// told of the other and not of themselves, the window, leaving, the problems, the Trash; nothing audited
// and the article untouched; All Articles' rows naming who has them open. On SQLite (api) and PostgreSQL
// (api-pg).
let t: TestApp;
let sam: string;
let alex: string;
let jo: string;

const TAB_SAM = '3f2b8c1e-6a4d-4e2f-9b7a-0c5d1e2f3a4b';
const TAB_SAM_2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TAB_ALEX = 'c0ffee00-1234-4abc-8def-0123456789ab';
const TAB_JO = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

beforeAll(async () => {
  t = await createTestApp();
  sam = await t.bearer({ sub: 'editor-sam', name: 'Sam Editor', preferred_username: 'sam' });
  alex = await t.bearer({ sub: 'editor-alex', name: 'Alex Writer', preferred_username: 'alex' });
  jo = await t.bearer({ sub: 'editor-jo', name: 'Jo Reporter', preferred_username: 'jo' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('article_presence').execute();
  await t.database.db.deleteFrom('audit_log').execute();
});

const url = (id: number | string) => `/api/admin/articles/${id}/presence`;

const beat = (authorization: string, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: url(id),
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const leave = (authorization: string, id: number | string, tabId: string) =>
  t.app.inject({ method: 'DELETE', url: `${url(id)}?tabId=${encodeURIComponent(tabId)}`, headers: { authorization } });

async function others(
  authorization: string,
  id: number,
  tabId: string,
): Promise<{ name: string; username: string; since: string }[]> {
  const res = await beat(authorization, id, { tabId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().editors;
}

describe('who else has the article open', () => {
  it("lists the other editor with when they opened it, never oneself (one's other tab neither)", async () => {
    const { id } = await insertArticle(t.database.db);
    const before = new Date().toISOString();
    expect(await others(sam, id, TAB_SAM)).toEqual([]);
    expect(await others(sam, id, TAB_SAM_2)).toEqual([]);
    const seen = await others(alex, id, TAB_ALEX);
    expect(seen).toEqual([{ name: 'Sam Editor', username: 'sam', since: expect.any(String) }]);
    expect(seen[0]!.since >= before).toBe(true);
    expect(await others(sam, id, TAB_SAM)).toEqual([
      { name: 'Alex Writer', username: 'alex', since: expect.any(String) },
    ]);
  });

  it("keeps an editor's opening time across heartbeats, the earliest of their tabs", async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    await t.database.db
      .updateTable('article_presence')
      .set({ opened_at: '2026-01-05T14:02:00.000Z' })
      .where('tab_id', '=', TAB_SAM)
      .execute();
    await others(sam, id, TAB_SAM);
    await others(sam, id, TAB_SAM_2);
    expect(await others(alex, id, TAB_ALEX)).toEqual([
      { name: 'Sam Editor', username: 'sam', since: '2026-01-05T14:02:00.000Z' },
    ]);
  });

  it('lists only the editors on that article', async () => {
    const a = await insertArticle(t.database.db);
    const b = await insertArticle(t.database.db);
    await others(sam, a.id, TAB_SAM);
    expect(await others(alex, b.id, TAB_ALEX)).toEqual([]);
  });

  it("leaves out a tab not heard from within the window; a heartbeat deletes no row but writes its own, the scheduler's step deletes the stale ones", async () => {
    const { id } = await insertArticle(t.database.db);
    const other = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    await others(sam, other.id, TAB_SAM_2);
    const past = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    // Sam's tab on the article: one second older than the window; on the other article: well inside it.
    await t.database.db
      .updateTable('article_presence')
      .set({ last_seen: past(PRESENCE_WINDOW_SECONDS + 1) })
      .where('tab_id', '=', TAB_SAM)
      .execute();
    await t.database.db
      .updateTable('article_presence')
      .set({ last_seen: past(PRESENCE_WINDOW_SECONDS - 10) })
      .where('tab_id', '=', TAB_SAM_2)
      .execute();
    expect(await others(alex, id, TAB_ALEX)).toEqual([]);
    const tabs = async () =>
      (await t.database.db.selectFrom('article_presence').select(['tab_id']).orderBy('tab_id').execute()).map(
        (r) => r.tab_id,
      );
    // The stale row is still there (left out of the list), for the sweep to delete.
    expect(await tabs()).toEqual([TAB_SAM, TAB_SAM_2, TAB_ALEX].sort());
    expect((await t.app.scheduler.tick()).presenceSwept).toBe(1);
    expect(await tabs()).toEqual([TAB_SAM_2, TAB_ALEX].sort());
    expect(await others(alex, other.id, TAB_ALEX)).toEqual([
      { name: 'Sam Editor', username: 'sam', since: expect.any(String) },
    ]);
    expect((await t.app.scheduler.tick()).presenceSwept).toBe(0);
  });

  it('the sweep deletes at most its limit of rows a time, the rest at the next', async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    await others(sam, id, TAB_SAM_2);
    await others(jo, id, TAB_JO);
    await t.database.db.updateTable('article_presence').set({ last_seen: '2026-01-05T14:03:00.000Z' }).execute();
    const repo = new ArticlePresenceRepository(t.database.db);
    expect(await repo.sweep(new Date(), 2)).toBe(2);
    expect(await t.database.db.selectFrom('article_presence').select('tab_id').execute()).toHaveLength(1);
    expect(await repo.sweep(new Date(), 2)).toBe(1);
    expect(await repo.sweep(new Date())).toBe(0);
  });

  it('heartbeats on an article while an editor deletes it for good: each answers (200 or 404), the rows go with it', async () => {
    const { id } = await insertArticle(t.database.db, { deleted_at: new Date().toISOString() });
    const bystander = await insertArticle(t.database.db);
    const stale = new Date(Date.now() - (PRESENCE_WINDOW_SECONDS + 5) * 1000).toISOString();
    // Stale and fresh rows on both articles, as the tabs of a busy newsroom leave them.
    const tabs = Array.from({ length: 12 }, (_, i) => `0b1c2d3e-4f50-4a61-8b72-${String(i).padStart(12, '0')}`);
    for (const [i, tab] of tabs.entries()) {
      await others(i % 2 ? sam : jo, i % 3 ? id : bystander.id, tab);
      if (i % 4 !== 3)
        await t.database.db
          .updateTable('article_presence')
          .set({ last_seen: stale })
          .where('tab_id', '=', tab)
          .execute();
    }
    const purge = t.app.inject({
      method: 'POST',
      url: `/api/admin/articles/${id}/purge`,
      headers: { authorization: alex },
    });
    const beats = tabs.flatMap((tab, i) => [
      beat(i % 2 ? jo : sam, id, { tabId: tab }),
      beat(alex, bystander.id, { tabId: tab }),
    ]);
    const [purged, ...answers] = await Promise.all([purge, ...beats, t.app.scheduler.tick()]);
    expect((purged as Awaited<typeof purge>).statusCode, (purged as Awaited<typeof purge>).body).toBeLessThan(300);
    for (const res of answers.slice(0, beats.length) as Awaited<typeof purge>[])
      expect([200, 404], res.body).toContain(res.statusCode);
    expect(
      await t.database.db.selectFrom('article_presence').select('tab_id').where('article_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('a tab that comes back after the window is opened again, now', async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    await t.database.db
      .updateTable('article_presence')
      .set({ opened_at: '2026-01-05T14:02:00.000Z', last_seen: '2026-01-05T14:03:00.000Z' })
      .execute();
    const before = new Date().toISOString();
    await others(sam, id, TAB_SAM);
    const [seen] = await others(alex, id, TAB_ALEX);
    expect(seen!.since >= before).toBe(true);
  });

  it('DELETE removes the tab: the other editor no longer sees it; the same again, or an unknown tab, is 204 too', async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    await others(sam, id, TAB_SAM_2);
    const gone = await leave(sam, id, TAB_SAM);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(gone.body).toBe('');
    // Still open in Sam's other tab.
    expect(await others(alex, id, TAB_ALEX)).toEqual([
      { name: 'Sam Editor', username: 'sam', since: expect.any(String) },
    ]);
    expect((await leave(sam, id, TAB_SAM_2)).statusCode).toBe(204);
    expect(await others(alex, id, TAB_ALEX)).toEqual([]);
    expect((await leave(sam, id, TAB_SAM_2)).statusCode).toBe(204);
  });

  it("DELETE removes only the editor's own tab: another editor naming it leaves it", async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    expect((await leave(alex, id, TAB_SAM)).statusCode).toBe(204);
    expect(await others(alex, id, TAB_ALEX)).toEqual([
      { name: 'Sam Editor', username: 'sam', since: expect.any(String) },
    ]);
  });

  it('writes no audit row and leaves the article as it was', async () => {
    const { id } = await insertArticle(t.database.db);
    const before = await snapshotArticles(t.database.db);
    await others(sam, id, TAB_SAM);
    await others(alex, id, TAB_ALEX);
    expect((await leave(sam, id, TAB_SAM)).statusCode).toBe(204);
    expect(await snapshotArticles(t.database.db)).toEqual(before);
    expect(await t.database.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });

  it('an article in the Trash takes them (its screen is still somebody looking at it)', async () => {
    const { id } = await insertArticle(t.database.db, { deleted_at: new Date().toISOString() });
    await others(sam, id, TAB_SAM);
    expect(await others(alex, id, TAB_ALEX)).toEqual([
      { name: 'Sam Editor', username: 'sam', since: expect.any(String) },
    ]);
    expect((await leave(sam, id, TAB_SAM)).statusCode).toBe(204);
  });

  it('the rows go with the article when it is deleted for good', async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM);
    await t.database.db.deleteFrom('articles').where('id', '=', id).execute();
    expect(await t.database.db.selectFrom('article_presence').selectAll().execute()).toEqual([]);
  });
});

describe('refusals', () => {
  it('an unknown article: 404 problem, for the heartbeat and for leaving, and nothing stored', async () => {
    expectProblem(await beat(sam, 987654, { tabId: TAB_SAM }), 404, 'Article 987654 was not found.');
    expectProblem(await leave(sam, 987654, TAB_SAM), 404, 'Article 987654 was not found.');
    expect(await t.database.db.selectFrom('article_presence').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['not a UUID', { tabId: 'tab-1' }],
    ['a UUID with a tail', { tabId: `${TAB_SAM}x` }],
    ['a number', { tabId: 42 }],
    ['missing', {}],
  ])('a heartbeat whose tabId is %s: 400 naming tabId', async (_, payload) => {
    const { id } = await insertArticle(t.database.db);
    const body = expectProblem(await beat(sam, id, payload), 400);
    expect(body.errors).toEqual([expect.objectContaining({ in: 'body', name: 'tabId' })]);
  });

  it('a heartbeat with another field: 400 naming it', async () => {
    const { id } = await insertArticle(t.database.db);
    const body = expectProblem(await beat(sam, id, { tabId: TAB_SAM, editor: 'someone' }), 400);
    expect(body.errors).toEqual([expect.objectContaining({ in: 'body', name: 'editor' })]);
  });

  it('leaving without a valid tabId: 400 naming tabId', async () => {
    const { id } = await insertArticle(t.database.db);
    const bad = expectProblem(await leave(sam, id, 'nope'), 400);
    expect(bad.errors).toEqual([expect.objectContaining({ in: 'querystring', name: 'tabId' })]);
    const missing = await t.app.inject({ method: 'DELETE', url: url(id), headers: { authorization: sam } });
    expect(expectProblem(missing, 400).errors).toEqual([expect.objectContaining({ in: 'querystring', name: 'tabId' })]);
  });

  it.each(['0', 'abc', '99999999999999'])('a malformed article id (%s): 400 naming id', async (id) => {
    const body = expectProblem(await beat(sam, id, { tabId: TAB_SAM }), 400);
    expect(body.errors).toEqual([expect.objectContaining({ in: 'params', name: 'id' })]);
    expect(expectProblem(await leave(sam, id, TAB_SAM), 400).errors).toEqual([
      expect.objectContaining({ in: 'params', name: 'id' }),
    ]);
  });

  it('a tab id in capitals is the same tab', async () => {
    const { id } = await insertArticle(t.database.db);
    await others(sam, id, TAB_SAM.toUpperCase());
    await others(sam, id, TAB_SAM);
    const rows = await t.database.db.selectFrom('article_presence').select('tab_id').execute();
    expect(rows).toEqual([{ tab_id: TAB_SAM }]);
    expect((await leave(sam, id, TAB_SAM.toUpperCase())).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('article_presence').selectAll().execute()).toEqual([]);
  });

  it('without a signed-in editor: 401', async () => {
    const { id } = await insertArticle(t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: url(id),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ tabId: TAB_SAM }),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('All Articles: who has each row open', () => {
  /** The display names in the `openBy` of each row of All Articles as `authorization` sees it, by headline. */
  async function openByRow(authorization: string, query = ''): Promise<Record<string, string[]>> {
    const rows = await listRows(authorization, query);
    return Object.fromEntries(rows.map((r) => [r.headline, r.openBy.map((e) => e.name)]));
  }

  async function listRows(authorization: string, query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/articles${query}`, headers: { authorization } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().articles as { headline: string; openBy: { name: string; username: string }[] }[];
  }

  const lastSeen = (tabId: string, at: string) =>
    t.database.db.updateTable('article_presence').set({ last_seen: at }).where('tab_id', '=', tabId).execute();

  it("names another editor's fresh heartbeat on that row only, never oneself", async () => {
    const open = await insertArticle(t.database.db, { headline: 'Goat Elected' });
    await insertArticle(t.database.db, { headline: 'Budget Eaten' });
    await others(sam, open.id, TAB_SAM);
    expect(await openByRow(alex)).toEqual({ 'Goat Elected': ['Sam Editor'], 'Budget Eaten': [] });
    // Sam's own list leaves Sam out, whichever tab.
    await others(sam, open.id, TAB_SAM_2);
    expect(await openByRow(sam)).toEqual({ 'Goat Elected': [], 'Budget Eaten': [] });
  });

  it('gives each editor with their username (from their sign-in), so two of the same name can be told apart', async () => {
    const { id } = await insertArticle(t.database.db, { headline: 'Goat Elected' });
    const otherSam = await t.bearer({ sub: 'editor-sam-2', name: 'Sam Editor', preferred_username: 'sam2' });
    await others(sam, id, TAB_SAM);
    await others(otherSam, id, TAB_SAM_2);
    expect((await listRows(alex)).map((r) => r.openBy)).toEqual([
      [
        { name: 'Sam Editor', username: 'sam' },
        { name: 'Sam Editor', username: 'sam2' },
      ],
    ]);
    expect(await others(alex, id, TAB_ALEX)).toEqual([
      { name: 'Sam Editor', username: 'sam', since: expect.any(String) },
      { name: 'Sam Editor', username: 'sam2', since: expect.any(String) },
    ]);
    // Each Sam is told of the other (and of Alex), never of themselves.
    expect((await others(otherSam, id, TAB_SAM_2)).map((e) => e.username)).toEqual(['sam', 'alex']);
    // An editor whose sign-in was not recorded: their subject stands for the username.
    await t.database.db.deleteFrom('editor_activity').where('subject', '=', 'editor-sam-2').execute();
    expect((await listRows(alex)).map((r) => r.openBy.map((e) => e.username))).toEqual([['sam', 'editor-sam-2']]);
  });

  it('names each editor once (their tabs are one), who opened it first first', async () => {
    const { id } = await insertArticle(t.database.db, { headline: 'Goat Elected' });
    await others(jo, id, TAB_JO);
    await others(sam, id, TAB_SAM);
    await others(sam, id, TAB_SAM_2);
    await t.database.db
      .updateTable('article_presence')
      .set({ opened_at: '2026-01-05T14:02:00.000Z' })
      .where('tab_id', '=', TAB_SAM_2)
      .execute();
    expect(await openByRow(alex)).toEqual({ 'Goat Elected': ['Sam Editor', 'Jo Reporter'] });
    await others(alex, id, TAB_ALEX);
    expect(await openByRow(jo)).toEqual({ 'Goat Elected': ['Sam Editor', 'Alex Writer'] });
  });

  it('leaves out a heartbeat older than the window, and rows with none', async () => {
    const { id } = await insertArticle(t.database.db, { headline: 'Goat Elected' });
    await others(sam, id, TAB_SAM);
    await others(jo, id, TAB_JO);
    const past = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    await lastSeen(TAB_SAM, past(PRESENCE_WINDOW_SECONDS + 1));
    await lastSeen(TAB_JO, past(PRESENCE_WINDOW_SECONDS - 10));
    expect(await openByRow(alex)).toEqual({ 'Goat Elected': ['Jo Reporter'] });
  });

  it("names them on the Trash's rows too, and only on the page's rows", async () => {
    const gone = await insertArticle(t.database.db, { headline: 'Goat Deleted', deleted_at: new Date().toISOString() });
    await others(sam, gone.id, TAB_SAM);
    expect(await openByRow(alex, '?status=trash')).toEqual({ 'Goat Deleted': ['Sam Editor'] });
    // Eleven articles, ten to a page: the oldest alone on page 2, open in Jo's tab.
    const rows = await insertArticles(
      t.database.db,
      Array.from({ length: 11 }, (_, i) => ({ headline: `Story ${i}`, created_at: daysAgo(i + 1) })),
    );
    await others(jo, rows[10]!.id, TAB_JO);
    const first = await openByRow(alex, '?pageSize=10&page=1');
    expect(Object.keys(first)).toHaveLength(10);
    expect(Object.values(first).every((names) => names.length === 0)).toBe(true);
    expect(await openByRow(alex, '?pageSize=10&page=2')).toEqual({ 'Story 10': ['Jo Reporter'] });
  });

  it("reads them in one statement for the page's ids, none for an empty page", async () => {
    const a = await insertArticle(t.database.db);
    const b = await insertArticle(t.database.db);
    await others(sam, a.id, TAB_SAM);
    const now = new Date();
    const statements = await statementsOf(t.database, (spy) =>
      new ArticlePresenceRepository(spy).othersOn([a.id, b.id], 'editor-alex', now),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]!.sql).toMatch(/article_presence/);
    expect(await statementsOf(t.database, (spy) => new ArticlePresenceRepository(spy).othersOn([], 'x', now))).toEqual(
      [],
    );
  });

  it("a long page (All): still one statement, and only the page's rows", async () => {
    const a = await insertArticle(t.database.db);
    const between = await insertArticle(t.database.db);
    const c = await insertArticle(t.database.db);
    await others(sam, a.id, TAB_SAM);
    await others(jo, between.id, TAB_JO);
    await others(sam, c.id, TAB_SAM_2);
    // The page: a and c, and ids no article has (a long page), but not the article between them.
    const page = [a.id, c.id, ...Array.from({ length: 1000 }, (_, i) => c.id + 1000 + i)];
    const now = new Date();
    let found = new Map<number, { name: string; username: string }[]>();
    const statements = await statementsOf(t.database, async (spy) => {
      found = await new ArticlePresenceRepository(spy).othersOn(page, 'editor-alex', now);
    });
    expect(statements).toHaveLength(1);
    expect(found).toEqual(
      new Map([
        [a.id, [{ name: 'Sam Editor', username: 'sam' }]],
        [c.id, [{ name: 'Sam Editor', username: 'sam' }]],
      ]),
    );
  });
});
