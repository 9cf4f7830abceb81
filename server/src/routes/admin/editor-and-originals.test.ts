import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateArticleInput } from '../../domain/article-input.ts';
import { insertExactArticles } from '../../repositories/article-transfer.ts';
import { IMPORT_ACTOR } from '../../repositories/audit-log.ts';
import { seedIfEmpty } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The editor name an article keeps through edits, the one a new article gets, and the original of
 * every article as its revision 1 however it arrived (on screen, API, demo seed, import).
 */
let t: TestApp;
let auth: { authorization: string };
const EDITOR = { sub: 'editor-names', name: 'Edie Names' };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer(EDITOR) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('articles').execute();
  await db.deleteFrom('audit_log').execute();
  await db.deleteFrom('article_revisions').execute();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

const FIELDS = {
  headline: 'Council Bans Tuesdays',
  summary: 'S.',
  content: 'One.\n\nTwo.',
  category: 'Politics',
  author: 'Ann Author',
};

async function revisionsOf(id: number) {
  const res = await call('GET', `/api/admin/articles/${id}/revisions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().revisions as { id: number; version: number; action: string; changedFields: string[] }[];
}

describe('the editor name of an article', () => {
  it('a new article without one gets the signed-in editor; the list shows it', async () => {
    const res = await call('POST', '/api/admin/articles', FIELDS);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().editorName).toBe(EDITOR.name);
    const list = (await call('GET', '/api/admin/articles')).json().articles;
    expect(list[0]).toMatchObject({ id: res.json().id, editorName: EDITOR.name });
    // A blank one counts as none; a given one is kept.
    expect((await call('POST', '/api/admin/articles', { ...FIELDS, editorName: '  ' })).json().editorName).toBe(
      EDITOR.name,
    );
    const named = await call('POST', '/api/admin/articles', { ...FIELDS, editorName: 'Night Desk' });
    expect(named.json().editorName).toBe('Night Desk');
  });

  it('an edit that does not name one keeps it; an edit that changes it on purpose changes it', async () => {
    const a = (await call('POST', '/api/admin/articles', { ...FIELDS, editorName: 'Pat Editor' })).json();
    const kept = await call(
      'PUT',
      `/api/admin/articles/${a.id}`,
      { ...FIELDS, summary: 'New.' },
      { 'if-match': '"1"' },
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().editorName).toBe('Pat Editor');
    expect((await revisionsOf(a.id))[0]!.changedFields).toEqual(['summary']);
    const changed = await call(
      'PUT',
      `/api/admin/articles/${a.id}`,
      { ...FIELDS, summary: 'New.', editorName: 'Sam Sub' },
      { 'if-match': '"2"' },
    );
    expect(changed.json().editorName).toBe('Sam Sub');
    expect((await revisionsOf(a.id))[0]!.changedFields).toEqual(['editorName']);
    expect((await call('GET', `/api/admin/articles/${a.id}`)).json().editorName).toBe('Sam Sub');
  });
});

describe('the original of every article is revision 1', () => {
  it('the demo seed: each article has its text as revision 1, and restoring it after an edit brings it back', async () => {
    const inserted = await seedIfEmpty(t.database, t.app.log);
    expect(inserted).toBeGreaterThan(0);
    const rows = await t.database.db.selectFrom('articles').select(['id', 'headline']).orderBy('id').execute();
    const revisions = await t.database.db
      .selectFrom('article_revisions')
      .select(['article_id', 'version', 'action'])
      .execute();
    expect(revisions).toHaveLength(rows.length);
    expect(new Set(revisions.map((r) => `${r.article_id}:${r.version}:${r.action}`))).toEqual(
      new Set(rows.map((r) => `${r.id}:1:create`)),
    );

    const seeded = rows[0]!;
    const edit = await call(
      'PUT',
      `/api/admin/articles/${seeded.id}`,
      { ...FIELDS, headline: 'Rewritten Entirely' },
      { 'if-match': '"1"' },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const list = await revisionsOf(seeded.id);
    expect(list.map((r) => [r.version, r.action])).toEqual([
      [2, 'edit'],
      [1, 'create'],
    ]);
    const restored = await call(
      'POST',
      `/api/admin/articles/${seeded.id}/revisions/${list[1]!.id}/restore`,
      undefined,
      {
        'if-match': '"2"',
      },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ headline: seeded.headline, version: 3 });
  });

  it('an import with its own ids: each article has its text as revision 1', async () => {
    const v = validateArticleInput({ ...FIELDS, headline: 'Imported Exactly', editorName: 'Wire Desk' });
    if (!v.ok) throw new Error(JSON.stringify(v.errors));
    const at = '2025-01-02T03:04:05.000Z';
    await insertExactArticles(t.database, [{ ...v.value, id: 4242, createdAt: at, updatedAt: at }], IMPORT_ACTOR);
    const list = await revisionsOf(4242);
    expect(list.map((r) => [r.version, r.action])).toEqual([[1, 'create']]);
    const first = (await call('GET', `/api/admin/articles/4242/revisions/${list[0]!.id}`)).json();
    expect(first.snapshot).toMatchObject({ id: 4242, headline: 'Imported Exactly', editorName: 'Wire Desk' });
  });

  it('through the API (the import of new articles uses the same path): revision 1', async () => {
    const a = (await call('POST', '/api/admin/articles', { ...FIELDS, published: true })).json();
    expect((await revisionsOf(a.id)).map((r) => [r.version, r.action])).toEqual([[1, 'create']]);
  });
});
