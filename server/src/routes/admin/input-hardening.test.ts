import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertArticle, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { MAX_PUBLISHED_AHEAD_MS } from '../../domain/article-input.ts';

/**
 * Text that XML forbids (NUL and the other C0 control characters but tab and line breaks) and dates
 * that do not exist or lie far ahead: refused with a 400 naming the field, on SQLite and PostgreSQL
 * alike, and nothing stored changes.
 */
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'editor-hardening', name: 'Hal Hardening' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

const base = { headline: 'Council Bans Puddles', category: 'Politics', content: 'Wet.' };
const TEXT_FIELDS = ['headline', 'summary', 'content', 'author', 'source', 'editorName', 'comments', 'shareMessage'];
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\uFFFF', '\uD800'];

describe('control characters', () => {
  it.each(TEXT_FIELDS)(
    'a NUL or other control character in %s is a 400 naming the field, on create and edit',
    async (field) => {
      const existing = await insertArticle(t.database.db, { headline: 'Already Here' });
      const before = await snapshotArticles(t.database.db);
      for (const c of CONTROLS) {
        const created = await call('POST', '/api/admin/articles', { ...base, [field]: `a${c}b` });
        const body = expectProblem(created, 400, `'${field}' must not contain control characters`);
        expect(body.errors).toEqual([expect.objectContaining({ in: 'body', name: field })]);
        const edited = await call('PUT', `/api/admin/articles/${existing.id}`, { ...base, [field]: `a${c}b` });
        expectProblem(edited, 400, `'${field}' must not contain control characters`);
      }
      expect(await snapshotArticles(t.database.db)).toEqual(before);
    },
  );

  it('tab, line breaks and ordinary Unicode stay welcome', async () => {
    const res = await call('POST', '/api/admin/articles', {
      ...base,
      content: 'Line one\r\nLine two\n\tIndented — “quoted” 😀',
    });
    expect(res.statusCode, res.body).toBe(201);
    // `content` is Markdown: the line breaks stay, the indentation of a continued line is Markdown's.
    expect(res.json().content).toBe('Line one\nLine two\nIndented — “quoted” 😀');
    const tabbed = await call('POST', '/api/admin/articles', {
      ...base,
      content: undefined,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a\tb — “c” 😀' }] }] },
    });
    expect(tabbed.statusCode, tabbed.body).toBe(201);
    expect(tabbed.json().content).toBe('a\tb — “c” 😀');
  });

  it('NUL in a query string is a 400 problem, never a 500: the admin list, the audit, the public search', async () => {
    expectProblem(
      await call('GET', '/api/admin/articles?search=%00'),
      400,
      "'search' must not contain control characters",
    );
    expectProblem(
      await call('GET', '/api/admin/audit?editor=%00'),
      400,
      "'editor' must not contain control characters",
    );
    expectProblem(await call('GET', '/api/admin/articles?search=a%01b'), 400, 'search');
    expectProblem(await t.app.inject({ url: '/News/search?q=%00' }), 400, 'control characters');
    expectProblem(await t.app.inject({ url: '/News/slug/a%00b' }), 400, 'control characters');
    // A query no route reads, and a page: refused before anything reaches the database.
    expectProblem(await t.app.inject({ url: '/News?whatever=%00' }), 400, "'whatever'");
    const page = await t.app.inject({ url: '/search?q=%00', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('a NUL in a JSON key or a nested value anywhere is refused too', async () => {
    const res = await call('POST', '/api/admin/articles', { ...base, 'x\u0000': 1 });
    expect(res.statusCode).toBe(400);
  });
});

describe('dates', () => {
  it.each([
    ['2027-02-29T12:00:00Z', 'must be an ISO-8601 date-time'],
    ['2026-04-31T12:00:00Z', 'must be an ISO-8601 date-time'],
    ['2026-01-31T24:00:00Z', 'must be an ISO-8601 date-time'],
    ['2026-01-31T12:60:00Z', 'must be an ISO-8601 date-time'],
    ['2026-13-01T12:00:00Z', 'must be an ISO-8601 date-time'],
    ['2026-01-31T12:00:00+24:00', 'must be an ISO-8601 date-time'],
    ['9999-12-31T23:59:59Z', 'minutes in the future'],
  ])('publishedAt %s is refused on create', async (publishedAt, message) => {
    const res = await call('POST', '/api/admin/articles', { ...base, publishedAt });
    const body = expectProblem(res, 400, message);
    expect(body.errors[0]).toMatchObject({ name: 'publishedAt' });
    expect(await snapshotArticles(t.database.db)).toEqual([]);
  });

  it('a publication time a few minutes ahead (clocks differ) and a leap day are accepted', async () => {
    const soon = new Date(Date.now() + MAX_PUBLISHED_AHEAD_MS - 30_000).toISOString();
    expect((await call('POST', '/api/admin/articles', { ...base, publishedAt: soon })).statusCode).toBe(201);
    const leap = await call('POST', '/api/admin/articles', {
      ...base,
      headline: 'Leap Day Story',
      publishedAt: '2024-02-29T23:59:59Z',
    });
    expect(leap.statusCode, leap.body).toBe(201);
    expect(leap.json().publishedAt).toBe('2024-02-29T23:59:59.000Z');
  });

  it('an edit cannot set a publication time at all (that is publish and schedule)', async () => {
    const a = await insertArticle(t.database.db, { headline: 'Edited Story' });
    expectProblem(
      await call('PUT', `/api/admin/articles/${a.id}`, { ...base, publishedAt: '9999-12-31T23:59:59Z' }),
      400,
      'publishedAt',
    );
  });

  it.each(['2027-02-29T07:00:00Z', '2027-01-01T24:00:00Z', '9999-12-31T23:59:59Z'])(
    'schedule refuses %s',
    async (publishAt) => {
      const a = await insertArticle(t.database.db, { headline: 'Scheduled Story', published_at: null });
      const res = await call('POST', `/api/admin/articles/${a.id}/schedule`, { publishAt });
      expectProblem(res, 400, "'publishAt'");
    },
  );
});
