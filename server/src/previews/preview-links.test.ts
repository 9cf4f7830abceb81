import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_ENTRIES_PAGE } from '../../../common/live-contract.ts';
import { PREVIEW_LINK_DAYS } from '../../../common/preview-contract.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { ssrBundleFile } from '../rendering/ssr-bundle.ts';
import { AdminArticlesRepository } from '../repositories/admin-articles.ts';
import { SCHEDULER_ACTOR } from '../repositories/audit-log.ts';
import { insertArticle } from '../test-support/articles.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { hashPreviewToken } from './preview-token.ts';

/**
 * Preview links (decision 042) through the real app, on SQLite (api) and PostgreSQL (api-pg): the
 * newsroom's API, the secret page with the public article's components (the built front end, as
 * `vite build` makes it; WEB_DIST_DIR names another build), and every way a link stops working.
 * That the logs never hold a token: telemetry/logging.test.ts.
 */
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(PROJECT_ROOT, 'dist/web');
const EDITOR = { sub: 'editor-preview', name: 'Pat Preview' };
const DAY_MS = 86_400_000;

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({
    env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', SCHEDULER_INTERVAL_MS: '0' },
  });
  auth = { authorization: await t.bearer(EDITOR) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('preview_links').execute();
  await db.deleteFrom('live_entry_revisions').execute();
  await db.deleteFrom('live_entries').execute();
  await db.deleteFrom('articles').execute();
  await db.deleteFrom('audit_log').execute();
  t.app.newsCache.clear();
});

const api = (method: 'GET' | 'POST' | 'DELETE', id: number | string, headers: Record<string, string> = auth) =>
  t.app.inject({ method, url: `/api/admin/articles/${id}/preview-link`, headers });
const admin = (method: 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: auth });
const page = (url: string) => t.app.inject({ method: 'GET', url });

const draft = (headline = 'Mayor Swaps Town Hall For Bouncy Castle', more = {}) =>
  insertArticle(t.database.db, {
    headline,
    summary: 'Inflatable democracy arrives.',
    content: 'Councillors bounced all morning.\n\nThe minutes were lost.',
    ...more,
  });

/** Turns a link on; answers its full address's path and the link. */
async function makeLink(id: number) {
  const res = await api('POST', id);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { url: string; link: { createdAt: string; createdBy: string; expiresAt: string } };
  return { ...body, path: new URL(body.url).pathname };
}

