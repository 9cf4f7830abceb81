import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../project-root.ts';
import { ssrBundleFile } from '../../rendering/ssr-bundle.ts';
import { auditFor } from '../../repositories/audit-log.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Corrections of articles (decision 046) through the admin API, and what readers get: the public
 * article, its server-rendered page (the 'Corrections' block, JSON-LD `correction`, the update time)
 * and the caches (SQLite in `api`, PostgreSQL in `api-pg`).
 */
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({
    env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', PUBLIC_URL: 'https://smear.example' },
  });
  auth = { authorization: await t.bearer({ sub: 'editor-fix', name: 'Corinne Correct' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const HEADLINE = 'Mayor Swaps Town Hall For Bouncy Castle';
const FIX = 'An earlier version of this article misstated the height of the bouncy castle.';

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function create(fields: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/articles', {
    headline: HEADLINE,
    summary: 'Council meetings will now be held on an inflatable.',
    content: 'The castle has a moat of foam.',
    category: 'Politics',
    published: true,
    // Published a minute ago: a correction added now is later than the publication.
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; version: number };
}

const corrections = (id: number) => `/api/admin/articles/${id}/corrections`;
const add = (id: number, text: string) => call('POST', corrections(id), { text });

async function publicArticle(slug: string) {
  const res = await t.app.inject({ url: `/News/slug/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { modifiedAt: string | null; corrections?: { text: string; publishedAt: string }[] };
}

async function page(slug: string) {
  const res = await t.app.inject({ url: `/article/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

function newsArticleOf(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((d) => [d['@type']].flat().includes('NewsArticle'))!;
}

describe('adding, editing and removing a correction', () => {
  it('adds one dated now by the signed-in editor, lists them newest first, fixes the wording keeping the date, removes one', async () => {
    const a = await create();
    const before = Date.now();
    const first = await add(a.id, `  ${FIX}\n  (It is 3 metres, not 30.)  `);
    expect(first.statusCode, first.body).toBe(201);
    const one = first.json();
    expect(one).toMatchObject({
      text: `${FIX} (It is 3 metres, not 30.)`,
      createdBy: 'Corinne Correct',
      updatedAt: null,
      updatedBy: null,
    });
    expect(Date.parse(one.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(first.headers.location).toBe(`/api/admin/articles/${a.id}/corrections/${one.id}`);

    await new Promise((r) => setTimeout(r, 5));
    const two = (await add(a.id, 'A photo caption named the wrong goat.')).json();
    const list = (await call('GET', corrections(a.id))).json();
    expect(list.corrections.map((c: { id: number }) => c.id)).toEqual([two.id, one.id]);

    const fixed = await call('PUT', `${corrections(a.id)}/${one.id}`, { text: 'It is 3 metres tall, not 30.' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      id: one.id,
      text: 'It is 3 metres tall, not 30.',
      createdAt: one.createdAt,
      updatedBy: 'Corinne Correct',
    });
    expect(fixed.json().updatedAt).toEqual(expect.any(String));

    const removed = await call('DELETE', `${corrections(a.id)}/${two.id}`);
    expect(removed.statusCode).toBe(204);
    const after = (await call('GET', corrections(a.id))).json();
    expect(after.corrections.map((c: { id: number }) => c.id)).toEqual([one.id]);
  });

  it('audits each change with the editor, the article and the text; a fix to the same text is no change', async () => {
    const a = await create();
    const c = (await add(a.id, FIX)).json();
    await call('PUT', `${corrections(a.id)}/${c.id}`, { text: FIX });
    await call('PUT', `${corrections(a.id)}/${c.id}`, { text: 'The castle is 3 metres tall.' });
    await call('DELETE', `${corrections(a.id)}/${c.id}`);
    const rows = (await auditFor(t.database.db, a.id)).filter((r) => r.action.startsWith('correction-'));
    expect(rows.map((r) => r.action)).toEqual(['correction-add', 'correction-edit', 'correction-remove']);
    expect(rows.every((r) => r.actor_name === 'Corinne Correct')).toBe(true);
    expect(JSON.parse(rows[1]!.before!)).toMatchObject({ correctionId: c.id, text: FIX });
    expect(JSON.parse(rows[1]!.after!)).toMatchObject({ text: 'The castle is 3 metres tall.' });

    // The audit screen's rows: the article by its headline, the text as the detail; filterable by action.
    const trail = (await call('GET', '/api/admin/audit?action=correction-edit')).json();
    const ours = trail.entries.filter((e: { articleId: number }) => e.articleId === a.id);
    expect(trail.entries.every((e: { action: string }) => e.action === 'correction-edit')).toBe(true);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      action: 'correction-edit',
      articleId: a.id,
      headline: HEADLINE,
      detail: `“${FIX.slice(0, 59)}…” → “The castle is 3 metres tall.”`,
      editorName: 'Corinne Correct',
    });
  });
});

describe('bad input and unknown records', () => {
  it('refuses a text shorter than 10 or longer than 1,000 characters after trimming, with a 400 naming text', async () => {
    const a = await create();
    const short = expectProblem(await add(a.id, '   Too short  \n '.replace('Too short', 'Typo.')), 400);
    expect(short.errors).toEqual([{ in: 'body', name: 'text', message: 'must be at least 10 characters (it has 5)' }]);
    const long = expectProblem(await add(a.id, 'x'.repeat(1001)), 400);
    expect(long.errors).toEqual([
      { in: 'body', name: 'text', message: 'must be at most 1,000 characters (it has 1,001)' },
    ]);
    expect((await add(a.id, ` ${'x'.repeat(1000)} `)).statusCode).toBe(201);
    expect((await add(a.id, '0123456789')).statusCode).toBe(201);
    expectProblem(await call('POST', corrections(a.id), { text: 42 }), 400);
    expectProblem(await call('POST', corrections(a.id), {}), 400);
    const control = expectProblem(await add(a.id, 'A bell rings here \u0007 loudly.'), 400);
    expect(control.errors[0]).toMatchObject({ name: 'text', message: expect.stringContaining('control characters') });
    const c = (await call('GET', corrections(a.id))).json().corrections[0];
    const edit = expectProblem(await call('PUT', `${corrections(a.id)}/${c.id}`, { text: 'short' }), 400);
    expect(edit.errors[0]).toMatchObject({ name: 'text' });
    expectProblem(await call('GET', '/api/admin/articles/abc/corrections'), 400);
    expectProblem(await call('DELETE', `${corrections(a.id)}/0`), 400);
    expect((await call('GET', corrections(a.id))).json().corrections).toHaveLength(2);
  });

  it('answers 404 for an unknown article or a correction of another article', async () => {
    const a = await create();
    const b = await create({ headline: 'Another Story Entirely' });
    const c = (await add(a.id, FIX)).json();
    expectProblem(await add(999_999, FIX), 404);
    expectProblem(await call('GET', corrections(999_999)), 404);
    expectProblem(await call('PUT', `${corrections(b.id)}/${c.id}`, { text: FIX }), 404, `no correction ${c.id}`);
    expectProblem(await call('DELETE', `${corrections(b.id)}/${c.id}`), 404);
    expectProblem(await call('DELETE', `${corrections(a.id)}/999999`), 404);
    expect((await call('GET', corrections(a.id))).json().corrections).toHaveLength(1);
  });
});

describe('the article’s state', () => {
  it('refuses every write in the Trash with the 409 of other writes, reads it as the 404 with deleted', async () => {
    const a = await create();
    const c = (await add(a.id, FIX)).json();
    expect((await call('DELETE', `/api/admin/articles/${a.id}`)).statusCode).toBe(204);
    for (const res of [
      await add(a.id, FIX),
      await call('PUT', `${corrections(a.id)}/${c.id}`, { text: 'Another wording entirely.' }),
      await call('DELETE', `${corrections(a.id)}/${c.id}`),
    ]) {
      const body = expectProblem(res, 409, 'The article is in the trash: restore it first.');
      expect(body).toMatchObject({ deleted: true, deletedAt: expect.any(String) });
    }
    expect(expectProblem(await call('GET', corrections(a.id)), 404)).toMatchObject({ deleted: true });
  });

  it('adds one only to a published article; existing ones stay while unpublished and show again on republish', async () => {
    const draft = await create({ published: false, publishedAt: undefined });
    expectProblem(await add(draft.id, FIX), 409, 'Only a published article can get a correction');

    const a = await create();
    const c = (await add(a.id, FIX)).json();
    expect((await call('POST', `/api/admin/articles/${a.id}/unpublish`)).statusCode).toBe(200);
    expectProblem(await add(a.id, 'Yet another correction here.'), 409);
    const fixed = await call('PUT', `${corrections(a.id)}/${c.id}`, { text: 'A fixed wording of it.' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await call('POST', `/api/admin/articles/${a.id}/publish`)).statusCode).toBe(200);
    expect((await publicArticle(a.slug)).corrections).toEqual([
      { text: 'A fixed wording of it.', publishedAt: c.createdAt },
    ]);
  });

  it('does not copy corrections to a duplicate; deleting the article for good removes them', async () => {
    const a = await create();
    await add(a.id, FIX);
    const copy = await call('POST', `/api/admin/articles/${a.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await call('GET', corrections(copy.json().id))).json().corrections).toEqual([]);

    await call('DELETE', `/api/admin/articles/${a.id}`);
    expect((await call('POST', `/api/admin/articles/${a.id}/purge`)).statusCode).toBe(204);
    const left = await t.database.db
      .selectFrom('article_corrections')
      .select('id')
      .where('article_id', '=', a.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('what readers see', () => {
  it('adding one moves the update time; fixing or removing one does not', async () => {
    const a = await create();
    expect((await publicArticle(a.slug)).modifiedAt).toBeNull();
    const c = (await add(a.id, FIX)).json();
    const afterAdd = await publicArticle(a.slug);
    expect(afterAdd.modifiedAt).toBe(c.createdAt);

    await new Promise((r) => setTimeout(r, 5));
    await call('PUT', `${corrections(a.id)}/${c.id}`, { text: 'The castle is 3 metres tall.' });
    expect((await publicArticle(a.slug)).modifiedAt).toBe(c.createdAt);
    await call('DELETE', `${corrections(a.id)}/${c.id}`);
    const afterRemove = await publicArticle(a.slug);
    expect(afterRemove.modifiedAt).toBe(c.createdAt);
    expect(afterRemove.corrections).toBeUndefined();

    // The feeds' item update time and the sitemap's lastmod are the same time.
    const feed = (await t.app.inject({ url: '/feeds/feed.json' })).json();
    expect(feed.items.find((i: { title: string }) => i.title === HEADLINE).date_modified).toBe(c.createdAt);
    const sitemap = (await t.app.inject({ url: '/sitemaps/articles-1.xml' })).body;
    expect(sitemap).toContain(`/article/${a.slug}</loc><lastmod>${c.createdAt}</lastmod>`);
  });

  it('renders the Corrections block on the server and JSON-LD correction items, newest first', async () => {
    const a = await create({ tags: ['Inflatables'] });
    expect(await page(a.slug)).not.toContain('Corrections</h2>');
    const one = (await add(a.id, 'The castle is 3 metres tall, not 30 <metres>.')).json();
    await new Promise((r) => setTimeout(r, 5));
    const two = (await add(a.id, 'The goat in the photo is called Gary.')).json();
    // No cache clear here: the write itself drops the cached page.
    const html = await page(a.slug);
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>\s*<h2 id="\1"[^>]*>Corrections<\/h2>/);
    const block = html.slice(html.indexOf('Corrections</h2>'));
    const dated = (iso: string) =>
      new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const first = block.indexOf('The goat in the photo is called Gary.');
    const second = block.indexOf('The castle is 3 metres tall, not 30 &lt;metres&gt;.');
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(block).toContain(`Correction, <time dateTime="${two.createdAt}">${dated(two.createdAt)}</time>:`);
    expect(html).toContain(`<meta property="article:modified_time" content="${two.createdAt}"`);
    // At the foot of the body, before the tags; the 'Updated' line under the byline says when.
    expect(html.indexOf('The castle has a moat of foam.')).toBeLessThan(html.indexOf('Corrections</h2>'));
    expect(html.indexOf('Corrections</h2>')).toBeLessThan(html.indexOf('aria-label="Tags"'));
    expect(html).toMatch(new RegExp(`Updated(<!-- -->)? <time dateTime="${two.createdAt}"`));

    const ld = newsArticleOf(html);
    expect(ld.dateModified).toBe(two.createdAt);
    expect(ld.correction).toEqual([
      { '@type': 'CorrectionComment', text: 'The goat in the photo is called Gary.', datePublished: two.createdAt },
      {
        '@type': 'CorrectionComment',
        text: 'The castle is 3 metres tall, not 30 <metres>.',
        datePublished: one.createdAt,
      },
    ]);
  });

  it('drops the cached page and answer when a correction is added, fixed or removed', async () => {
    const a = await create();
    // Cached now (the page and the news answer are kept for seconds).
    expect(await page(a.slug)).not.toContain('Gary');
    expect((await publicArticle(a.slug)).corrections).toBeUndefined();
    const c = (await add(a.id, 'The goat in the photo is called Gary.')).json();
    expect(await page(a.slug)).toContain('The goat in the photo is called Gary.');
    expect((await publicArticle(a.slug)).corrections).toHaveLength(1);
    await call('PUT', `${corrections(a.id)}/${c.id}`, { text: 'The goat in the photo is called Barry.' });
    expect(await page(a.slug)).toContain('Barry');
    expect((await publicArticle(a.slug)).corrections?.[0]?.text).toContain('Barry');
    await call('DELETE', `${corrections(a.id)}/${c.id}`);
    expect(await page(a.slug)).not.toContain('Barry');
    expect((await publicArticle(a.slug)).corrections).toBeUndefined();
  });
});
