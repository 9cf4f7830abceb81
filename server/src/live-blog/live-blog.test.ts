import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { legacyTextToBody } from '../../../common/body/legacy.ts';
import {
  LIVE_ENTRIES_PAGE,
  type AdminLiveEntry,
  type LiveBlog,
  type LiveEntriesPage,
} from '../../../common/live-contract.ts';
import type { PublicArticle } from '../../../common/news-contract.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { AdminArticlesRepository } from '../repositories/admin-articles.ts';
import { SCHEDULER_ACTOR } from '../repositories/audit-log.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import type { LivePublisher } from './events.ts';

// Live blogs (decision 037): coverage, entries, revisions, the audit trail, the readers' reads and
// the events, on SQLite (api) and PostgreSQL (api-pg).

interface Sent {
  type: string;
  data: any;
  topic: string;
}
const sent: Sent[] = [];
let nextEventId = 100;
let failPublish = false;

let env: TestApp;
let authorization: string;

beforeAll(async () => {
  env = await createTestApp({
    setup: (app) => {
      // Records what would go out on the event stream (the stream itself is server/src/live's).
      const record: LivePublisher = {
        async publish(type, data, topic) {
          if (failPublish) throw new Error('stream down');
          sent.push({ type, data, topic: topic ?? 'site' });
          return { id: ++nextEventId };
        },
        lastEventId: () => nextEventId,
      };
      const holder = app as unknown as { live?: LivePublisher; decorate(name: string, value: unknown): void };
      if (holder.live) {
        const real = holder.live;
        real.publish = record.publish;
        real.lastEventId = record.lastEventId;
      } else holder.decorate('live', record);
    },
  });
  authorization = await env.bearer();
});
afterAll(async () => {
  await env?.close();
});
beforeEach(() => {
  sent.length = 0;
  failPublish = false;
});

const call = (method: string, url: string, payload?: unknown) =>
  env.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

/** A one-paragraph body. */
const text = (t: string): BodyDoc => legacyTextToBody(t);

async function liveArticle(published = true): Promise<{ id: number; slug: string }> {
  const row = await insertArticle(env.database.db, published ? { published_at: new Date().toISOString() } : {});
  const res = await call('POST', `/api/admin/articles/${row.id}/live/start`);
  expect(res.statusCode, res.body).toBe(200);
  return { id: Number(row.id), slug: row.slug };
}

