import { describe, expect, it } from 'vitest';
import { useBylinesApp } from '../../test-support/bylines-app.ts';
import { insertArticle } from '../../test-support/admin-articles.ts';

/**
 * Authors and tags as records (decision 034), on the database of the project (SQLite in `api`,
 * PostgreSQL in `api-pg`): an article's authors by id or name (matched or created), the old
 * `author` string still read and written, tags, renames with 301s, and the refusals.
 */
const bylines = useBylinesApp();
const call = bylines.call;

const FIELDS = { headline: 'Council Bans Tuesdays', summary: 'S.', content: 'One.', category: 'Politics' };

describe('authors of an article', () => {
  it('are created by name, matched by name (any case) and by id, in order; author is the display string', async () => {
    const first = await call('POST', '/api/admin/articles', { ...FIELDS, authors: ['Jane Doe', 'John Roe'] });
    expect(first.statusCode, first.body).toBe(201);
    const a = first.json();
    expect(a.author).toBe('Jane Doe and John Roe');
    expect(a.authors.map((x: { name: string; slug: string }) => [x.name, x.slug])).toEqual([
      ['Jane Doe', 'jane-doe'],
      ['John Roe', 'john-roe'],
    ]);
    const [jane, john] = a.authors as { id: number }[];
    const second = await call('POST', '/api/admin/articles', {
      ...FIELDS,
      headline: 'Second',
      authors: [{ id: john!.id }, 'JANE  doe', 'Ann Poe'],
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().author).toBe('John Roe, Jane Doe and Ann Poe');
    expect(
      second
        .json()
        .authors.map((x: { id: number }) => x.id)
        .slice(0, 2),
    ).toEqual([john!.id, jane!.id]);
    const list = (await call('GET', '/api/admin/authors')).json().items;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Ann Poe', 'Jane Doe', 'John Roe']);
    const found = (await call('GET', '/api/admin/authors?q=ja')).json().items;
    expect(found.map((x: { name: string }) => x.name)).toEqual(['Jane Doe']);
    // GET sends them back; the public article links them.
    const got = (await call('GET', `/api/admin/articles/${a.id}`)).json();
    expect(got.authors).toEqual(a.authors);
  });

  it('the old author string still works: split on clear separators, matched or created', async () => {
    const res = await call('POST', '/api/admin/articles', { ...FIELDS, author: 'Jane Doe and John Roe' });
    expect(res.json().authors.map((x: { name: string }) => x.name)).toEqual(['Jane Doe', 'John Roe']);
    const single = await call('POST', '/api/admin/articles', {
      ...FIELDS,
      headline: 'B',
      author: 'Rock and Roll Desk',
    });
    expect(single.json().authors.map((x: { name: string }) => x.name)).toEqual(['Rock and Roll Desk']);
    expect(single.json().author).toBe('Rock and Roll Desk');
    // An edit with `author` only (an old client) replaces the authors; `authors` wins over `author`.
    const id = res.json().id;
    const edited = await call('PUT', `/api/admin/articles/${id}`, { ...FIELDS, author: 'John Roe', version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().authors.map((x: { name: string }) => x.name)).toEqual(['John Roe']);
    const both = await call('PUT', `/api/admin/articles/${id}`, {
      ...FIELDS,
      author: 'Ignored Name',
      authors: ['Jane Doe'],
      version: 2,
    });
    expect(both.json().author).toBe('Jane Doe');
    const names = (await call('GET', '/api/admin/authors')).json().items.map((x: { name: string }) => x.name);
    expect(names).not.toContain('Ignored Name');
  });

  it('tags by name or id, left out on an edit: unchanged; revisions keep authors and tags', async () => {
    const res = await call('POST', '/api/admin/articles', { ...FIELDS, author: 'Jane Doe', tags: ['Royals', 'Tax'] });
    const a = res.json();
    expect(a.tags.map((x: { slug: string }) => x.slug)).toEqual(['royals', 'tax']);
    const kept = await call('PUT', `/api/admin/articles/${a.id}`, { ...FIELDS, author: 'Jane Doe', version: 1 });
    expect(kept.json().tags).toEqual(a.tags);
    const changed = await call('PUT', `/api/admin/articles/${a.id}`, {
      ...FIELDS,
      authors: a.authors,
      tags: [a.tags[1], 'Weather'],
      version: 2,
    });
    expect(changed.json().tags.map((x: { name: string }) => x.name)).toEqual(['Tax', 'Weather']);
    const revisions = (await call('GET', `/api/admin/articles/${a.id}/revisions`)).json().revisions;
    expect(revisions[0].changedFields).toContain('tags');
    const first = revisions.at(-1);
    const snapshot = (await call('GET', `/api/admin/articles/${a.id}/revisions/${first.id}`)).json().snapshot;
    expect(snapshot.tags.map((x: { name: string }) => x.name)).toEqual(['Royals', 'Tax']);
    const restored = await call('POST', `/api/admin/articles/${a.id}/revisions/${first.id}/restore`, { version: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().tags.map((x: { name: string }) => x.name)).toEqual(['Royals', 'Tax']);
    const tags = (await call('GET', '/api/admin/tags?q=ta')).json().items;
    expect(tags.map((x: { name: string }) => x.name)).toEqual(['Tax']);
  });

  it('a byline without records gets them on its first save, which the history does not call an author change', async () => {
    const row = await insertArticle(bylines.t.database.db, { headline: 'Old Story', author: 'Staff Hack' });
    const before = (await call('GET', `/api/admin/articles/${row.id}`)).json();
    expect(before.authors).toEqual([]);
    const saved = await call('PUT', `/api/admin/articles/${row.id}`, {
      ...FIELDS,
      headline: 'Old Story',
      summary: 'Changed.',
      authors: ['Staff Hack'],
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().authors.map((a: { slug: string }) => a.slug)).toEqual(['staff-hack']);
    const revisions = (await call('GET', `/api/admin/articles/${row.id}/revisions`)).json().revisions;
    expect(revisions[0].changedFields).not.toContain('authors');
    expect(revisions[0].changedFields).not.toContain('author');
  });

  it('refuses an unknown id, a blank name, too many, and creates nothing then', async () => {
    const unknown = await call('POST', '/api/admin/articles', { ...FIELDS, authors: ['New Person', 99999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json().errors).toEqual([expect.objectContaining({ name: 'authors' })]);
    expect((await call('GET', '/api/admin/authors')).json().items).toEqual([]);
    const blank = await call('POST', '/api/admin/articles', { ...FIELDS, tags: ['  ', '!!'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.map((e: { name: string }) => e.name)).toEqual(['tags.0', 'tags.1']);
    const many = await call('POST', '/api/admin/articles', {
      ...FIELDS,
      tags: Array.from({ length: 21 }, (_, i) => `T${i}`),
    });
    expect(many.statusCode).toBe(400);
    const shape = await call('POST', '/api/admin/articles', { ...FIELDS, authors: [{ nick: 'x' }] });
    expect(shape.statusCode).toBe(400);
  });
});

describe('the authors and tags screens', () => {
  it('create and edit an author; a rename moves the bylines and the old address answers 301', async () => {
    const created = await call('POST', '/api/admin/authors', {
      name: ' Jane   Doe ',
      bio: 'Writes.',
      xHandle: '@jane_doe',
      photoUrl: 'https://example.com/jane.jpg',
    });
    expect(created.statusCode, created.body).toBe(201);
    const jane = created.json();
    expect(jane).toMatchObject({ name: 'Jane Doe', slug: 'jane-doe', bio: 'Writes.', xHandle: 'jane_doe' });
    const art = (
      await call('POST', '/api/admin/articles', { ...FIELDS, authors: [jane.id, 'John Roe'], published: true })
    ).json();
    expect(art.author).toBe('Jane Doe and John Roe');

    const renamed = await call('PATCH', `/api/admin/authors/${jane.id}`, { name: 'Jane Smith' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'jane-smith', bio: 'Writes.' });
    expect((await call('GET', `/api/admin/articles/${art.id}`)).json().author).toBe('Jane Smith and John Roe');
    const pub = await bylines.t.app.inject({ url: `/News/slug/${art.slug}` });
    expect(pub.json().author).toBe('Jane Smith and John Roe');
    expect(pub.json().authors).toEqual([
      { name: 'Jane Smith', slug: 'jane-smith' },
      { name: 'John Roe', slug: 'john-roe' },
    ]);
    const old = await bylines.t.app.inject({ url: '/News/author/jane-doe?page=1' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/News/author/jane-smith');
    const page = await bylines.t.app.inject({ url: '/News/author/jane-smith' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      author: { name: 'Jane Smith', xHandle: 'jane_doe' },
      older: null,
      newer: null,
    });
    expect(page.json().articles.map((a: { id: number }) => a.id)).toEqual([art.id]);
    expect((await bylines.t.app.inject({ url: '/News/author/nobody' })).statusCode).toBe(404);

    // Clearing fields; a name another author has is a 409.
    const cleared = await call('PATCH', `/api/admin/authors/${jane.id}`, { xHandle: null, photoUrl: '' });
    expect(cleared.json()).toMatchObject({ xHandle: null, photoUrl: null });
    const clash = await call('PATCH', `/api/admin/authors/${jane.id}`, { name: 'john ROE' });
    expect(clash.statusCode).toBe(409);
    expect(clash.headers['content-type']).toContain('application/problem+json');
    expect((await call('POST', '/api/admin/authors', { name: 'John Roe' })).statusCode).toBe(409);
  });

  it('refuses bad author and tag input with problem+json', async () => {
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: '!!!' },
      { name: 'Ok Name', xHandle: 'not a handle' },
      { name: 'Ok Name', photoUrl: 'javascript:alert(1)' },
      { name: 'Ok Name', extra: 1 },
      { name: 'Bad\u0000Name' },
    ]) {
      const res = await call('POST', '/api/admin/authors', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await call('PATCH', '/api/admin/authors/99999', { bio: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/tags', { name: '' })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/tags?limit=0')).statusCode).toBe(400);
  });

  it('renames a tag with a 301 from the old address; a taken name is a 409', async () => {
    const tag = (await call('POST', '/api/admin/tags', { name: 'Royals' })).json();
    expect(tag).toMatchObject({ name: 'Royals', slug: 'royals' });
    await call('POST', '/api/admin/articles', { ...FIELDS, tags: [tag.id], published: true });
    expect((await call('POST', '/api/admin/tags', { name: 'royals' })).statusCode).toBe(409);
    const renamed = await call('PATCH', `/api/admin/tags/${tag.id}`, { name: 'The Royals' });
    expect(renamed.json().slug).toBe('the-royals');
    const old = await bylines.t.app.inject({ url: '/News/tag/royals' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/News/tag/the-royals');
    const page = (await bylines.t.app.inject({ url: '/News/tag/the-royals' })).json();
    expect(page.tag).toEqual({ name: 'The Royals', slug: 'the-royals' });
    expect(page.articles).toHaveLength(1);
    // A new tag with the old name takes its address back from the redirect.
    const again = await call('POST', '/api/admin/tags', { name: 'Royals' });
    expect(again.statusCode).toBe(201);
    expect(again.json().slug).toBe('royals');
    const back = await bylines.t.app.inject({ url: '/News/tag/royals' });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('needs a signed-in editor', async () => {
    expect((await bylines.t.app.inject({ url: '/api/admin/authors' })).statusCode).toBe(401);
    expect(
      (await bylines.t.app.inject({ method: 'POST', url: '/api/admin/tags', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
  });
});