/** What every preview answer says: private, never kept, never indexed, no referrer. */
function expectPrivate(res: { headers: Record<string, unknown> }) {
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(String(res.headers['x-robots-tag'])).toContain('noindex');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

function expectNotFoundPage(res: Awaited<ReturnType<typeof page>>) {
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain('Oops! Page not found');
  expect(res.body).toContain('<title>Page Not Found | The Daily Smear</title>');
  expectPrivate(res);
}

describe('the newsroom turns a preview link on and off', () => {
  it('makes an unguessable link, keeps only its hash, says who made it and until when', async () => {
    const article = await draft();
    expect((await api('GET', article.id)).json()).toEqual({ link: null });

    const made = await makeLink(article.id);
    expect(made.url).toMatch(/^http:\/\/news\.test\/preview\/[A-Za-z0-9_-]{43}$/);
    const token = made.path.slice('/preview/'.length);
    expect(made.link.createdBy).toBe(EDITOR.name);
    expect(Date.parse(made.link.expiresAt) - Date.parse(made.link.createdAt)).toBe(PREVIEW_LINK_DAYS * DAY_MS);

    // The database holds the SHA-256 of the token, never the token.
    const rows = await t.database.db.selectFrom('preview_links').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashPreviewToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // Later answers say a link is on, never its address.
    const status = await api('GET', article.id);
    expect(status.statusCode).toBe(200);
    expect(status.headers['cache-control']).toBe('private, no-store');
    expect(status.json()).toEqual({ link: made.link });
    expect(status.body).not.toContain(token);

    // Two links are different tokens; a new one replaces the old, whose address stops working.
    const again = await makeLink(article.id);
    expect(again.path).not.toBe(made.path);
    expectNotFoundPage(await page(made.path));
    expect((await page(again.path)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('preview_links').selectAll().execute()).toHaveLength(1);

    // Turned off: the page is the site's not-found page at once; turning off again is no error.
    expect((await api('DELETE', article.id)).statusCode).toBe(204);
    expect((await api('GET', article.id)).json()).toEqual({ link: null });
    expectNotFoundPage(await page(again.path));
    expect((await api('DELETE', article.id)).statusCode).toBe(204);

    // The audit trail names the action and the article, never the token or its hash.
    const audit = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audit.map((r) => [r.action, r.actor_name, r.article_id])).toEqual([
      ['preview-link-create', EDITOR.name, article.id],
      ['preview-link-create', EDITOR.name, article.id],
      ['preview-link-revoke', EDITOR.name, article.id],
    ]);
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ headline: article.headline, replaced: true });
    const trail = JSON.stringify(audit);
    for (const secret of [token, hashPreviewToken(token)]) expect(trail).not.toContain(secret);
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=preview-link-revoke',
      headers: auth,
    });
    expect(filtered.json().entries).toMatchObject([{ action: 'preview-link-revoke', headline: article.headline }]);
  });

  it('works for the days the editor chose: 1, 7 or 30; anything else is a 400 and makes no link', async () => {
    const article = await draft();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/articles/${article.id}/preview-link`, headers: auth, payload });
    for (const days of [1, 7, 30]) {
      const res = await post({ days });
      expect(res.statusCode, res.body).toBe(201);
      const { link } = res.json() as { link: { createdAt: string; expiresAt: string } };
      expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(days * DAY_MS);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('after')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after!)).toMatchObject({ expiresAt: link.expiresAt });
    }
    // An empty object is the default, as no body is.
    const plain = (await post({})).json() as { link: { createdAt: string; expiresAt: string } };
    expect(Date.parse(plain.link.expiresAt) - Date.parse(plain.link.createdAt)).toBe(PREVIEW_LINK_DAYS * DAY_MS);
    const before = await t.database.db.selectFrom('preview_links').selectAll().execute();
    for (const bad of [
      { days: 2 },
      { days: '7' },
      { days: 0 },
      { days: -1 },
      { days: 1.5 },
      { days: null },
      { days: 7, x: 1 },
      [7],
    ])
      expectProblem(await post(bad), 400);
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/articles/${article.id}/preview-link`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"days":',
      }),
      400,
    );
    // The link that was on still is, unchanged.
    expect(await t.database.db.selectFrom('preview_links').selectAll().execute()).toEqual(before);
  });

  it('refuses a published or trashed article (409), an unknown one (404), bad ids (400) and strangers (401)', async () => {
    const published = await draft('Goat Elected', { published_at: new Date().toISOString() });
    expectProblem(await api('POST', published.id), 409, 'published');
    const trashed = await draft('Binned Story');
    expect((await admin('DELETE', `/api/admin/articles/${trashed.id}`)).statusCode).toBe(204);
    expect(expectProblem(await api('POST', trashed.id), 409, 'trash').deleted).toBe(true);
    expect(expectProblem(await api('GET', trashed.id), 404).deleted).toBe(true);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expectProblem(await api(method, 999_999), 404, 'Article 999999 was not found');
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999'])
        expectProblem(await api(method, bad), 400, "Path parameter 'id'");
      expect((await api(method, published.id, {})).statusCode).toBe(401);
    }
    expect(await t.database.db.selectFrom('preview_links').selectAll().execute()).toEqual([]);
  });
});

