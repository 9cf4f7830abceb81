import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodyDoc } from '../../../../common/body/types.ts';
import { imageVariantUrl } from '../../../../common/images.ts';
import { insertArticle, snapshotArticles } from '../../test-support/admin-articles.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { uploadImage, testImage } from '../../test-support/test-images.ts';

/**
 * "Delete for good" from the Trash (docs/product.md, All Articles): POST /api/admin/articles/{id}/purge
 * deletes one article in the trash now, as the scheduler's purge deletes it after 30 days, on SQLite in
 * `api` and PostgreSQL in `api-pg`.
 */
const DAY = 24 * 60 * 60 * 1000;
const EDITOR = { sub: 'editor-purge', name: 'Petra Purge' };

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  // The scheduler steps only when the test says (its image sweep is part of what is checked).
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  auth = { authorization: await t.bearer(EDITOR) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('articles').execute();
  await db.deleteFrom('audit_log').execute();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? res.json() : undefined;
}

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

const upload = async () =>
  (await uploadImage(t.app, auth.authorization, await testImage('png', 200, 120), 'image/png')).id;

/** A published article with a picture in its body, an author and two tags. */
async function story(headline: string, picture: string, tags: string[]): Promise<{ id: number; version: number }> {
  const body: BodyDoc = {
    type: 'doc',
    content: [
      paragraph('It happened.'),
      { type: 'image', attrs: { imageId: picture, alt: 'The scene', caption: '', credit: '' } },
    ],
  } as BodyDoc;
  return ok(
    await call('POST', '/api/admin/articles', {
      headline,
      summary: 'Summary.',
      body,
      category: 'Politics',
      authors: ['Ann Author'],
      tags,
      source: 'Wire',
      published: true,
    }),
  );
}

/** The rows of each table the scheduler's purge clears that belong to the article. */
async function rowsOf(id: number) {
  const db = t.database.db;
  const count = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
  return {
    articles: await count(db.selectFrom('articles').select('id').where('id', '=', id)),
    article_revisions: await count(db.selectFrom('article_revisions').select('id').where('article_id', '=', id)),
    article_body_images: await count(
      db.selectFrom('article_body_images').select('image_id').where('article_id', '=', id),
    ),
    slug_redirects: await count(db.selectFrom('slug_redirects').select('old_slug').where('article_id', '=', id)),
    live_entries: await count(db.selectFrom('live_entries').select('id').where('article_id', '=', id)),
    live_entry_revisions: await count(
      db
        .selectFrom('live_entry_revisions')
        .select('id')
        .where('entry_id', 'in', db.selectFrom('live_entries').select('id').where('article_id', '=', id)),
    ),
    article_authors: await count(db.selectFrom('article_authors').select('author_id').where('article_id', '=', id)),
    article_tags: await count(db.selectFrom('article_tags').select('tag_id').where('article_id', '=', id)),
  };
}

async function auditOf(id: number) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_subject', 'actor_name'])
    .where('article_id', '=', id)
    .orderBy('id')
    .execute();
}

