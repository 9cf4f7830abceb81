import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailedShare } from '../../../common/admin-contract.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { legacyTextToBody } from '../../../common/body/legacy.ts';
import type { SharePlatform, ShareState } from '../db/schema.ts';
import { daysAgo, insertArticle } from '../test-support/admin-articles.ts';
import { adminApi, connectBothAccounts } from '../test-support/shares.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { SHARE_JOB } from './share-service.ts';

// An article deleted for good takes its posts' share rows with it (its own and its key events'), on
// SQLite (api, the jobs table) and PostgreSQL (api-pg, pg-boss): the dashboard's failed posts no longer
// list it, and the share jobs still waiting for it are cancelled in the same transaction. The share workers start only
// when the test says, so the jobs wait while the article is purged.
let env: TestApp;
let api: ReturnType<typeof adminApi>;
const ORIGIN = 'https://dailysmear.example.com';

beforeAll(async () => {
  env = await createTestApp({
    listen: true,
    fakeProviders: true,
    env: {
      SHARE_JOBS_ENABLED: 'false',
      SCHEDULER_INTERVAL_MS: '0',
      JOBS_POLL_MS: '20',
      PUBLIC_URL: ORIGIN,
    },
  });
  api = adminApi(env.baseUrl, await env.bearer());
  await connectBothAccounts(env);
});
afterAll(async () => {
  await env?.close();
});

/** A one-paragraph body. */
const text = (t: string): BodyDoc => legacyTextToBody(t);

/** Sets a share's state as a provider's answer would have left it (failed, unconfirmed), with its reason. */
async function settle(articleId: number, platform: SharePlatform, entryId: number, state: ShareState) {
  await env.database.db
    .updateTable('social_shares')
    .set({ state, reason: `${state} on ${platform}`, updated_at: new Date().toISOString() })
    .where('article_id', '=', articleId)
    .where('platform', '=', platform)
    .where('entry_id', '=', entryId)
    .execute();
}

