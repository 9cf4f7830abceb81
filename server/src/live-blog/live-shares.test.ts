import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArticleShares, FailedShare } from '../../../common/admin-contract.ts';
import type { AdminLiveEntry } from '../../../common/live-contract.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { legacyTextToBody } from '../../../common/body/legacy.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { adminApi, settledShares, shareOf, connectBothAccounts } from '../test-support/shares.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// A live blog's key events posted to X and Facebook by the share jobs (decision 037), against the
// fake providers over real HTTP, on SQLite (api) and PostgreSQL (api-pg).
let env: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  env = await createTestApp({
    listen: true,
    fakeProviders: true,
    env: { JOBS_POLL_MS: '20', SHARE_RETRY_BASE_MS: '40', PUBLIC_URL: 'https://dailysmear.example.com' },
  });
  api = adminApi(env.baseUrl, await env.bearer());
  await connectBothAccounts(env);
});
afterAll(async () => {
  await env?.close();
});

/** A one-paragraph body. */
const text = (t: string): BodyDoc => legacyTextToBody(t);

/** A live article whose own publication shares nothing (its choice is off on both platforms). */
async function liveArticle(published: boolean) {
  const row = await insertArticle(env.database.db, {
    published_at: published ? new Date().toISOString() : null,
    share_to_x: 0,
    share_to_facebook: 0,
  });
  expect((await api('POST', `/api/admin/articles/${row.id}/live/start`)).status).toBe(200);
  return row;
}

async function entryShares(entryId: number) {
  return env.database.db.selectFrom('social_shares').selectAll().where('entry_id', '=', entryId).execute();
}

