import { describe, expect, it } from 'vitest';
import { useBylinesApp } from '../../test-support/bylines-app.ts';

/**
 * Cleaning up authors and tags, on the database of the project (SQLite in `api`, PostgreSQL in
 * `api-pg`): each record's article count and its articles in the admin list, merging one into
 * another (articles, bylines and old addresses follow), deleting, restoring a revision that named a
 * record merged or deleted since, and the refusals.
 */
const bylines = useBylinesApp();
const call = bylines.call;

const FIELDS = { headline: 'Council Bans Tuesdays', summary: 'S.', content: 'One.', category: 'Politics' };

async function article(fields: Record<string, unknown>) {
  const res = await call('POST', '/api/admin/articles', { ...FIELDS, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    slug: string;
    version: number;
    author: string;
    authors: { id: number; name: string }[];
    tags: { id: number; name: string; slug: string }[];
  };
}

const read = async (id: number) => (await call('GET', `/api/admin/articles/${id}`)).json();
const names = (list: { name: string }[]) => list.map((x) => x.name);
const counts = async (kind: 'authors' | 'tags') =>
  Object.fromEntries(
    (await call('GET', `/api/admin/${kind}`))
      .json()
      .items.map((x: { name: string; articleCount: number }) => [x.name, x.articleCount]),
  );

describe('the articles of an author or a tag', () => {
  it('the admin list filters by either, with the other filters, and counts what it shows', async () => {
    const a = await article({ headline: 'Tax Cut', authors: ['Jane Doe'], tags: ['Tax'], published: true });
    const b = await article({ headline: 'Tax Rise', authors: ['Jane Doe', 'John Roe'], tags: ['Tax', 'Money'] });
    const c = await article({ headline: 'Weather', authors: ['John Roe'], tags: ['Money'], published: true });
    const [jane, john] = b.authors;
    const tax = a.tags[0]!;
    const list = async (query: string) => {
      const res = await call('GET', `/api/admin/articles?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      return { ids: page.articles.map((x: { id: number }) => x.id), total: page.totalCount };
    };
    expect(await list(`authorId=${jane!.id}`)).toEqual({ ids: [b.id, a.id], total: 2 });
    expect(await list(`authorId=${john!.id}&status=published`)).toEqual({ ids: [c.id], total: 1 });
    expect(await list(`tagId=${tax.id}&status=unpublished`)).toEqual({ ids: [b.id], total: 1 });
    expect(await list(`tagId=${tax.id}&authorId=${john!.id}`)).toEqual({ ids: [b.id], total: 1 });
    expect(await list(`tagId=${tax.id}&search=cut`)).toEqual({ ids: [a.id], total: 1 });
    expect(await list(`tagId=${tax.id}&pageSize=10&page=2`)).toEqual({ ids: [], total: 2 });
    // A record that no longer exists (a bookmark after a merge): an empty list.
    expect(await list('tagId=99999')).toEqual({ ids: [], total: 0 });
    // The trash is listed apart, as without the filter.
    expect((await call('DELETE', `/api/admin/articles/${a.id}`)).statusCode).toBe(204);
    expect(await list(`tagId=${tax.id}`)).toEqual({ ids: [b.id], total: 1 });
    expect(await list(`tagId=${tax.id}&status=trash`)).toEqual({ ids: [a.id], total: 1 });
    for (const bad of ['authorId=0', 'authorId=abc', 'tagId=-1', 'tagId=1.5', 'tagId=2147483648', 'authorId=1e20']) {
      const res = await call('GET', `/api/admin/articles?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('merging', () => {
  it('a tag into another: its articles (drafts too) get the other once, in its place, and its addresses lead there', async () => {
    const typo = (await call('POST', '/api/admin/tags', { name: 'Polticks' })).json();
    // Renamed once: its first address is a redirect already.
    expect((await call('PATCH', `/api/admin/tags/${typo.id}`, { name: 'Politcs' })).statusCode).toBe(200);
    const right = (await call('POST', '/api/admin/tags', { name: 'Politics' })).json();
    const a = await article({ headline: 'Only The Typo', tags: ['Politcs'], published: true });
    const b = await article({ headline: 'Both Of Them', tags: ['Politics', 'Politcs'], published: true });
    const c = await article({ headline: 'A Draft', tags: ['Politcs', 'Tax'] });
    expect(await counts('tags')).toEqual({ Politcs: 3, Politics: 1, Tax: 1 });

    const merged = await call('POST', `/api/admin/tags/${typo.id}/merge`, { into: right.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ id: right.id, name: 'Politics', slug: 'politics', articleCount: 3 });
    expect(names((await read(a.id)).tags)).toEqual(['Politics']);
    expect(names((await read(b.id)).tags)).toEqual(['Politics']);
    expect(names((await read(c.id)).tags)).toEqual(['Politics', 'Tax']);
    expect(await counts('tags')).toEqual({ Politics: 3, Tax: 1 });

    for (const old of ['politcs', 'polticks']) {
      const api = await bylines.t.app.inject({ url: `/News/tag/${old}` });
      expect(api.statusCode, old).toBe(301);
      expect(api.headers.location).toBe('/News/tag/politics');
      const page = await bylines.t.app.inject({ url: `/tag/${old}` });
      expect(page.statusCode, old).toBe(301);
      expect(page.headers.location).toBe('/tag/politics');
    }
    const page = (await bylines.t.app.inject({ url: '/News/tag/politics' })).json();
    expect(page.articles.map((x: { id: number }) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect((await bylines.t.app.inject({ url: `/News/slug/${a.slug}` })).json().tags).toEqual([
      { name: 'Politics', slug: 'politics' },
    ]);

    // A version saved before the merge comes back with the tag it was merged into.
    const first = (await call('GET', `/api/admin/articles/${a.id}/revisions`)).json().revisions.at(-1);
    const restored = await call('POST', `/api/admin/articles/${a.id}/revisions/${first.id}/restore`, {
      version: a.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().tags).toEqual([{ id: right.id, name: 'Politics', slug: 'politics' }]);
    expect(await counts('tags')).toEqual({ Politics: 3, Tax: 1 });
  });

  it('an author into another: bylines are written again, in order, once each; the old page leads to the other', async () => {
    const a = await article({ headline: 'First', authors: ['J. Doe', 'John Roe'], published: true });
    const b = await article({ headline: 'Second', authors: ['Jane Doe', 'J. Doe'], published: true });
    const [initials] = a.authors;
    const [jane] = b.authors;
    expect(await counts('authors')).toEqual({ 'J. Doe': 2, 'Jane Doe': 1, 'John Roe': 1 });

    const merged = await call('POST', `/api/admin/authors/${initials!.id}/merge`, { into: jane!.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ id: jane!.id, name: 'Jane Doe', articleCount: 2 });
    const first = await read(a.id);
    expect(first.author).toBe('Jane Doe and John Roe');
    expect(names(first.authors)).toEqual(['Jane Doe', 'John Roe']);
    const second = await read(b.id);
    expect(second.author).toBe('Jane Doe');
    expect(names(second.authors)).toEqual(['Jane Doe']);
    expect((await bylines.t.app.inject({ url: `/News/slug/${a.slug}` })).json().author).toBe('Jane Doe and John Roe');
    const old = await bylines.t.app.inject({ url: '/News/author/j-doe' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/News/author/jane-doe');
    expect(await counts('authors')).toEqual({ 'Jane Doe': 2, 'John Roe': 1 });
  });
});

describe('deleting', () => {
  it('a tag: taken off its articles, its page and old addresses answer 404; a restored version names it again', async () => {
    const tag = (await call('POST', '/api/admin/tags', { name: 'Old Name' })).json();
    await call('PATCH', `/api/admin/tags/${tag.id}`, { name: 'Weather' });
    const a = await article({ tags: ['Weather', 'Tax'], published: true });
    const deleted = await call('DELETE', `/api/admin/tags/${tag.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect(names((await read(a.id)).tags)).toEqual(['Tax']);
    expect(await counts('tags')).toEqual({ Tax: 1 });
    for (const url of ['/News/tag/weather', '/News/tag/old-name']) {
      expect((await bylines.t.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await call('DELETE', `/api/admin/tags/${tag.id}`)).statusCode).toBe(404);

    const first = (await call('GET', `/api/admin/articles/${a.id}/revisions`)).json().revisions.at(-1);
    const restored = await call('POST', `/api/admin/articles/${a.id}/revisions/${first.id}/restore`, {
      version: a.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(names(restored.json().tags)).toEqual(['Weather', 'Tax']);
  });

  it('an author named on an article is refused (409, nothing changes); one named on none is deleted', async () => {
    const a = await article({ authors: ['Jane Doe'], published: true });
    const jane = a.authors[0]!;
    const refused = await call('DELETE', `/api/admin/authors/${jane.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      status: 409,
      detail: 'The author is named on 1 article: merge it into another author instead.',
      articles: 1,
    });
    expect((await read(a.id)).author).toBe('Jane Doe');
    expect((await bylines.t.app.inject({ url: '/News/author/jane-doe' })).statusCode).toBe(200);

    const spare = (await call('POST', '/api/admin/authors', { name: 'Spare Author' })).json();
    expect((await call('DELETE', `/api/admin/authors/${spare.id}`)).statusCode).toBe(204);
    expect(await counts('authors')).toEqual({ 'Jane Doe': 1 });
    expect((await bylines.t.app.inject({ url: '/News/author/spare-author' })).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('answer problem+json and change nothing', async () => {
    const tag = (await call('POST', '/api/admin/tags', { name: 'Royals' })).json();
    const author = (await call('POST', '/api/admin/authors', { name: 'Jane Doe' })).json();
    const cases: [string, string, object | undefined, number][] = [
      ['POST', `/api/admin/tags/${tag.id}/merge`, { into: tag.id }, 400],
      ['POST', `/api/admin/tags/${tag.id}/merge`, { into: 99999 }, 400],
      ['POST', `/api/admin/tags/${tag.id}/merge`, {}, 400],
      ['POST', `/api/admin/tags/${tag.id}/merge`, { into: 'x' }, 400],
      ['POST', `/api/admin/tags/${tag.id}/merge`, { into: 2 ** 31 }, 400],
      ['POST', `/api/admin/tags/${tag.id}/merge`, { into: 1e20 }, 400],
      ['POST', `/api/admin/authors/${2 ** 31}/merge`, { into: author.id }, 400],
      ['DELETE', `/api/admin/tags/${'9'.repeat(30)}`, undefined, 400],
      ['POST', `/api/admin/tags/${tag.id}/merge`, { into: author.id + 1000, extra: 1 }, 400],
      ['POST', '/api/admin/tags/99999/merge', { into: tag.id }, 404],
      ['POST', '/api/admin/tags/abc/merge', { into: tag.id }, 400],
      ['POST', `/api/admin/authors/${author.id}/merge`, { into: author.id }, 400],
      ['DELETE', '/api/admin/tags/99999', undefined, 404],
      ['DELETE', '/api/admin/authors/abc', undefined, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await call(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const self = await call('POST', `/api/admin/tags/${tag.id}/merge`, { into: tag.id });
    expect(self.json().errors).toEqual([{ in: 'body', name: 'into', message: 'must be another tag' }]);
    const missing = await call('POST', `/api/admin/tags/${tag.id}/merge`, { into: 99999 });
    expect(missing.json().errors).toEqual([{ in: 'body', name: 'into', message: 'there is no tag 99999' }]);
    expect(await counts('tags')).toEqual({ Royals: 0 });
    expect(await counts('authors')).toEqual({ 'Jane Doe': 0 });

    const anonymous = [
      await bylines.t.app.inject({ method: 'DELETE', url: `/api/admin/tags/${tag.id}` }),
      await bylines.t.app.inject({
        method: 'POST',
        url: `/api/admin/authors/${author.id}/merge`,
        payload: { into: 1 },
      }),
    ];
    for (const res of anonymous) expect(res.statusCode).toBe(401);
    expect(await counts('tags')).toEqual({ Royals: 0 });
  });
});

describe('the audit trail', () => {
  it('names who created, changed, merged and deleted each author and tag, and how many articles it had', async () => {
    const kitens = (await call('POST', '/api/admin/tags', { name: 'Kitens' })).json();
    const kittens = (await call('POST', '/api/admin/tags', { name: 'Kittens' })).json();
    await article({ headline: 'One', tags: ['Kitens'] });
    await article({ headline: 'Two', tags: ['Kitens', 'Kittens'], authors: ['John Roe'] });
    const patch = (kind: string, id: number, body: object) => call('PATCH', `/api/admin/${kind}/${id}`, body);
    // Saved as it was: nothing to record.
    expect((await patch('tags', kittens.id, { name: 'Kittens' })).statusCode).toBe(200);
    expect((await patch('tags', kittens.id, { name: 'Cute Kittens' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/tags/${kitens.id}/merge`, { into: kittens.id })).statusCode).toBe(200);
    const jane = (await call('POST', '/api/admin/authors', { name: 'Jane Doe' })).json();
    expect((await patch('authors', jane.id, { bio: 'Writes.', xHandle: 'janedoe' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/authors/${jane.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/tags/${kittens.id}`)).statusCode).toBe(204);
    // Refused: no row.
    const john = (await call('GET', '/api/admin/authors?q=john')).json().items[0];
    expect((await call('DELETE', `/api/admin/authors/${john.id}`)).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/authors/${john.id}/merge`, { into: 99999 })).statusCode).toBe(400);

    const res = await call('GET', '/api/admin/audit');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res
      .json()
      .entries.filter((e: { articleId: number }) => e.articleId === 0)
      .map((e: { action: string; detail: string; editorName: string; headline: string }) => [
        e.action,
        e.detail,
        e.editorName,
        e.headline,
      ]);
    expect(rows).toEqual([
      ['tag-delete', '“Cute Kittens” · 2 articles', 'Byline Editor', ''],
      ['author-delete', '“Jane Doe” · 0 articles', 'Byline Editor', ''],
      ['author-edit', '“Jane Doe”: bio, X handle', 'Byline Editor', ''],
      ['author-create', '“Jane Doe”', 'Byline Editor', ''],
      ['tag-merge', '“Kitens” into “Cute Kittens” · 2 articles', 'Byline Editor', ''],
      ['tag-edit', '“Kittens” renamed “Cute Kittens”', 'Byline Editor', ''],
      ['tag-create', '“Kittens”', 'Byline Editor', ''],
      ['tag-create', '“Kitens”', 'Byline Editor', ''],
    ]);
    const merges = await call('GET', '/api/admin/audit?action=tag-merge');
    expect(merges.statusCode, merges.body).toBe(200);
    expect(merges.json().entries.map((e: { action: string }) => e.action)).toEqual(['tag-merge']);
  });
});