/** A published story (its publication queues its posts) with a live key event posted to both platforms. */
async function sharedStory(headline: string) {
  const row = await insertArticle(env.database.db, { headline });
  expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
  expect((await api('POST', `/api/admin/articles/${row.id}/live/start`)).status).toBe(200);
  const entry = await api('POST', `/api/admin/articles/${row.id}/live/entries`, {
    body: text(`${headline}: the key moment.`),
    keyEvent: true,
    shareToX: true,
    shareToFacebook: true,
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  return { id: row.id, slug: row.slug, entryId: Number(entry.body.id) };
}

const sharesOf = (articleId: number) =>
  env.database.db
    .selectFrom('social_shares')
    .select(['entry_id', 'platform', 'state'])
    .where('article_id', '=', articleId)
    .orderBy('entry_id')
    .orderBy('platform')
    .execute();

/** The share jobs waiting for an article, as the job engine lists them ('entry:platform'). */
const waitingJobs = async (articleId: number) =>
  (await env.app.jobs.list(SHARE_JOB))
    .filter((j) => j.state === 'ready' && j.payload.articleId === articleId)
    .map((j) => `${Number(j.payload.entryId ?? 0)}:${String(j.payload.platform)}`)
    .sort();

const failedPosts = async () =>
  ((await api('GET', '/api/admin/shares/failed')).body as { failed: FailedShare[] }).failed;

/** What reached the fake X and Facebook for an article (its own link, and its entries' links under it). */
const postedFor = (slug: string) => {
  const link = `${ORIGIN}/article/${slug}`;
  return {
    x: env.x.posts.filter((p) => p.text.includes(link)),
    facebook: env.fb.posts.filter((p) => p.link?.startsWith(link)),
  };
};

describe('Delete for good and the posts of the article', () => {
  it('takes its share rows with it: its failed posts leave the dashboard and its queued jobs post nothing', async () => {
    const gone = await sharedStory('Hedge Minister Resigns Again');
    const kept = await sharedStory('Hedge Minister Stays Put');
    // Each has a failed own post and an unconfirmed key event post; its other posts wait in the queue.
    for (const story of [gone, kept]) {
      await settle(story.id, 'x', 0, 'failed');
      await settle(story.id, 'x', story.entryId, 'unconfirmed');
    }
    expect(await sharesOf(gone.id)).toEqual([
      { entry_id: 0, platform: 'facebook', state: 'queued' },
      { entry_id: 0, platform: 'x', state: 'failed' },
      { entry_id: gone.entryId, platform: 'facebook', state: 'queued' },
      { entry_id: gone.entryId, platform: 'x', state: 'unconfirmed' },
    ]);
    const listed = (failed: FailedShare[]) =>
      failed.map((f) => [f.headline, f.entryId ?? 0, f.platform, f.state]).sort();
    expect(listed(await failedPosts())).toEqual(
      [
        ['Hedge Minister Resigns Again', 0, 'x', 'failed'],
        ['Hedge Minister Resigns Again', gone.entryId, 'x', 'unconfirmed'],
        ['Hedge Minister Stays Put', 0, 'x', 'failed'],
        ['Hedge Minister Stays Put', kept.entryId, 'x', 'unconfirmed'],
      ].sort(),
    );

    expect((await api('DELETE', `/api/admin/articles/${gone.id}`)).status).toBe(204);
    // In the trash its rows stay (it can be restored, its posts deleted from its Trash row); the move
    // withdrew its queued posts and cancelled their jobs, the jobs of its other posts still wait.
    expect(await sharesOf(gone.id)).toHaveLength(4);
    expect(await waitingJobs(gone.id)).toEqual([`${gone.entryId}:x`, '0:x'].sort());
    expect((await api('POST', `/api/admin/articles/${gone.id}/purge`)).status).toBe(204);
    // Delete for good cancels them in its transaction; the other story's jobs are not touched.
    expect(await waitingJobs(gone.id)).toEqual([]);
    expect(await waitingJobs(kept.id)).toEqual(
      ['0:facebook', '0:x', `${kept.entryId}:facebook`, `${kept.entryId}:x`].sort(),
    );

    expect(await sharesOf(gone.id)).toEqual([]);
    expect(listed(await failedPosts())).toEqual(
      [
        ['Hedge Minister Stays Put', 0, 'x', 'failed'],
        ['Hedge Minister Stays Put', kept.entryId, 'x', 'unconfirmed'],
      ].sort(),
    );

    // The workers start: the other story's queued posts go out, the purged one's jobs end sending nothing.
    env.app.jobs.start();
    await vi.waitFor(
      async () => {
        expect(await env.app.jobs.pending()).toBe(0);
        expect(await sharesOf(kept.id)).toEqual([
          { entry_id: 0, platform: 'facebook', state: 'posted' },
          { entry_id: 0, platform: 'x', state: 'failed' },
          { entry_id: kept.entryId, platform: 'facebook', state: 'posted' },
          { entry_id: kept.entryId, platform: 'x', state: 'unconfirmed' },
        ]);
      },
      { timeout: 15_000, interval: 50 },
    );
    await env.app.jobs.stop();
    expect(postedFor(kept.slug).facebook).toHaveLength(2);
    expect(postedFor(gone.slug)).toEqual({ x: [], facebook: [] });
    const jobs = (await env.app.jobs.list(SHARE_JOB)).filter((j) => j.payload.articleId === gone.id);
    expect(jobs.map((j) => [j.payload.entryId ?? 0, j.payload.platform, j.state]).sort()).toEqual(
      [
        [0, 'facebook', 'done'],
        [0, 'x', 'done'],
        [gone.entryId, 'facebook', 'done'],
        [gone.entryId, 'x', 'done'],
      ].sort(),
    );
    expect(await sharesOf(gone.id)).toEqual([]);
    // Its audit rows stay: what was queued, the purge, and no attempt after it.
    const audit = await env.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('article_id', '=', gone.id)
      .execute();
    const actions = audit.map((a) => a.action);
    expect(actions).toContain('share-queued');
    expect(actions).toContain('purge');
    expect(actions).not.toContain('share-attempt');
  });

  it("the scheduler's 30-day purge takes them too, and a row an earlier purge left is not listed", async () => {
    const old = await sharedStory('Hedge Minister Long Forgotten');
    await settle(old.id, 'facebook', 0, 'failed');
    await settle(old.id, 'facebook', old.entryId, 'failed');
    expect((await api('DELETE', `/api/admin/articles/${old.id}`)).status).toBe(204);
    await env.database.db
      .updateTable('articles')
      .set({ deleted_at: daysAgo(31) })
      .where('id', '=', old.id)
      .execute();
    // A failed post of an article deleted for good before its rows went with it.
    const orphan = old.id + 1000;
    const now = new Date().toISOString();
    await env.database.db
      .insertInto('social_shares')
      .values({
        article_id: orphan,
        entry_id: 0,
        platform: 'x',
        state: 'failed',
        message: 'Long gone',
        link: `${ORIGIN}/article/long-gone`,
        post_id: null,
        post_url: null,
        reason: 'X was down',
        attempts: 5,
        next_attempt_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ids = async () => (await failedPosts()).map((f) => f.articleId);
    expect(await ids()).toContain(old.id);

    expect(await waitingJobs(old.id)).toEqual([`${old.entryId}:facebook`, '0:facebook'].sort());

    expect((await env.app.scheduler.tick()).purged).toContain(old.id);
    expect(await sharesOf(old.id)).toEqual([]);
    expect(await waitingJobs(old.id)).toEqual([]);
    const after = await ids();
    expect(after).not.toContain(old.id);
    expect(after).not.toContain(orphan);
  });
});