describe('key event shares', () => {
  it('posts a key event once to each platform chosen: its summary and the link to the entry', async () => {
    const article = await liveArticle(true);
    const long = `The minister has resigned, citing ${'an extraordinary number of biscuits '.repeat(8)}`;
    const posted = await api('POST', `/api/admin/articles/${article.id}/live/entries`, {
      body: text(long),
      keyEvent: true,
      shareToX: true,
      shareToFacebook: true,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const entry = posted.body as AdminLiveEntry;
    const link = `https://dailysmear.example.com/article/${article.slug}#entry-${entry.id}`;

    await vi.waitFor(
      async () => {
        const rows = await entryShares(entry.id);
        expect(rows.map((r) => r.state).sort()).toEqual(['posted', 'posted']);
      },
      { timeout: 15_000, interval: 25 },
    );
    const x = env.x.posts.filter((p) => p.text.includes(`#entry-${entry.id}`));
    expect(x).toHaveLength(1);
    const listed = (await api('GET', `/api/admin/articles/${article.id}/live/entries`)).body as {
      entries: AdminLiveEntry[];
    };
    expect(listed.entries.find((e) => e.id === entry.id)!.posts.map((p) => [p.platform, p.state])).toEqual([
      ['x', 'posted'],
      ['facebook', 'posted'],
    ]);
    // The answer to the post itself already lists them (queued, or already on their way: the jobs run at once).
    expect(entry.posts.map((p) => p.platform)).toEqual(['x', 'facebook']);
    for (const p of entry.posts) expect(['queued', 'posting', 'posted']).toContain(p.state);
    expect(x[0]!.text).toMatch(/^The minister has resigned, citing an extraordinary/);
    expect(x[0]!.text.endsWith(link)).toBe(true);
    const fb = env.fb.posts.filter((p) => p.link === link);
    expect(fb).toHaveLength(1);
    expect([...fb[0]!.message].length).toBeLessThanOrEqual(140);
    expect(fb[0]!.message.endsWith('…')).toBe(true);

    // A correction never posts again; the article's own shares are untouched.
    const fixed = await api('PATCH', `/api/admin/articles/${article.id}/live/entries/${entry.id}`, {
      body: text('The minister has resigned.'),
      version: 1,
    });
    expect(fixed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(env.x.posts.filter((p) => p.text.includes(`#entry-${entry.id}`))).toHaveLength(1);
    const own = (await api('GET', `/api/admin/articles/${article.id}/shares`)).body as ArticleShares;
    expect(own.shares.map((s) => s.state)).toEqual([null, null]);

    // The audit trail names the entry's posts.
    const audit = await env.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('article_id', '=', article.id)
      .where('action', '=', 'share-posted')
      .execute();
    expect(audit.map((a) => JSON.parse(a.after!).entryId)).toEqual([entry.id, entry.id]);
  });

  it('shares nothing off by default, for an entry that is no key event, or on an unpublished article', async () => {
    const published = await liveArticle(true);
    const plain = await api('POST', `/api/admin/articles/${published.id}/live/entries`, {
      body: text('Quiet.'),
      keyEvent: true,
    });
    const notKey = await api('POST', `/api/admin/articles/${published.id}/live/entries`, {
      body: text('Not key.'),
      shareToX: true,
      shareToFacebook: true,
    });
    const draft = await liveArticle(false);
    const hidden = await api('POST', `/api/admin/articles/${draft.id}/live/entries`, {
      body: text('Nobody may see this yet.'),
      keyEvent: true,
      shareToX: true,
    });
    for (const r of [plain, notKey, hidden]) expect(r.status).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    for (const r of [plain, notKey, hidden]) expect(await entryShares((r.body as AdminLiveEntry).id)).toEqual([]);
    expect(env.x.posts.some((p) => p.text.includes('Nobody may see this yet'))).toBe(false);
  });

  it("a key event's failed post is listed with its entry and retried on the entry, once; the article's own post is apart", async () => {
    const article = await liveArticle(true);
    const problemType = /^application\/problem\+json/;
    env.x.fail('not-enrolled', ['tweets']);
    let entry: AdminLiveEntry;
    try {
      const posted = await api('POST', `/api/admin/articles/${article.id}/live/entries`, {
        body: text('The goat concedes.'),
        keyEvent: true,
        shareToX: true,
      });
      expect(posted.status).toBe(201);
      entry = posted.body as AdminLiveEntry;
      await vi.waitFor(async () => expect((await entryShares(entry.id)).map((r) => r.state)).toEqual(['failed']), {
        timeout: 15_000,
        interval: 25,
      });
    } finally {
      env.x.fail(null);
    }
    // The console's entries say what became of the post, with the provider's reason.
    const postsOf = async () =>
      (
        (await api('GET', `/api/admin/articles/${article.id}/live/entries`)).body as { entries: AdminLiveEntry[] }
      ).entries.find((e) => e.id === entry.id)!.posts;
    expect(await postsOf()).toEqual([
      { platform: 'x', state: 'failed', postUrl: null, reason: expect.stringContaining('client-not-enrolled') },
    ]);
    const failedOf = async () =>
      ((await api('GET', '/api/admin/shares/failed')).body as { failed: FailedShare[] }).failed.filter(
        (f) => f.articleId === article.id,
      );
    expect(await failedOf()).toEqual([
      expect.objectContaining({ entryId: entry.id, platform: 'x', state: 'failed', headline: article.headline }),
    ]);
    // The article's own Retry is about the article's post (never shared), not the entry's.
    const own = await api('POST', `/api/admin/articles/${article.id}/shares/x/retry`);
    expect(own.status).toBe(409);
    expect(env.x.posts.filter((p) => p.text.includes(`#entry-${entry.id}`))).toEqual([]);

    const retry = `/api/admin/articles/${article.id}/live/entries/${entry.id}/shares/x/retry`;
    // Only a signed-in editor retries.
    const anonymous = await fetch(`${env.baseUrl}${retry}`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(problemType);
    const retried = await api('POST', retry);
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect(retried.body).toEqual({ platform: 'x', state: 'queued' });
    await vi.waitFor(async () => expect((await entryShares(entry.id)).map((r) => r.state)).toEqual(['posted']), {
      timeout: 15_000,
      interval: 25,
    });
    const sent = env.x.posts.filter((p) => p.text.includes(`#entry-${entry.id}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/^The goat concedes\. https:/);
    expect(await postsOf()).toEqual([
      { platform: 'x', state: 'posted', postUrl: expect.stringMatching(/^https:\/\//), reason: null },
    ]);
    expect(await failedOf()).toEqual([]);
    const audit = await env.database.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('article_id', '=', article.id)
      .where('action', '=', 'share-retry')
      .execute();
    expect(audit.map((a) => JSON.parse(a.after!))).toContainEqual(
      expect.objectContaining({ platform: 'x', entryId: entry.id, previous: 'failed' }),
    );

    // Posted: a second Retry is refused and posts nothing more.
    const again = await api('POST', retry);
    expect(again.status).toBe(409);
    expect(again.type).toMatch(problemType);
    expect((again.body as { detail: string }).detail).toContain('is posted');
    // The newsroom deletes the post on X (the entry stays): the post is gone there, and the entry says so.
    const postId = sent[0]!.id;
    const deleted = await api('DELETE', `/api/admin/articles/${article.id}/live/entries/${entry.id}/shares/x`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ platform: 'x', state: 'deleted' });
    expect(env.x.deleted).toContain(postId);
    expect((await postsOf()).map((p) => [p.platform, p.state])).toEqual([['x', 'deleted']]);
    const twice = await api('DELETE', `/api/admin/articles/${article.id}/live/entries/${entry.id}/shares/x`);
    expect(twice.status).toBe(409);
    expect(twice.type).toMatch(problemType);
    const never = await api('DELETE', `/api/admin/articles/${article.id}/live/entries/${entry.id}/shares/facebook`);
    expect(never.status).toBe(409);
    expect((never.body as { detail: string }).detail).toContain('absent');

    // No such entry, a deleted one, an unknown platform: refused, nothing posted.
    expect((await api('POST', `/api/admin/articles/${article.id}/live/entries/999999/shares/x/retry`)).status).toBe(
      404,
    );
    const bad = await api('POST', `/api/admin/articles/${article.id}/live/entries/${entry.id}/shares/myspace/retry`);
    expect(bad.status).toBe(400);
    expect(bad.type).toMatch(problemType);
    expect((await api('DELETE', `/api/admin/articles/${article.id}/live/entries/${entry.id}`)).status).toBe(204);
    const gone = await api('POST', retry);
    expect(gone.status).toBe(404);
    expect(gone.type).toMatch(problemType);
    expect(env.x.posts.filter((p) => p.text.includes(`#entry-${entry.id}`))).toHaveLength(1);
  });
});

describe('an article in the Trash', () => {
  /** Whether the fake still has the post up (created and not deleted). */
  const holds = (fake: { posts: readonly { id: string }[]; deleted: readonly string[] }, id: string) =>
    fake.posts.some((p) => p.id === id) && !fake.deleted.includes(id);

  /** A published story shared on X and Facebook, live, with a key event posted on both: its posts' ids. */
  async function sharedLiveStory() {
    const row = await insertArticle(env.database.db, { share_to_x: 1, share_to_facebook: 1 });
    expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
    const own = await settledShares(api, row.id);
    expect(own.shares.map((s) => [s.platform, s.state])).toEqual([
      ['x', 'posted'],
      ['facebook', 'posted'],
    ]);
    expect((await api('POST', `/api/admin/articles/${row.id}/live/start`)).status).toBe(200);
    const posted = await api('POST', `/api/admin/articles/${row.id}/live/entries`, {
      body: text('The goat takes office.'),
      keyEvent: true,
      shareToX: true,
      shareToFacebook: true,
    });
    expect(posted.status).toBe(201);
    const entry = posted.body as AdminLiveEntry;
    await vi.waitFor(
      async () => expect((await entryShares(entry.id)).map((r) => r.state)).toEqual(['posted', 'posted']),
      { timeout: 15_000, interval: 25 },
    );
    const entryRows = await entryShares(entry.id);
    const idOf = (rows: { platform: string; post_id: string | null }[], p: string) =>
      rows.find((r) => r.platform === p)!.post_id!;
    return {
      row,
      entry,
      posts: {
        x: shareOf(own, 'x').postId!,
        facebook: shareOf(own, 'facebook').postId!,
        entryX: idOf(entryRows, 'x'),
        entryFacebook: idOf(entryRows, 'facebook'),
      },
    };
  }

  it("its own posts and its key events' are deleted as a live article's are", async () => {
    const { row, entry, posts } = await sharedLiveStory();
    expect((await api('DELETE', `/api/admin/articles/${row.id}`)).status).toBe(204);
    // The Trash row's offer reads what is still up, the key event's posts among them.
    const of = await api('GET', `/api/admin/shares?articleIds=${row.id}`);
    expect(of.body.articles[0].entryPosts).toEqual([
      { entryId: entry.id, platform: 'x' },
      { entryId: entry.id, platform: 'facebook' },
    ]);

    const x = await api('DELETE', `/api/admin/articles/${row.id}/shares/x`);
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    expect(shareOf(x.body as ArticleShares, 'x').state).toBe('deleted');
    const fb = await api('DELETE', `/api/admin/articles/${row.id}/shares/facebook`);
    expect(fb.status, JSON.stringify(fb.body)).toBe(200);
    expect((fb.body as ArticleShares).shares.map((s) => s.state)).toEqual(['deleted', 'deleted']);
    for (const platform of ['x', 'facebook'] as const) {
      const deleted = await api('DELETE', `/api/admin/articles/${row.id}/live/entries/${entry.id}/shares/${platform}`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(deleted.body).toEqual({ platform, state: 'deleted' });
    }
    expect(holds(env.x, posts.x)).toBe(false);
    expect(holds(env.fb, posts.facebook)).toBe(false);
    expect(holds(env.x, posts.entryX)).toBe(false);
    expect(holds(env.fb, posts.entryFacebook)).toBe(false);
    // As for a live article: a second delete is refused (409), and nothing is left to offer.
    const twice = await api('DELETE', `/api/admin/articles/${row.id}/shares/x`);
    expect(twice.status).toBe(409);
    expect(twice.type).toMatch(/^application\/problem\+json/);
    const entryTwice = await api('DELETE', `/api/admin/articles/${row.id}/live/entries/${entry.id}/shares/x`);
    expect(entryTwice.status).toBe(409);
    const after = await api('GET', `/api/admin/shares?articleIds=${row.id}`);
    expect(after.body.articles[0].entryPosts).toEqual([]);
    // Still in the Trash, then deleted for good.
    expect((await api('POST', `/api/admin/articles/${row.id}/purge`)).status).toBe(204);
  });

  it("refuses Retry and Post now of its posts (its own and its key events') with the Trash's 409; restored, they go", async () => {
    const article = await liveArticle(true);
    const posted = await api('POST', `/api/admin/articles/${article.id}/live/entries`, {
      body: text('The goat is sworn in.'),
      keyEvent: true,
    });
    expect(posted.status).toBe(201);
    const entryId = Number((posted.body as AdminLiveEntry).id);
    // Its own X post and its key event's X post failed (as X refusing them would leave them), the key
    // event's box for X ticked as when it was posted.
    await env.database.db.updateTable('live_entries').set({ share_to_x: 1 }).where('id', '=', entryId).execute();
    const now = new Date().toISOString();
    await env.database.db
      .insertInto('social_shares')
      .values(
        [0, entryId].map((entry_id) => ({
          article_id: article.id,
          entry_id,
          platform: 'x' as const,
          state: 'failed' as const,
          message: 'The goat is sworn in.',
          link: `https://dailysmear.example.com/article/${article.slug}`,
          post_id: null,
          post_url: null,
          reason: 'X refused the post.',
          attempts: 1,
          next_attempt_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect((await api('DELETE', `/api/admin/articles/${article.id}`)).status).toBe(204);
    const { deleted_at: deletedAt } = await env.database.db
      .selectFrom('articles')
      .select('deleted_at')
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    await env.database.db.deleteFrom('audit_log').where('article_id', '=', article.id).execute();

    const writes = (id: number) => [
      `/api/admin/articles/${id}/shares/x/retry`,
      `/api/admin/articles/${id}/shares/facebook`,
      `/api/admin/articles/${id}/live/entries/${entryId}/shares/x/retry`,
    ];
    for (const path of writes(article.id)) {
      const refused = await api('POST', path);
      expect(refused.status, path).toBe(409);
      expect(refused.type).toMatch(/^application\/problem\+json/);
      expect(refused.body, path).toMatchObject({
        detail: 'The article is in the trash: restore it first.',
        deleted: true,
        deletedAt,
      });
    }
    // Nothing was queued or audited; an unknown id is still 404.
    const states = async () =>
      (
        await env.database.db
          .selectFrom('social_shares')
          .select(['entry_id', 'platform', 'state'])
          .where('article_id', '=', article.id)
          .orderBy('entry_id')
          .execute()
      ).map((r) => [Number(r.entry_id), r.platform, r.state]);
    expect(await states()).toEqual([
      [0, 'x', 'failed'],
      [entryId, 'x', 'failed'],
    ]);
    expect(
      await env.database.db.selectFrom('audit_log').where('article_id', '=', article.id).select('id').execute(),
    ).toEqual([]);
    for (const path of writes(article.id + 100_000)) {
      const missing = await api('POST', path);
      expect(missing.status, path).toBe(404);
      expect(missing.body.deleted).toBeUndefined();
    }

    // Restored (published again): the key event's Retry queues its post again.
    expect((await api('POST', `/api/admin/articles/${article.id}/restore`)).status).toBe(200);
    const retried = await api('POST', writes(article.id)[2]!);
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    await vi.waitFor(async () => expect((await entryShares(entryId)).map((r) => r.state)).toEqual(['posted']), {
      timeout: 15_000,
      interval: 25,
    });
  });

  it('deleted for good, its posts can no longer be deleted (404) and stay where they are', async () => {
    const { row, entry, posts } = await sharedLiveStory();
    expect((await api('DELETE', `/api/admin/articles/${row.id}`)).status).toBe(204);
    expect((await api('POST', `/api/admin/articles/${row.id}/purge`)).status).toBe(204);
    for (const path of [
      `/api/admin/articles/${row.id}/shares/x`,
      `/api/admin/articles/${row.id}/shares/facebook`,
      `/api/admin/articles/${row.id}/live/entries/${entry.id}/shares/x`,
    ]) {
      const gone = await api('DELETE', path);
      expect(gone.status, path).toBe(404);
      expect(gone.type).toMatch(/^application\/problem\+json/);
    }
    expect(holds(env.x, posts.x)).toBe(true);
    expect(holds(env.fb, posts.facebook)).toBe(true);
    expect(holds(env.x, posts.entryX)).toBe(true);
  });
});
