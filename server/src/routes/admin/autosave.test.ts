import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The edit form's autosave: a PUT with `autosave: true` saves a draft like any edit (same version
 * check) and marks its revision as an autosave; a published or scheduled article is never saved that
 * way. Runs on SQLite (api) and PostgreSQL (api-pg).
 */
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'autosaver', name: 'Avery Autosave' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  await t.database.db.deleteFrom('article_revisions').execute();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

const FIELDS = { headline: 'Pigeons Unionise', summary: 'S.', content: 'One.', category: 'Politics', author: 'Al' };

async function draft(): Promise<number> {
  const res = await call('POST', '/api/admin/articles', FIELDS);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('PUT /api/admin/articles/{id} with autosave', () => {
  it('saves a draft and marks its revision; a plain edit is not marked', async () => {
    const id = await draft();
    const auto = await call(
      'PUT',
      `/api/admin/articles/${id}`,
      { ...FIELDS, content: 'One. Two.', autosave: true },
      {
        'if-match': '"1"',
      },
    );
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json()).toMatchObject({ version: 2, content: 'One. Two.' });
    const plain = await call(
      'PUT',
      `/api/admin/articles/${id}`,
      { ...FIELDS, content: 'One. Two. Three.' },
      {
        'if-match': '"2"',
      },
    );
    expect(plain.statusCode, plain.body).toBe(200);
    const list = (await call('GET', `/api/admin/articles/${id}/revisions`)).json().revisions as {
      id: number;
      version: number;
      autosave: boolean;
    }[];
    expect(list.map((r) => [r.version, r.autosave])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
    const one = await call('GET', `/api/admin/articles/${id}/revisions/${list[1]!.id}`);
    expect(one.json()).toMatchObject({ autosave: true, snapshot: { content: 'One. Two.' } });
  });

  it('keeps the version check: a stale autosave is refused with who saved and nothing changes', async () => {
    const id = await draft();
    await call('PUT', `/api/admin/articles/${id}`, { ...FIELDS, summary: 'Theirs.' }, { 'if-match': '"1"' });
    const stale = await call(
      'PUT',
      `/api/admin/articles/${id}`,
      { ...FIELDS, content: 'Mine.', autosave: true },
      {
        'if-match': '"1"',
      },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ currentVersion: 2, changedBy: 'Avery Autosave' });
    expect((await call('GET', `/api/admin/articles/${id}`)).json()).toMatchObject({ version: 2, content: 'One.' });
  });

  it('refuses a published article (409, problem+json) and leaves it as it was', async () => {
    const id = await draft();
    expect((await call('POST', `/api/admin/articles/${id}/publish`)).statusCode).toBe(200);
    const res = await call(
      'PUT',
      `/api/admin/articles/${id}`,
      { ...FIELDS, content: 'Half-typed', autosave: true },
      {
        'if-match': '"2"',
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toContain('Only a draft is saved automatically');
    expect((await call('GET', `/api/admin/articles/${id}`)).json()).toMatchObject({ version: 2, content: 'One.' });
  });

  it('answers 400 for an autosave that is not true or false', async () => {
    const id = await draft();
    const res = await call('PUT', `/api/admin/articles/${id}`, { ...FIELDS, autosave: 'yes' }, { 'if-match': '"1"' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
