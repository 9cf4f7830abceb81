import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodyDoc } from '../../../../common/body/types.ts';
import { snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// An article in the Trash refuses every write with one 409 (its state refuses the change; restored, it
// takes them again), with `deleted` and `deletedAt` for the screens; 404 stays for an id that does not
// exist, and for the read (GET), which shows 'This article was deleted'. On SQLite (api) and PostgreSQL
// (api-pg).
let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = await t.bearer({ sub: 'editor-trash', name: 'Tess Trash' });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('audit_log').execute();
});

const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const text = (words: string): BodyDoc => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }],
});

const EDIT = {
  headline: 'Heron Wins By-Election',
  summary: 'A landslide in the reeds.',
  body: text('The heron stood very still.'),
  category: 'Politics',
  author: 'Ann Author',
  source: 'Wire',
  ratingOutOfTen: 5,
  comments: '',
  isBreaking: false,
};

/** Every write of one article (and of its live coverage), as the newsroom's screens send them. */
function writesOf(id: number, rid: number, entryId: number): [string, string, unknown?, Record<string, string>?][] {
  const future = new Date(Date.now() + 86_400_000).toISOString();
  return [
    ['PUT', `/api/admin/articles/${id}`, EDIT, { 'if-match': '"1"' }],
    ['PUT', `/api/admin/articles/${id}`, { ...EDIT, version: 1 }],
    ['PUT', `/api/admin/articles/${id}`, { ...EDIT, autosave: true }, { 'if-match': '"1"' }],
    ['PUT', `/api/admin/articles/${id}/category`, { categoryId: 2 }],
    ['PUT', `/api/admin/articles/${id}/pin`],
    ['DELETE', `/api/admin/articles/${id}/pin`],
    ['POST', `/api/admin/articles/${id}/publish`],
    ['POST', `/api/admin/articles/${id}/unpublish`],
    ['POST', `/api/admin/articles/${id}/schedule`, { publishAt: future }],
    ['DELETE', `/api/admin/articles/${id}/schedule`],
    ['PUT', `/api/admin/articles/${id}/shares/choice`, { shareToX: false, shareMessage: 'Still binned?' }],
    ['POST', `/api/admin/articles/${id}/revisions/${rid}/restore`, {}, { 'if-match': '"1"' }],
    ['POST', `/api/admin/articles/${id}/live/start`],
    ['POST', `/api/admin/articles/${id}/live/end`],
    ['POST', `/api/admin/articles/${id}/live/entries`, { body: text('Still here?') }],
    ['PATCH', `/api/admin/articles/${id}/live/entries/${entryId}`, { body: text('Corrected.'), version: 1 }],
    ['DELETE', `/api/admin/articles/${id}/live/entries/${entryId}`],
  ];
}

/** A draft with live coverage running and one entry, moved to the Trash: its id, revision, entry and deletedAt. */
async function trashedLiveDraft() {
  const created = await call('POST', '/api/admin/articles', EDIT);
  expect(created.statusCode, created.body).toBe(201);
  const id = Number(created.json().id);
  const [revision] = (await call('GET', `/api/admin/articles/${id}/revisions`)).json().revisions;
  expect((await call('POST', `/api/admin/articles/${id}/live/start`)).statusCode).toBe(200);
  const entry = await call('POST', `/api/admin/articles/${id}/live/entries`, { body: text('First words.') });
  expect(entry.statusCode, entry.body).toBe(201);
  expect((await call('DELETE', `/api/admin/articles/${id}`)).statusCode).toBe(204);
  const row = await t.database.db.selectFrom('articles').select('deleted_at').where('id', '=', id).executeTakeFirst();
  return { id, rid: Number(revision.id), entryId: Number(entry.json().id), deletedAt: row!.deleted_at! };
}

const liveEntries = () => t.database.db.selectFrom('live_entries').selectAll().orderBy('id').execute();

describe('a write of an article in the Trash', () => {
  it('answers 409 "restore it first" with deleted and deletedAt for every write, changing nothing', async () => {
    const { id, rid, entryId, deletedAt } = await trashedLiveDraft();
    // What the refused writes could have left: the articles, the entries, any audit row.
    await t.database.db.deleteFrom('audit_log').execute();
    const articles = await snapshotArticles(t.database.db);
    const entries = await liveEntries();

    for (const [method, url, payload, headers] of writesOf(id, rid, entryId)) {
      const refused = expectProblem(
        await call(method, url, payload, headers),
        409,
        'The article is in the trash: restore it first.',
      );
      expect(refused, `${method} ${url}`).toMatchObject({ status: 409, deleted: true, deletedAt });
      // Not a version conflict: nothing to compare or save over.
      expect(refused.currentVersion, `${method} ${url}`).toBeUndefined();
    }

    expect(await snapshotArticles(t.database.db)).toEqual(articles);
    expect(await liveEntries()).toEqual(entries);
    expect(await t.database.db.selectFrom('audit_log').select('action').execute()).toEqual([]);
    // Reading it is still the 404 that shows 'This article was deleted'.
    const read = expectProblem(await call('GET', `/api/admin/articles/${id}`), 404, 'is in the trash');
    expect(read).toMatchObject({ deleted: true, deletedAt, headline: EDIT.headline });
  });

  it('a stale version too: the Trash is said first (there is nothing to compare until it is restored)', async () => {
    const { id } = await trashedLiveDraft();
    const stale = await call('PUT', `/api/admin/articles/${id}`, EDIT, { 'if-match': '"99"' });
    expect(expectProblem(stale, 409, 'restore it first')).toMatchObject({ deleted: true });
  });

  it('an id that does not exist is still 404, without deleted', async () => {
    const { id, rid, entryId } = await trashedLiveDraft();
    const unknown = id + 1000;
    for (const [method, url, payload, headers] of writesOf(unknown, rid, entryId)) {
      const res = await call(method, url, payload, headers);
      // A version brought back names a revision of that article: none, so no such revision.
      const missing = expectProblem(res, 404, url.includes('/revisions/') ? 'has no revision' : 'was not found');
      expect(missing.deleted, `${method} ${url}`).toBeUndefined();
    }
  });

  it('restored, it takes the writes again', async () => {
    const { id, entryId } = await trashedLiveDraft();
    const restored = await call('POST', `/api/admin/articles/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const version = Number(restored.json().version);
    const saved = await call(
      'PUT',
      `/api/admin/articles/${id}`,
      { ...EDIT, summary: 'Back from the bin.' },
      {
        'if-match': `"${version}"`,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().summary).toBe('Back from the bin.');
    const corrected = await call('PATCH', `/api/admin/articles/${id}/live/entries/${entryId}`, {
      body: text('Corrected.'),
      version: 1,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
  });
});