describe('the preview page', () => {
  it('shows the draft as readers will see it, with the banner, and nothing that would leak the link', async () => {
    const article = await draft();
    const { path: previewPath } = await makeLink(article.id);
    const res = await page(previewPath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectPrivate(res);
    // No script runs on it: the policy allows none and the page names none.
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.body).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(res.body).not.toContain('id="app-state"');
    // The public page's components and stylesheet.
    expect(res.body).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
    expect(res.body).toContain('Preview — not published yet');
    expect(res.body).toContain('Not scheduled yet.');
    expect(res.body).toContain('Mayor Swaps Town Hall For Bouncy Castle');
    expect(res.body).toContain('Councillors bounced all morning.');
    expect(res.body).toContain('Skip to content');
    expect(res.body).toContain('<title>Preview: Mayor Swaps Town Hall For Bouncy Castle | The Daily Smear</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    // No share buttons, share card, canonical address or structured data.
    expect(res.body).not.toContain('Share on Social');
    expect(res.body).not.toMatch(/og:|twitter:|rel="canonical"|application\/ld\+json/);
    // A preview is not a read: no image counts it.
    expect(res.body).not.toContain('/News/reads');
    // The address appears nowhere in the page.
    expect(res.body).not.toContain(previewPath.slice('/preview/'.length));
  });

  it('shows the latest saved version, and when a scheduled article goes out', async () => {
    const at = new Date(Date.now() + 3 * DAY_MS);
    at.setUTCHours(14, 5, 0, 0);
    const article = await draft('Scheduled Scandal', { publish_at: at.toISOString() });
    const { path: previewPath } = await makeLink(article.id);
    const before = await page(previewPath);
    expect(before.body).toContain('Scheduled to go out on');
    expect(before.body).toContain(`dateTime="${at.toISOString()}"`);
    expect(before.body).toMatch(/14:05 UTC/);
    await t.database.db
      .updateTable('articles')
      .set({ headline: 'Scheduled Scandal, Now Worse', updated_at: new Date().toISOString() })
      .where('id', '=', article.id)
      .execute();
    expect((await page(previewPath)).body).toContain('Scheduled Scandal, Now Worse');
  });

  it('ends when the article is published: the link leads to the public page, and never back to a draft', async () => {
    const article = await draft('Published At Last');
    const { path: previewPath } = await makeLink(article.id);
    expect((await admin('POST', `/api/admin/articles/${article.id}/publish`)).statusCode).toBe(200);
    const res = await page(previewPath);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/article/${article.slug}`);
    expectPrivate(res);
    expect((await api('GET', article.id)).json()).toEqual({ link: null });
    // Unpublished again: the ended link shows nothing.
    expect((await admin('POST', `/api/admin/articles/${article.id}/unpublish`)).statusCode).toBe(200);
    expectNotFoundPage(await page(previewPath));
  });

  it('ends when the scheduler publishes the article', async () => {
    const article = await draft('Goes Out On Time', { publish_at: new Date(Date.now() + 60_000).toISOString() });
    const { path: previewPath } = await makeLink(article.id);
    const repo = new AdminArticlesRepository(t.database.db, t.database.dialect);
    expect((await repo.publishDue(SCHEDULER_ACTOR, new Date(Date.now() + 120_000))).map((a) => a.id)).toEqual([
      article.id,
    ]);
    const row = await t.database.db.selectFrom('preview_links').selectAll().executeTakeFirstOrThrow();
    expect(row.ended_at).not.toBeNull();
    expect((await page(previewPath)).statusCode).toBe(303);
  });

  it('expires after its days', async () => {
    const article = await draft('Stale Preview');
    const { path: previewPath, link } = await makeLink(article.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(link.expiresAt) - 60_000 });
    try {
      expect((await page(previewPath)).statusCode).toBe(200);
      vi.setSystemTime(Date.parse(link.expiresAt) + 1);
      expectNotFoundPage(await page(previewPath));
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the not-found page in the trash, works again when restored, and is deleted with the article', async () => {
    const article = await draft('Trash Talk');
    const { path: previewPath } = await makeLink(article.id);
    expect((await admin('DELETE', `/api/admin/articles/${article.id}`)).statusCode).toBe(204);
    expectNotFoundPage(await page(previewPath));
    // Undo (restore) brings back the article as it was, its link too.
    expect((await admin('POST', `/api/admin/articles/${article.id}/restore`)).statusCode).toBe(200);
    expect((await page(previewPath)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/admin/articles/${article.id}`)).statusCode).toBe(204);
    expect((await admin('POST', `/api/admin/articles/${article.id}/purge`)).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('preview_links').selectAll().execute()).toEqual([]);
    expectNotFoundPage(await page(previewPath));
  });

  it('opens from its address typed in capitals: only /preview/ moves to lower case, never the token', async () => {
    const article = await draft();
    const { path: previewPath } = await makeLink(article.id);
    const token = previewPath.slice('/preview/'.length);
    for (const shouted of [`/PREVIEW/${token}`, `/Preview/${token}?utm=x`]) {
      const moved = await page(shouted);
      expect(moved.statusCode, shouted).toBe(301);
      expect(moved.headers.location).toBe(previewPath + shouted.slice(shouted.indexOf(token) + token.length));
      expectPrivate(moved);
      const res = await page(String(moved.headers.location));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Mayor Swaps Town Hall For Bouncy Castle');
    }
  });

  it('answers the not-found page for unknown and malformed tokens, never a 5xx', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(500), '%E2%80%94', 'has.dot', '..%2F..%2Fetc']) {
      expectNotFoundPage(await page(`/preview/${token}`));
    }
    // Not a page for other methods.
    expect((await t.app.inject({ method: 'POST', url: `/preview/${'A'.repeat(43)}` })).statusCode).toBe(405);
  });
});