describe('Delete for good (POST /api/admin/articles/{id}/purge)', () => {
  it('deletes a trashed article with its history at once, as the purge after 30 days would, and its picture is swept', async () => {
    const picture = await upload();
    const kept = await upload();
    const gone = await story('Minister Caught In Hedge', picture, ['Hedges', 'Scandal']);
    const other = await story('Hedge Speaks Out', kept, ['Hedges']);
    // A second revision and a slug redirect: a published article renamed.
    await ok(
      await call(
        'PUT',
        `/api/admin/articles/${gone.id}`,
        { headline: 'Minister Caught In A Hedge', category: 'Politics', authors: ['Ann Author'] },
        { 'if-match': `"${gone.version}"` },
      ),
    );
    // A live blog with an entry and its edit.
    await ok(await call('POST', `/api/admin/articles/${gone.id}/live/start`));
    const entry = await ok(
      await call('POST', `/api/admin/articles/${gone.id}/live/entries`, {
        body: { type: 'doc', content: [paragraph('The hedge rustles.')] },
      }),
    );
    await ok(
      await call('PATCH', `/api/admin/articles/${gone.id}/live/entries/${entry.id}`, {
        body: { type: 'doc', content: [paragraph('The hedge rustles, loudly.')] },
        version: 1,
      }),
    );
    expect((await call('DELETE', `/api/admin/articles/${gone.id}`)).statusCode).toBe(204);

    const before = await rowsOf(gone.id);
    // Every table holds something of it, so each "gone" below means something.
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const otherBefore = await rowsOf(other.id);

    // A week and a day on, the pictures are old enough to sweep; this step sweeps (and sets the clock
    // of the next sweep), the next one, a minute later, would not unless asked.
    const later = Date.now() + 8 * DAY;
    expect((await t.app.scheduler.tick(new Date(later))).imagesDeleted).toEqual([]);
    expect((await t.app.scheduler.tick(new Date(later + 30_000))).imagesDeleted).toBeUndefined();

    const res = await call('POST', `/api/admin/articles/${gone.id}/purge`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    // Its screen, opened again, says who deleted it for good and when, by the audit trail's purge row.
    const read = expectProblem(
      await call('GET', `/api/admin/articles/${gone.id}`),
      404,
      `Article ${gone.id} was deleted for good.`,
    );
    expect(read).toMatchObject({ purged: true, purgedBy: EDITOR.name, headline: 'Minister Caught In A Hedge' });
    expect(Date.parse(read.purgedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(read).not.toHaveProperty('deleted');
    expect(await rowsOf(gone.id)).toEqual({
      articles: 0,
      article_revisions: 0,
      article_body_images: 0,
      slug_redirects: 0,
      live_entries: 0,
      live_entry_revisions: 0,
      article_authors: 0,
      article_tags: 0,
    });
    // The other article, which shares an author and a tag, is untouched.
    expect(await rowsOf(other.id)).toEqual(otherBefore);
    // Its audit rows stay, with one purge by the editor.
    const audit = await auditOf(gone.id);
    expect(audit.filter((a) => a.action === 'purge')).toEqual([
      { action: 'purge', actor_subject: EDITOR.sub, actor_name: EDITOR.name },
    ]);
    expect(audit.map((a) => a.action)).toContain('delete');
    const trail = (await call('GET', '/api/admin/audit?action=purge')).json().entries;
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      articleId: gone.id,
      editorName: EDITOR.name,
      headline: 'Minister Caught In A Hedge',
      articleGone: true,
    });
    // The other article's rows still lead to it.
    const others = (await call('GET', '/api/admin/audit'))
      .json()
      .entries.filter((e: { articleId: number }) => e.articleId === other.id);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((e: { articleGone: boolean }) => !e.articleGone)).toBe(true);
    // Not there to restore or to purge again; readers get 404 at both its addresses.
    expectProblem(await call('POST', `/api/admin/articles/${gone.id}/restore`), 404);
    expectProblem(await call('POST', `/api/admin/articles/${gone.id}/purge`), 404);
    expect((await t.app.inject({ url: '/News/slug/minister-caught-in-a-hedge' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/News/slug/minister-caught-in-hedge' })).statusCode).toBe(404);

    // The purge asked the scheduler for a sweep: its next step deletes the picture nothing uses now.
    expect((await t.app.scheduler.tick(new Date(later + 60_000))).imagesDeleted).toEqual([picture]);
    expect((await t.app.inject({ url: imageVariantUrl(picture, 480) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: imageVariantUrl(kept, 480) })).statusCode).toBe(200);
  });

  it('names nobody for an article the 30-day purge took, and says nothing of one that never was', async () => {
    const at = new Date(Date.now() - 31 * DAY).toISOString();
    const old = await insertArticle(t.database.db, { headline: 'Forgotten Scandal', deleted_at: at });
    const purgedAt = new Date();
    await t.app.scheduler.tick(purgedAt);
    const read = expectProblem(await call('GET', `/api/admin/articles/${old.id}`), 404, 'was deleted for good');
    expect(read).toMatchObject({
      purged: true,
      purgedBy: null,
      purgedAt: purgedAt.toISOString(),
      headline: 'Forgotten Scandal',
    });
    const never = expectProblem(await call('GET', `/api/admin/articles/${old.id + 1000}`), 404, 'was not found');
    expect(never).not.toHaveProperty('purged');
  });

  it('refuses an article that is not in the trash (409) and changes nothing', async () => {
    const live = await insertArticle(t.database.db, { published_at: new Date().toISOString() });
    const draft = await insertArticle(t.database.db);
    const articles = await snapshotArticles(t.database.db);
    for (const row of [live, draft]) {
      expectProblem(await call('POST', `/api/admin/articles/${row.id}/purge`), 409, 'The article is not in the trash.');
    }
    expect(await snapshotArticles(t.database.db)).toEqual(articles);
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });

  it('answers 404 for an unknown article, 400 for a bad id, 401 without a token', async () => {
    const trashed = await insertArticle(t.database.db, { deleted_at: new Date().toISOString() });
    const articles = await snapshotArticles(t.database.db);
    expectProblem(await call('POST', `/api/admin/articles/${trashed.id + 1000}/purge`), 404, 'was not found');
    for (const bad of ['abc', String(2 ** 31), '1e20', '0', '-1', '1.5']) {
      expectProblem(await call('POST', `/api/admin/articles/${bad}/purge`), 400, 'id');
    }
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/articles/${trashed.id}/purge`,
        headers: { 'content-type': 'application/json' },
      }),
      401,
    );
    expect(await snapshotArticles(t.database.db)).toEqual(articles);
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });
});
