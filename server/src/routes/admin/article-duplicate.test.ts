import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticle } from '../../../../common/admin-contract.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Duplicate (POST /api/admin/articles/{id}/duplicate): a new draft with the article's text, picture,
 * byline, tags and settings, on SQLite (api) and PostgreSQL (api-pg).
 */
let t: TestApp;
let auth: { authorization: string };
const ORIGINAL_EDITOR = { sub: 'editor-first', name: 'Olive Original' };
const COPIER = { sub: 'editor-copy', name: 'Cody Copier' };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer(ORIGINAL_EDITOR) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('article_revisions').execute();
  await db.deleteFrom('audit_log').execute();
  await db.deleteFrom('articles').execute();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers = auth) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const duplicate = async (id: number | string, headers?: { authorization: string }) =>
  call('POST', `/api/admin/articles/${id}/duplicate`, undefined, headers ?? { authorization: await t.bearer(COPIER) });

const BODY = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'The vote' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'The goose won by a neck.', marks: [{ type: 'bold' }] }] },
  ],
};

async function original(fields: Record<string, unknown> = {}): Promise<AdminArticle> {
  const res = await call('POST', '/api/admin/articles', {
    headline: 'Goose Elected Mayor',
    summary: 'A landslide for the goose.',
    body: BODY,
    category: 'Politics',
    authors: ['Gail Gander', 'Pat Pond'],
    tags: ['Geese', 'Elections'],
    source: 'Pond Gazette',
    ratingOutOfTen: 7,
    comments: 'Check the honk count.',
    imageUrl: 'https://images.example/goose.jpg',
    imageAlt: 'A goose in a mayoral chain',
    imageCaption: 'The new mayor',
    imageCredit: 'Pond Gazette',
    originalUrl: 'https://pond.example/goose',
    isBreaking: true,
    shareToX: false,
    shareToFacebook: true,
    shareMessage: 'Honk if you voted',
    metaTitle: 'Goose elected mayor of Little Snoring',
    metaDescription: 'How a goose won the mayoralty by a neck.',
    published: true,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminArticle;
}

describe('duplicating an article', () => {
  it('makes a new draft with the same text, picture, byline, tags and settings, by the editor who duplicates', async () => {
    const source = await original();
    const res = await duplicate(source.id);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as AdminArticle;
    expect(res.headers.location).toBe(`/api/admin/articles/${copy.id}`);
    expect(res.headers.etag).toBe('"1"');
    expect(copy.id).not.toBe(source.id);
    expect(copy.headline).toBe('Goose Elected Mayor (copy)');
    expect(copy.slug).toBe('goose-elected-mayor-copy');
    expect(copy).toMatchObject({ status: 'draft', publishedAt: null, publishAt: null, version: 1 });
    expect(copy.editorName).toBe(COPIER.name);
    expect(copy.body).toEqual(source.body);
    expect(copy.authors!.map((a) => a.id)).toEqual(source.authors!.map((a) => a.id));
    expect(copy.tags!.map((a) => a.id)).toEqual(source.tags!.map((a) => a.id));
    for (const field of [
      'summary',
      'categoryId',
      'author',
      'source',
      'ratingOutOfTen',
      'comments',
      'imageUrl',
      'imageAlt',
      'imageCaption',
      'imageCredit',
      'originalUrl',
      'isBreaking',
      'shareToX',
      'shareToFacebook',
      'shareMessage',
      'metaTitle',
      'metaDescription',
    ] as const) {
      expect(copy[field], field).toEqual(source[field]);
    }
    // The original is as it was; the copy has its own first revision and a 'create' audit row by the copier.
    const again = (await call('GET', `/api/admin/articles/${source.id}`)).json() as AdminArticle;
    expect(again.version).toBe(source.version);
    expect(again.headline).toBe('Goose Elected Mayor');
    const revisions = (await call('GET', `/api/admin/articles/${copy.id}/revisions`)).json() as {
      revisions: { action: string; editorName: string }[];
    };
    expect(revisions.revisions.map((r) => [r.action, r.editorName])).toEqual([['create', COPIER.name]]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('article_id', '=', copy.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', actor_name: COPIER.name }]);
    // A draft: not on the public site.
    expect((await t.app.inject({ method: 'GET', url: `/News/slug/${copy.slug}` })).statusCode).toBe(404);
  });

  it('keeps a headline at the longest within the limit, and copies a draft or a scheduled article as a draft', async () => {
    // 33 words of 'Goose': a slug of 197 characters, three under the limit of 200, which '-copy' passes.
    const long = Array.from({ length: 33 }, () => 'Goose').join(' ');
    const source = await original({ headline: long, published: false });
    expect(source.slug).toHaveLength(197);
    const res = await duplicate(source.id);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as AdminArticle;
    expect(copy.headline).toBe(`${Array.from({ length: 32 }, () => 'Goose').join(' ')} (copy)`);
    expect(copy.slug.length).toBeLessThanOrEqual(200);
    // A headline at its 300 characters (a short slug: punctuation) keeps 293 of them.
    const wide = `${'!'.repeat(290)} Gooseys`;
    const shouted = await original({ headline: wide, published: false });
    const wideCopy = (await duplicate(shouted.id)).json() as AdminArticle;
    expect(wideCopy.headline).toBe(`${wide.slice(0, 293).trimEnd()} (copy)`);
    expect(wideCopy.headline.length).toBeLessThanOrEqual(300);
    // Counted in characters (common/text-length.ts): 300 of them, families of 11 UTF-16 units, keep 293
    // whole ones.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    const emoji = await original({ headline: `Goose ${family.repeat(294)}`, published: false });
    const emojiCopy = await duplicate(emoji.id);
    expect(emojiCopy.statusCode, emojiCopy.body).toBe(201);
    expect((emojiCopy.json() as AdminArticle).headline).toBe(`Goose ${family.repeat(287)} (copy)`);
    const scheduled = await original({ published: false });
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('POST', `/api/admin/articles/${scheduled.id}/schedule`, { publishAt: at })).statusCode).toBe(
      200,
    );
    const copied = (await duplicate(scheduled.id)).json() as AdminArticle;
    expect(copied).toMatchObject({ status: 'draft', publishAt: null, publishedAt: null });
  });

  it("numbers the next copies: a second copy and a copy of a copy are ' (copy 2)', ' (copy 3)', never '(copy) (copy)'", async () => {
    const source = await original({ headline: 'Cat Elected', published: false });
    const headlineOf = async (id: number) => {
      const res = await duplicate(id);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AdminArticle;
    };
    const first = await headlineOf(source.id);
    expect(first.headline).toBe('Cat Elected (copy)');
    const ofCopy = await headlineOf(first.id);
    expect(ofCopy).toMatchObject({ headline: 'Cat Elected (copy 2)', slug: 'cat-elected-copy-2' });
    expect((await headlineOf(source.id)).headline).toBe('Cat Elected (copy 3)');
    // A copy in the Trash still counts (restored, it would be there again).
    const fourth = await headlineOf(ofCopy.id);
    expect(fourth.headline).toBe('Cat Elected (copy 4)');
    expect((await call('DELETE', `/api/admin/articles/${fourth.id}`)).statusCode).toBe(204);
    expect((await headlineOf(source.id)).headline).toBe('Cat Elected (copy 5)');
    // Headlines that only look alike are not its copies.
    await original({ headline: 'CAT ELECTED (copy 9)', published: false });
    await original({ headline: 'Cat Elected Again (copy 8)', published: false });
    expect((await headlineOf(first.id)).headline).toBe('Cat Elected (copy 6)');
  });

  it("counts the copies of a headline with LIKE's own characters (%, _ and \\) as they are", async () => {
    const source = await original({ headline: 'Rates Up 100% At Pub_Quiz \\ Inn', published: false });
    await original({ headline: 'Rates Up 100X At PubXQuiz X Inn (copy 4)', published: false });
    const first = (await duplicate(source.id)).json() as AdminArticle;
    expect(first.headline).toBe('Rates Up 100% At Pub_Quiz \\ Inn (copy)');
    const second = (await duplicate(source.id)).json() as AdminArticle;
    expect(second.headline).toBe('Rates Up 100% At Pub_Quiz \\ Inn (copy 2)');
  });

  it('refuses an article in the Trash (409), an unknown one (404), a bad id (400) and a stranger (401)', async () => {
    const source = await original();
    expect((await call('DELETE', `/api/admin/articles/${source.id}`)).statusCode).toBe(204);
    expect(expectProblem(await duplicate(source.id), 409, 'trash').deleted).toBe(true);
    expectProblem(await duplicate(999_999), 404, 'Article 999999 was not found');
    for (const bad of ['abc', '0', '-1', '1.5']) expectProblem(await duplicate(bad), 400, "Path parameter 'id'");
    expect((await call('POST', `/api/admin/articles/${source.id}/duplicate`, undefined, {} as never)).statusCode).toBe(
      401,
    );
    expect(await t.database.db.selectFrom('articles').select('id').execute()).toHaveLength(1);
  });
});