describe("a draft live blog's preview", () => {
  const write = (method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload: payload ? JSON.stringify(payload) : undefined,
    });
  /** Posts an entry on the article's coverage; answers its id. */
  const post = async (articleId: number, text: string, keyEvent = false) => {
    const res = await write('POST', `/api/admin/articles/${articleId}/live/entries`, {
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
      keyEvent,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /** A draft with its coverage started. */
  const liveDraft = async (headline: string) => {
    const article = await draft(headline);
    expect((await write('POST', `/api/admin/articles/${article.id}/live/start`)).statusCode).toBe(200);
    return article;
  };
  /** The ids of the entries the page lists, in its order. */
  const listed = (html: string) =>
    [...(html.split('class="live-entries"')[1] ?? '').matchAll(/<li\b[^>]*\bdata-entry-id="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );

  it('lists its entries as the published page will, newest first, key events marked, deleted ones left out', async () => {
    const article = await liveDraft('Dam Watch: Live');
    const first = await post(article.id, 'Water levels rising at the dam.');
    const key = await post(article.id, 'The dam holds, engineers say.', true);
    const removed = await post(article.id, 'Dam brust, says nobody.');
    const latest = await post(article.id, 'Crowds gather on the bank.');
    expect((await write('DELETE', `/api/admin/articles/${article.id}/live/entries/${removed}`)).statusCode).toBe(204);

    const { path: previewPath } = await makeLink(article.id);
    const res = await page(previewPath);
    expect(res.statusCode).toBe(200);
    expectPrivate(res);
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
    expect(res.body).toContain('Preview — not published yet');
    expect(res.body).toContain('Live updates');
    // Not out yet: running coverage is not called live (no red dot), the page does not change by itself.
    expect(res.body).toMatch(
      /<p class="live-status live-status--waiting" data-testid="live-status">Live once published<\/p>/,
    );
    expect(res.body).not.toContain('live-status__dot');
    // Newest first, the deleted entry nowhere (nor its text), the key event marked and in the summary at the top.
    expect(listed(res.body)).toEqual([latest, key, first]);
    expect(res.body).not.toContain('Dam brust');
    expect(res.body).toMatch(
      new RegExp(`<li id="entry-${key}" class="live-entry live-entry--key"[^>]*>.*?Key event.*?The dam holds`, 's'),
    );
    expect(res.body).toMatch(new RegExp(`<a href="#entry-${key}">.*?The dam holds, engineers say\\.</a>`, 's'));
    // Static: no script, no state to hydrate, no link that names the address.
    expect(res.body).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(res.body).not.toContain('id="app-state"');
    expect(res.body).not.toContain(previewPath.slice('/preview/'.length));

    // A correction shows on the next visit (no cache), as a new entry does.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/articles/${article.id}/live/entries/${first}`,
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify({
            body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Water falls.' }] }] },
            version: 1,
          }),
        })
      ).statusCode,
    ).toBe(200);
    const next = await post(article.id, 'Night falls on the dam.');
    const again = await page(previewPath);
    expect(listed(again.body)).toEqual([next, latest, key, first]);
    expect(again.body).toContain('Water falls.');
  });

  it('pages back through older entries by links relative to its own address', async () => {
    const article = await liveDraft('Long Night: Live');
    const ids: number[] = [];
    for (let i = 1; i <= LIVE_ENTRIES_PAGE + 2; i++) ids.push(await post(article.id, `Update number ${i}.`));
    const { path: previewPath } = await makeLink(article.id);

    const newest = await page(previewPath);
    const shown = listed(newest.body);
    expect(shown).toEqual(ids.slice(-LIVE_ENTRIES_PAGE).reverse());
    const oldestShown = shown.at(-1)!;
    // 'Older updates' leads to ?before= on this very address: the page never writes the token.
    expect(newest.body).toContain(`<a href="?before=${oldestShown}">Older updates</a>`);

    const older = await page(`${previewPath}?before=${oldestShown}`);
    expect(older.statusCode).toBe(200);
    expectPrivate(older);
    expect(listed(older.body)).toEqual([ids[1], ids[0]]);
    expect(older.body).toContain('<a href="?">Back to the newest updates</a>');
    expect(older.body).not.toContain('Older updates');

    // An entry of no such place: none listed, the way back offered; a malformed cursor: a 400 problem, private.
    expect(listed((await page(`${previewPath}?before=999999`)).body)).toEqual([]);
    const bad = await page(`${previewPath}?before=abc`);
    expectProblem(bad, 400, 'before');
    expectPrivate(bad);
  });
});
