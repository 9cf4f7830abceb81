import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MATRIX } from '../../test-support/tokens.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertArticle, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

let t: TestApp;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  id = (await insertArticle(t.database.db, { category_id: 1, published_at: null })).id;
});
afterAll(async () => t?.close());

type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; payload?: object };

/** Every admin route, each with a request that a signed-in editor would get a 2xx for. */
const ROUTES: Route[] = [
  { method: 'GET', url: () => '/api/admin/dashboard' },
  { method: 'GET', url: () => '/api/admin/articles?page=1&pageSize=20&status=all' },
  { method: 'GET', url: () => `/api/admin/articles/${id}` },
  { method: 'GET', url: () => '/api/admin/categories' },
  { method: 'PUT', url: () => `/api/admin/articles/${id}/category`, payload: { categoryId: 2 } },
  { method: 'POST', url: () => `/api/admin/articles/${id}/publish` },
  { method: 'POST', url: () => `/api/admin/articles/${id}/unpublish` },
  { method: 'POST', url: () => '/api/admin/articles', payload: { headline: 'Sneaky Insert', category: 'UK' } },
  { method: 'DELETE', url: () => `/api/admin/articles/${id}` },
  // After the DELETE above: the article is in the trash, and is deleted for good.
  { method: 'POST', url: () => `/api/admin/articles/${id}/purge` },
];

const send = (r: Route, headers: Record<string, string>) =>
  t.app.inject({
    method: r.method,
    url: r.url(),
    headers: { ...headers, 'content-type': 'application/json' },
    payload: r.payload ? JSON.stringify(r.payload) : '',
  });

describe.each(Object.entries(TOKEN_MATRIX))('token matrix: %s', (_name, makeHeaders) => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.url().replace(String(id), ':id')}`, r] as const))(
    '%s answers 401 problem+json and changes nothing',
    async (_label, route) => {
      const headers = await makeHeaders(t.database, t.config);
      const articles = await snapshotArticles(t.database.db);
      const res = await send(route, headers);
      expectProblem(res, 401);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).not.toContain('Bearer ey'); // the token is never echoed
      expect(await snapshotArticles(t.database.db)).toEqual(articles);
      const db = t.database.db;
      expect(await db.selectFrom('audit_log').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('editor_activity').select('subject').execute()).toEqual([]);
    },
  );
});

describe('authentication comes before validation', () => {
  it('answers 401, not 400, to bad input without a token', async () => {
    expectProblem(await t.app.inject({ url: '/api/admin/articles?page=abc' }), 401);
    expectProblem(await t.app.inject({ url: '/api/admin/articles/abc' }), 401);
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/articles',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      }),
      401,
    );
  });
});

describe('with a valid token', () => {
  // Last: these change the article the matrix above relied on.
  it('every route answers 2xx with Cache-Control: no-store', async () => {
    const authorization = await t.bearer();
    const statuses: number[] = [];
    for (const route of ROUTES) {
      const res = await send(route, { authorization });
      expect(res.headers['cache-control'], `${route.method} ${route.url()}`).toBe('private, no-store');
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201, 204, 204]);
    const audit = await t.database.db.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['category', 'publish', 'unpublish', 'create', 'delete', 'purge']);
  });
});
