import { describe, expect, it } from 'vitest';
import { useBylinesApp } from '../../test-support/bylines-app.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';

/**
 * Author and tag names, an author's bio and photo address, the name filters and the share message
 * limited in user-perceived characters (common/text-length.ts), as the newsroom's screens count them: a
 * family emoji is one character of 11 UTF-16 units and 7 code points, stored whole on both databases
 * (SQLite in `api`, PostgreSQL in `api-pg`, whose name columns were `varchar(N)` before migration 049).
 */
const bylines = useBylinesApp();
const call = bylines.call;

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
/** A name of `n` characters: a letter or two (for its slug), then family emoji. */
const named = (prefix: string, n: number) => `${prefix}${FAMILY.repeat(n - [...prefix].length)}`;
const ARTICLE = { headline: 'Goat elected', category: 'Politics' };

describe("an author's and a tag's texts, counted in characters", () => {
  it('stores an author at the limits (name 200, bio 5,000, photo address 2,000) and refuses one more', async () => {
    const texts = {
      name: named('A', 200),
      bio: FAMILY.repeat(5000),
      photoUrl: `https://a.example/${FAMILY.repeat(1982)}`,
    };
    const created = await call('POST', '/api/admin/authors', texts);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expect(created.json()).toMatchObject(texts);
    const row = await bylines.t.database.db
      .selectFrom('authors')
      .select(['name', 'bio', 'photo_url'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: texts.name, bio: texts.bio, photo_url: texts.photoUrl });

    const over = await call('PATCH', `/api/admin/authors/${id}`, {
      name: ` ${named('A', 201)} `,
      bio: `${texts.bio}${FAMILY}`,
      photoUrl: `${texts.photoUrl}${FAMILY}`,
    });
    expect(expectProblem(over, 400).errors).toEqual(
      expect.arrayContaining([
        { in: 'body', name: 'name', message: 'must be at most 200 characters' },
        { in: 'body', name: 'bio', message: 'must be at most 5000 characters' },
        { in: 'body', name: 'photoUrl', message: 'must be at most 2000 characters' },
      ]),
    );
    expect(expectProblem(over, 400).errors).toHaveLength(3);
    const huge = await call('POST', '/api/admin/authors', { name: 'x'.repeat(200 * 32 + 1) });
    expect(expectProblem(huge, 400, "'name'").errors).toEqual([
      { in: 'body', name: 'name', message: 'must be at most 200 characters' },
    ]);
  });

  it('stores a tag of 100 characters and refuses 101, created or renamed', async () => {
    const created = await call('POST', '/api/admin/tags', { name: named('T', 100) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: named('T', 100), slug: 't' });
    const { id } = created.json() as { id: number };
    for (const res of [
      await call('POST', '/api/admin/tags', { name: named('U', 101) }),
      await call('PATCH', `/api/admin/tags/${id}`, { name: named('T', 101) }),
    ]) {
      expect(expectProblem(res, 400, "'name'").errors).toEqual([
        { in: 'body', name: 'name', message: 'must be at most 100 characters' },
      ]);
    }
  });

  it('finds a record by a filter of 200 characters and refuses 201 with a 400', async () => {
    const name = named('A', 200);
    expect((await call('POST', '/api/admin/authors', { name })).statusCode).toBe(201);
    const found = await call('GET', `/api/admin/authors?q=${encodeURIComponent(name)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((a: { name: string }) => a.name)).toEqual([name]);
    const over = await call('GET', `/api/admin/tags?q=${encodeURIComponent(named('A', 201))}`);
    expect(expectProblem(over, 400, "'q'").errors).toEqual([
      { in: 'querystring', name: 'q', message: 'must be at most 200 characters' },
    ]);
  });
});

describe("an article's authors and tags by name, counted in characters", () => {
  it('stores 10 authors of 200 characters (a byline of over 2,000) and 20 tags of 100', async () => {
    const authors = Array.from({ length: 10 }, (_, i) => named(`Q${i}`, 200));
    const tags = Array.from({ length: 20 }, (_, i) => named(`T${String.fromCharCode(97 + i)}`, 100));
    const res = await call('POST', '/api/admin/articles', { ...ARTICLE, authors, tags });
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json() as { id: number; author: string; authors: { name: string }[]; tags: { name: string }[] };
    expect(article.authors.map((a) => a.name)).toEqual(authors);
    expect(article.tags.map((t) => t.name)).toEqual(tags);
    const row = await bylines.t.database.db
      .selectFrom('articles')
      .select('author')
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(row.author).toBe(`${authors.slice(0, -1).join(', ')} and ${authors.at(-1)}`);
  });

  it("refuses a name one character over its limit with a 400 naming the list's item", async () => {
    const res = await call('POST', '/api/admin/articles', {
      ...ARTICLE,
      authors: ['Jane Doe', named('A', 201)],
      tags: [{ name: named('T', 101) }],
    });
    expect(expectProblem(res, 400, "'authors.1'").errors).toEqual([
      { in: 'body', name: 'authors.1', message: 'must be at most 200 characters' },
      { in: 'body', name: 'tags.0', message: 'must be at most 100 characters' },
    ]);
    const byline = await call('POST', '/api/admin/articles', { ...ARTICLE, author: named('A', 201) });
    expect(expectProblem(byline, 400, "'author'").errors).toEqual([
      { in: 'body', name: 'author', message: 'must be at most 200 characters' },
    ]);
  });
});

describe('the share message, counted in characters', () => {
  it('is stored at 2,000 characters (the article and the share choice) and refused at 2,001', async () => {
    const message = FAMILY.repeat(2000);
    const created = await call('POST', '/api/admin/articles', { ...ARTICLE, shareMessage: message });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    expect(created.json()).toMatchObject({ shareMessage: message });

    const choice = await call('PUT', `/api/admin/articles/${id}/shares/choice`, { shareMessage: ` ${message} ` });
    expect(choice.statusCode, choice.body).toBe(200);
    expect(choice.json().choice.shareMessage).toBe(message);

    for (const res of [
      await call('POST', '/api/admin/articles', { ...ARTICLE, shareMessage: `${message}${FAMILY}` }),
      await call('PUT', `/api/admin/articles/${id}/shares/choice`, { shareMessage: `${message}${FAMILY}` }),
    ]) {
      expect(expectProblem(res, 400, "'shareMessage'").errors).toEqual([
        { in: 'body', name: 'shareMessage', message: 'must be at most 2000 characters' },
      ]);
    }
    // Past the schema's safety cap: the field's own message (a text or null) names the same limit.
    const huge = await call('PUT', `/api/admin/articles/${id}/shares/choice`, { shareMessage: 'x'.repeat(64_001) });
    expect(expectProblem(huge, 400, "'shareMessage'").errors).toEqual([
      { in: 'body', name: 'shareMessage', message: 'must be a string of at most 2000 characters or null' },
    ]);
    const row = await bylines.t.database.db
      .selectFrom('articles')
      .select('share_message')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.share_message).toBe(message);
  });
});