async function post(id: number, input: Record<string, unknown>): Promise<AdminLiveEntry> {
  const res = await call('POST', `/api/admin/articles/${id}/live/entries`, input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminLiveEntry;
}

async function auditActions(id: number): Promise<string[]> {
  const rows = await env.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('article_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('coverage', () => {
  it('starts, ends and resumes, with the times on the admin article, audited and announced', async () => {
    const row = await insertArticle(env.database.db, { published_at: new Date().toISOString() });
    const id = Number(row.id);
    const before = (await call('GET', `/api/admin/articles/${id}`)).json() as AdminArticle;
    expect(before).toMatchObject({ liveStartedAt: null, liveEndedAt: null });

    const started = (await call('POST', `/api/admin/articles/${id}/live/start`)).json() as AdminArticle;
    expect(started.liveStartedAt).toEqual(expect.any(String));
    expect(started.liveEndedAt).toBeNull();
    expectProblem(await call('POST', `/api/admin/articles/${id}/live/start`), 409, 'already live');

    const ended = (await call('POST', `/api/admin/articles/${id}/live/end`)).json() as AdminArticle;
    expect(ended.liveEndedAt).toEqual(expect.any(String));
    expectProblem(await call('POST', `/api/admin/articles/${id}/live/end`), 409, 'not live');
    expectProblem(
      await call('POST', `/api/admin/articles/${id}/live/entries`, { body: text('late') }),
      409,
      'not live',
    );

    const resumed = (await call('POST', `/api/admin/articles/${id}/live/start`)).json() as AdminArticle;
    expect(resumed).toMatchObject({ liveStartedAt: started.liveStartedAt, liveEndedAt: null });

    expect(await auditActions(id)).toEqual(['live-start', 'live-end', 'live-start']);
    expect(sent.map((e) => [e.type, e.topic, e.data.coverageEndTime === null, e.data.article?.isLive])).toEqual([
      ['coverage-changed', `article:${id}`, true, undefined],
      ['story-updated', 'site', false, true],
      ['coverage-changed', `article:${id}`, false, undefined],
      ['story-updated', 'site', false, undefined],
      ['coverage-changed', `article:${id}`, true, undefined],
      ['story-updated', 'site', false, true],
    ]);
    // The article list knows it too.
    const list = (await call('GET', `/api/admin/articles?search=${encodeURIComponent(row.headline)}`)).json();
    expect(list.articles[0]).toMatchObject({ id, liveStartedAt: started.liveStartedAt, liveEndedAt: null });
  });

  it('answers 404 for an unknown article and 400 for a malformed id', async () => {
    expectProblem(await call('POST', '/api/admin/articles/99999999/live/start'), 404);
    expectProblem(await call('POST', '/api/admin/articles/abc/live/start'), 400);
    expectProblem(await call('POST', '/api/admin/articles/0/live/end'), 400);
    expectProblem(await call('GET', '/api/admin/articles/99999999/live/entries'), 404);
  });

  it('needs a signed-in editor', async () => {
    const res = await env.app.inject({ method: 'POST', url: '/api/admin/articles/1/live/start' });
    expect(res.statusCode).toBe(401);
  });
});

describe('entries', () => {
  it('names who corrected an entry last: in the list, in the correction’s answer and in a late save’s 409', async () => {
    const { id } = await liveArticle();
    const as = async (name: string, method: string, url: string, payload?: unknown) =>
      env.app.inject({
        method: method as 'PATCH',
        url,
        headers: {
          authorization: await env.bearer({ sub: name.toLowerCase().replace(' ', '-'), name }),
          'content-type': 'application/json',
        },
        payload: JSON.stringify(payload),
      });
    const entries = async () =>
      ((await call('GET', `/api/admin/articles/${id}/live/entries`)).json() as { entries: AdminLiveEntry[] }).entries;
    const corrected = await post(id, { body: text('Polls open.') });
    const untouched = await post(id, { body: text('Turnout high.') });
    expect(corrected.updatedBy).toBeNull();
    const url = `/api/admin/articles/${id}/live/entries/${corrected.id}`;
    const bob = await as('Bob Desk', 'PATCH', url, { body: text('Polls open at eight.'), version: 1 });
    expect(bob.statusCode, bob.body).toBe(200);
    expect(bob.json()).toMatchObject({ version: 2, updatedBy: 'Bob Desk', author: corrected.author });
    const listed = await entries();
    expect(listed.find((e) => e.id === corrected.id)).toMatchObject({ updatedBy: 'Bob Desk', version: 2 });
    expect(listed.find((e) => e.id === untouched.id)).toMatchObject({ updatedBy: null, version: 1 });
    // Carol's correction of version 1 comes too late: the 409 names Bob, not the entry's author.
    const late = await as('Carol Copy', 'PATCH', url, { body: text('x'), version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ currentVersion: 2, changedBy: 'Bob Desk' });
    expect(late.json().detail).toContain('changed by Bob Desk');
    expect(late.json().changedAt).toBe(bob.json().updatedAt);
    // Corrected again by its author, it names them.
    const again = await call('PATCH', url, { body: text('Polls open at 8am.'), version: 2 });
    expect(again.json()).toMatchObject({ version: 3, updatedBy: corrected.author });
    expect((await entries()).find((e) => e.id === corrected.id)!.updatedBy).toBe(corrected.author);
  });

  it('posts, corrects and deletes, with revisions, audit rows and events', async () => {
    const { id } = await liveArticle();
    const entry = await post(id, { body: text('The minister arrives.'), keyEvent: true });
    expect(entry).toMatchObject({
      articleId: id,
      keyEvent: true,
      version: 1,
      shareToX: false,
      shareToFacebook: false,
      updatedAt: null,
      author: expect.any(String),
    });
    expect(entry.bodyHtml).toBe('<p>The minister arrives.</p>');

    const edited = await call('PATCH', `/api/admin/articles/${id}/live/entries/${entry.id}`, {
      body: text('The minister arrives, late.'),
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, keyEvent: true, updatedAt: expect.any(String) });

    // Another editor's correction of version 1 comes too late.
    const stale = expectProblem(
      await call('PATCH', `/api/admin/articles/${id}/live/entries/${entry.id}`, { body: text('x'), version: 1 }),
      409,
      'version 2',
    );
    expect(stale.currentVersion).toBe(2);
    expectProblem(
      await call('PATCH', `/api/admin/articles/${id}/live/entries/${entry.id}`, { body: text('x') }),
      400,
      'version',
    );

    const del = await call('DELETE', `/api/admin/articles/${id}/live/entries/${entry.id}`);
    expect(del.statusCode).toBe(204);
    expectProblem(await call('DELETE', `/api/admin/articles/${id}/live/entries/${entry.id}`), 404);
    expectProblem(
      await call('PATCH', `/api/admin/articles/${id}/live/entries/${entry.id}`, { body: text('x'), version: 3 }),
      404,
    );
    expect((await call('GET', `/api/admin/articles/${id}/live/entries`)).json()).toEqual({ entries: [] });

    const revisions = (await call('GET', `/api/admin/articles/${id}/live/entries/${entry.id}/revisions`)).json();
    expect(revisions.revisions.map((r: any) => [r.version, r.action, r.keyEvent])).toEqual([
      [3, 'delete', true],
      [2, 'edit', true],
      [1, 'post', true],
    ]);
    expect(revisions.revisions[1].body).toEqual(text('The minister arrives, late.'));

    expect(await auditActions(id)).toEqual(['live-start', 'live-entry-post', 'live-entry-edit', 'live-entry-delete']);
    expect(sent.map((e) => e.type)).toEqual([
      'coverage-changed',
      'story-updated',
      'entry-added',
      'entry-updated',
      'entry-deleted',
    ]);
    expect(sent[2]!.data.entry).toMatchObject({
      id: entry.id,
      articleId: id,
      bodyHtml: '<p>The minister arrives.</p>',
    });
    expect(sent[4]!.data).toEqual({ id: entry.id, articleId: id });

    // The audit view filters by the live actions and names the entry.
    const audit = (await call('GET', '/api/admin/audit?action=live-entry-post')).json();
    expect(audit.entries.find((e: any) => e.articleId === id)).toMatchObject({
      detail: `entry ${entry.id} (key event)`,
    });
  });

  it("never sends an unpublished article's entries to the public stream", async () => {
    const { id } = await liveArticle(false);
    const entry = await post(id, { body: text('Draft coverage.') });
    await call('PATCH', `/api/admin/articles/${id}/live/entries/${entry.id}`, {
      body: text('Still a draft.'),
      version: 1,
    });
    await call('DELETE', `/api/admin/articles/${id}/live/entries/${entry.id}`);
    await call('POST', `/api/admin/articles/${id}/live/end`);
    expect(sent).toEqual([]);
  });

  it('answers the editor even when the event cannot be published', async () => {
    const { id } = await liveArticle();
    failPublish = true;
    await post(id, { body: text('Said anyway.') });
  });

  it('keeps share choices only on a key event', async () => {
    const { id } = await liveArticle(false);
    const plain = await post(id, { body: text('Not key.'), shareToX: true, shareToFacebook: true });
    expect(plain).toMatchObject({ keyEvent: false, shareToX: false, shareToFacebook: false });
    const key = await post(id, { body: text('Key.'), keyEvent: true, shareToX: true });
    expect(key).toMatchObject({ keyEvent: true, shareToX: true, shareToFacebook: false });
  });

  it('refuses bad input with a problem naming the place', async () => {
    const { id } = await liveArticle(false);
    const url = `/api/admin/articles/${id}/live/entries`;
    const bad = expectProblem(
      await call('POST', url, { body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'txt' }] }] } }),
      400,
    );
    expect(JSON.stringify(bad)).toContain('body.content[0].content[0]');
    expectProblem(await call('POST', url, { body: { type: 'doc', content: [] } }), 400, 'body.content');
    expectProblem(await call('POST', url, { body: 'text' }), 400);
    expectProblem(await call('POST', url, {}), 400);
    expectProblem(await call('POST', url, { body: text('x'), keyEvent: 'yes' }), 400);
    expectProblem(await call('POST', url, { body: text('x'), extra: 1 }), 400);
    expectProblem(await call('POST', url, { body: text('x'), version: 1 }), 400, 'version');
    expectProblem(await call('POST', url, { body: text('x'.repeat(60_000)) }), 400, 'KB');
    const picture = {
      type: 'doc',
      content: [{ type: 'image', attrs: { imageId: 'a'.repeat(32), alt: 'A picture', caption: '', credit: '' } }],
    };
    const missing = expectProblem(await call('POST', url, { body: picture }), 400);
    expect(JSON.stringify(missing)).toContain('body.content[0].attrs.imageId');
    expectProblem(await call('POST', `${url}/abc/revisions`), 405);
    expectProblem(await call('GET', `${url}/abc/revisions`), 400);
    expectProblem(await call('PATCH', `${url}/-1`, { body: text('x'), version: 1 }), 400);
    expectProblem(await call('PATCH', `${url}/99999999`, { body: text('x'), version: 1 }), 404);
    expectProblem(await call('GET', `${url}/99999999/revisions`), 404);
    expectProblem(await call('POST', '/api/admin/articles/99999999/live/entries', { body: text('x') }), 404);
    const bad2 = await env.app.inject({
      method: 'POST',
      url,
      headers: { authorization, 'content-type': 'application/json' },
      payload: '{"body":',
    });
    expectProblem(bad2, 400);
  });

  it('keeps every entry of editors posting at once, newest first by posted time then id', async () => {
    const { id } = await liveArticle(false);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call('POST', `/api/admin/articles/${id}/live/entries`, { body: text(`n${i}`) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(201));
    const ids = answers.map((a) => (a.json() as AdminLiveEntry).id);
    expect(new Set(ids).size).toBe(24);
    const listed = (
      (await call('GET', `/api/admin/articles/${id}/live/entries`)).json() as { entries: AdminLiveEntry[] }
    ).entries;
    expect(listed.map((e) => e.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const sorted = [...listed].sort((a, b) =>
      a.postedAt === b.postedAt ? b.id - a.id : a.postedAt < b.postedAt ? 1 : -1,
    );
    expect(listed.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
  });
});

describe('readers', () => {
  it('get the live blog on the article read, page back through older entries, and see it live in lists', async () => {
    const { id, slug } = await liveArticle();
    const posted: AdminLiveEntry[] = [];
    for (let i = 0; i < LIVE_ENTRIES_PAGE + 5; i++) {
      posted.push(await post(id, { body: text(`Update ${i}`), keyEvent: i % 10 === 0 }));
    }
    const res = await env.app.inject({ method: 'GET', url: `/News/slug/${slug}` });
    expect(res.statusCode).toBe(200);
    const article = res.json() as PublicArticle;
    expect(article.isLive).toBe(true);
    const live = article.live as LiveBlog;
    expect(live.coverageEndTime).toBeNull();
    expect(live.entries).toHaveLength(LIVE_ENTRIES_PAGE);
    expect(live.entries[0]).toMatchObject({
      id: posted.at(-1)!.id,
      bodyHtml: `<p>Update ${LIVE_ENTRIES_PAGE + 4}</p>`,
    });
    expect(live.keyEvents.map((k) => k.summary)).toEqual(['Update 20', 'Update 10', 'Update 0']);
    expect(live.olderBefore).toBe(live.entries.at(-1)!.id);
    expect(live.lastEventId).toBeGreaterThan(0);

    const older = await env.app.inject({ method: 'GET', url: `/News/slug/${slug}/entries?before=${live.olderBefore}` });
    expect(older.statusCode, older.body).toBe(200);
    const page = older.json() as LiveEntriesPage;
    expect(page.entries.map((e) => e.id)).toEqual(
      posted
        .slice(0, 5)
        .map((e) => e.id)
        .reverse(),
    );
    expect(page.olderBefore).toBeNull();
    const first = (
      await env.app.inject({ method: 'GET', url: `/News/slug/${slug}/entries` })
    ).json() as LiveEntriesPage;
    expect(first.entries.map((e) => e.id)).toEqual(live.entries.map((e) => e.id));

    // The list marks it live while coverage runs.
    const list = (await env.app.inject({ method: 'GET', url: '/News' })).json();
    const item = [...list.breakingNews, ...list.allArticles].find((a: PublicArticle) => a.id === id);
    expect(item.isLive).toBe(true);

    // A write reaches readers at once (the caches are cleared), and the end of coverage too; the
    // read's validators change with it (a reader's If-None-Match no longer matches).
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const newest = await post(id, { body: text('Newest.') });
    const revalidated = await env.app.inject({
      method: 'GET',
      url: `/News/slug/${slug}`,
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.headers.etag).not.toBe(etag);
    await call('POST', `/api/admin/articles/${id}/live/end`);
    const after = (await env.app.inject({ method: 'GET', url: `/News/slug/${slug}` })).json() as PublicArticle;
    expect(after.live!.entries[0]!.id).toBe(newest.id);
    expect(after.live!.coverageEndTime).toEqual(expect.any(String));
    expect(after.isLive).toBeUndefined();
  });

  it('answer a problem for a bad cursor, an unknown entry and an article that is no live blog', async () => {
    const { slug } = await liveArticle();
    expectProblem(await env.app.inject({ method: 'GET', url: `/News/slug/${slug}/entries?before=abc` }), 400);
    expectProblem(await env.app.inject({ method: 'GET', url: `/News/slug/${slug}/entries?before=0` }), 400);
    expectProblem(await env.app.inject({ method: 'GET', url: `/News/slug/${slug}/entries?before=99999999` }), 404);
    expectProblem(await env.app.inject({ method: 'GET', url: '/News/slug/BAD_SLUG!/entries' }), 400);
    const plain = await insertArticle(env.database.db, { published_at: new Date().toISOString() });
    expectProblem(await env.app.inject({ method: 'GET', url: `/News/slug/${plain.slug}/entries` }), 404);
    const read = (await env.app.inject({ method: 'GET', url: `/News/slug/${plain.slug}` })).json() as PublicArticle;
    expect(read.live).toBeUndefined();
    expect(read.isLive).toBeUndefined();
    const draft = await liveArticle(false);
    expectProblem(await env.app.inject({ method: 'GET', url: `/News/slug/${draft.slug}/entries` }), 404);
  });
});

describe('feeds and pages', () => {
  it("a live blog's feed item leads with its newest entries and is dated by the latest one", async () => {
    const { id, slug } = await liveArticle();
    const first = await post(id, { body: text('First <update>.') });
    const second = await post(id, { body: text('Second update.') });
    const json = (await env.app.inject({ method: 'GET', url: '/feeds/feed.json' })).json();
    const item = json.items.find((i: any) => i.url.endsWith(`/article/${slug}`));
    expect(item).toBeDefined();
    const html: string = item.content_html;
    expect(html.indexOf('Second update.')).toBeGreaterThan(-1);
    expect(html.indexOf('Second update.')).toBeLessThan(html.indexOf('First &lt;update&gt;.'));
    expect(html).toContain(`#entry-${second.id}`);
    expect(item.date_modified).toBe(second.postedAt);

    // A correction of the older entry dates it now.
    const fixed = await call('PATCH', `/api/admin/articles/${id}/live/entries/${first.id}`, {
      body: text('First update, corrected.'),
      version: 1,
    });
    const atom = (await env.app.inject({ method: 'GET', url: '/feeds/atom.xml' })).body;
    expect(atom).toContain('First update, corrected.');
    expect(atom).toContain(`<updated>${(fixed.json() as AdminLiveEntry).updatedAt}</updated>`);
  });

  it("the article page's data reads older entries as GET /News/slug/{slug}/entries does", async () => {
    const { publicPageData } = await import('../services/public-page-data.ts');
    const { pageQuery } = await import('../rendering/page-query.ts');
    const { id, slug } = await liveArticle();
    const posted: AdminLiveEntry[] = [];
    for (let i = 0; i < LIVE_ENTRIES_PAGE + 2; i++) posted.push(await post(id, { body: text(`P${i}`) }));
    const answer = publicPageData({
      search: env.app.publicSearch,
      archive: env.app.publicArchive,
      news: env.app.publicNews,
      corrections: env.app.publicCorrections,
    });
    const older = await answer(`/News/slug/${slug}/entries?before=${posted[2]!.id}`);
    expect(older.status).toBe(200);
    expect((older.body as LiveEntriesPage).entries.map((e) => e.id)).toEqual([posted[1]!.id, posted[0]!.id]);
    expect((await answer(`/News/slug/${slug}/entries?before=abc`)).status).toBe(400);
    expect((await answer(`/News/slug/${slug}/entries?before=99999999`)).status).toBe(404);
    // The page keeps exactly that parameter (and names its cached render by it).
    expect(pageQuery(`/article/${slug}`, `/article/${slug}?utm_source=x&before=12`)).toBe('?before=12');
    expect(pageQuery(`/article/${slug}`, `/article/${slug}?utm_source=x`)).toBe('');
  });
});

describe('the trash', () => {
  it('a purged live blog takes its entries and their revisions with it', async () => {
    const { id } = await liveArticle(false);
    const entry = await post(id, { body: text('Gone soon.') });
    await env.database.db
      .updateTable('articles')
      .set({ deleted_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    // In the Trash it takes no entry (the 409 of every write of an article in the Trash).
    expectProblem(
      await call('POST', `/api/admin/articles/${id}/live/entries`, { body: text('x') }),
      409,
      'restore it first',
    );
    const purged = await new AdminArticlesRepository(env.database.db, env.database.dialect).purgeTrash(SCHEDULER_ACTOR);
    expect(purged).toContain(id);
    const left = await env.database.db.selectFrom('live_entries').select('id').where('article_id', '=', id).execute();
    expect(left).toEqual([]);
    const revisions = await env.database.db
      .selectFrom('live_entry_revisions')
      .select('id')
      .where('entry_id', '=', entry.id)
      .execute();
    expect(revisions).toEqual([]);
  });
});
