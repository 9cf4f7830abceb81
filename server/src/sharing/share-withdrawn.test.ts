import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArticleShares, PlatformShare } from '../../../common/admin-contract.ts';
import type { AdminLiveEntry } from '../../../common/live-contract.ts';
import type { BodyDoc } from '../../../common/body/types.ts';
import { legacyTextToBody } from '../../../common/body/legacy.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { adminApi, connectBothAccounts } from '../test-support/shares.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { SocialSharesRepository, WITHDRAWN_REASONS } from './repositories/social-shares.ts';
import { SHARE_JOB, SHARE_WORKER } from './share-service.ts';

// A post goes out only while the rule allows it (decision 024: its article published, its platform not
// turned off; a key event's entry still there, a key event, its box ticked), on SQLite (api, the jobs
// table) and PostgreSQL (api-pg, pg-boss), against the fake X and Facebook over real HTTP. The change
// that breaks the rule withdraws the queued posts at once; the job's take checks it again. The share
// workers start only when a test says, so the jobs wait while the articles are unpublished, moved to
// the Trash, lose their key event or have a platform turned off. The withdrawal cancels the withdrawn
// posts' waiting jobs with it (seen through the job engine's own list, on either engine).
let env: TestApp;
let api: ReturnType<typeof adminApi>;
let repo: SocialSharesRepository;
const ORIGIN = 'https://dailysmear.example.com';

beforeAll(async () => {
  env = await createTestApp({
    listen: true,
    fakeProviders: true,
    env: {
      SHARE_JOBS_ENABLED: 'false',
      SCHEDULER_INTERVAL_MS: '0',
      JOBS_POLL_MS: '20',
      // The failed posts of the retry test wait about 3 s for their next try.
      SHARE_RETRY_BASE_MS: '3000',
      PUBLIC_URL: ORIGIN,
    },
  });
  api = adminApi(env.baseUrl, await env.bearer());
  repo = new SocialSharesRepository(env.database);
  await connectBothAccounts(env);
});
afterAll(async () => {
  await env?.close();
});

/** A one-paragraph body. */
const text = (t: string): BodyDoc => legacyTextToBody(t);

/** A published story (its publication queues its posts), with a live key event posted to both platforms if asked. */
async function publishedStory(headline: string, { keyEvent = false } = {}) {
  const row = await insertArticle(env.database.db, { headline });
  expect((await api('POST', `/api/admin/articles/${row.id}/publish`)).status).toBe(200);
  if (!keyEvent) return { id: row.id, slug: row.slug, entryId: 0 };
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

/** What the article's 'Social posts' panel is given: each platform's state and reason. */
async function shareStatus(id: number) {
  const body = (await api('GET', `/api/admin/articles/${id}/shares`)).body as ArticleShares;
  return Object.fromEntries(body.shares.map((s: PlatformShare) => [s.platform, { state: s.state, reason: s.reason }]));
}

const sharesOf = (articleId: number) =>
  env.database.db
    .selectFrom('social_shares')
    .select(['entry_id', 'platform', 'state'])
    .where('article_id', '=', articleId)
    .orderBy('entry_id')
    .orderBy('platform')
    .execute();

/** What reached the fake X and Facebook for an article: its own post, and its key events' (links under it). */
const postedFor = (slug: string) => {
  const link = `${ORIGIN}/article/${slug}`;
  const own = (l: string | undefined) => l === link;
  const entry = (l: string | undefined) => Boolean(l?.startsWith(`${link}#entry-`));
  const xLinks = env.x.posts.map((p) => p.text.split(' ').at(-1));
  return {
    x: xLinks.filter(own).length,
    facebook: env.fb.posts.filter((p) => own(p.link)).length,
    xEntries: xLinks.filter(entry).length,
    facebookEntries: env.fb.posts.filter((p) => entry(p.link)).length,
  };
};

const auditActions = async (articleId: number) =>
  (await env.database.db.selectFrom('audit_log').select('action').where('article_id', '=', articleId).execute()).map(
    (a) => a.action,
  );

/**
 * The share jobs still waiting for the article, as the job engine lists them (the jobs table, or
 * pg-boss's findJobs): each by its platform and entry (0: the article's own post), sorted.
 */
async function waitingJobs(articleId: number) {
  return (await env.app.jobs.list(SHARE_JOB))
    .filter((j) => j.state === 'ready' && j.payload.articleId === articleId)
    .map((j) => `${Number(j.payload.entryId ?? 0)}:${String(j.payload.platform)}`)
    .sort();
}

/** Starts the workers and waits until no job is left and `done` holds; then holds the workers again. */
async function runJobsUntil(done: () => Promise<void>) {
  env.app.jobs.start();
  try {
    await vi.waitFor(
      async () => {
        expect(await env.app.jobs.pending()).toBe(0);
        await done();
      },
      { timeout: 20_000, interval: 50 },
    );
  } finally {
    await env.app.jobs.stop();
  }
}

describe('a post only goes out for an article published when its job takes it', () => {
  it('unpublished, in the Trash or its key event deleted before the turn: withdrawn at once, nothing is sent and the status says why', async () => {
    const unpublished = await publishedStory('Ferret Tsar Quits Quietly', { keyEvent: true });
    const trashed = await publishedStory('Marmot Envoy Recalled');
    const lostEntry = await publishedStory('Badger Summit Collapses', { keyEvent: true });
    const kept = await publishedStory('Otter Treaty Signed');
    // Unpublished and published again before the turn: its queued posts go out as they are.
    const backAgain = await publishedStory('Stoat Bill Returns');
    expect(await sharesOf(unpublished.id)).toEqual([
      { entry_id: 0, platform: 'facebook', state: 'queued' },
      { entry_id: 0, platform: 'x', state: 'queued' },
      { entry_id: unpublished.entryId, platform: 'facebook', state: 'queued' },
      { entry_id: unpublished.entryId, platform: 'x', state: 'queued' },
    ]);
    const itsJobs = (entryId: number) => ['0:facebook', '0:x', `${entryId}:facebook`, `${entryId}:x`];
    expect(await waitingJobs(unpublished.id)).toEqual(itsJobs(unpublished.entryId));

    expect((await api('POST', `/api/admin/articles/${unpublished.id}/unpublish`)).status).toBe(200);
    expect((await api('DELETE', `/api/admin/articles/${trashed.id}`)).status).toBe(204);
    expect((await api('POST', `/api/admin/articles/${backAgain.id}/unpublish`)).status).toBe(200);
    expect((await api('POST', `/api/admin/articles/${backAgain.id}/publish`)).status).toBe(200);
    const deleted = await api('DELETE', `/api/admin/articles/${lostEntry.id}/live/entries/${lostEntry.entryId}`);
    expect(deleted.status).toBe(204);

    // Withdrawn at once by the change itself, before any job's turn (the workers are held).
    const unpublishedReason = { state: 'withdrawn', reason: 'The article was unpublished before it was posted.' };
    const trashReason = { state: 'withdrawn', reason: 'The article was moved to the Trash before it was posted.' };
    expect(await shareStatus(unpublished.id)).toEqual({ x: unpublishedReason, facebook: unpublishedReason });
    expect(await shareStatus(trashed.id)).toEqual({ x: trashReason, facebook: trashReason });
    expect(await sharesOf(unpublished.id)).toEqual([
      { entry_id: 0, platform: 'facebook', state: 'withdrawn' },
      { entry_id: 0, platform: 'x', state: 'withdrawn' },
      { entry_id: unpublished.entryId, platform: 'facebook', state: 'withdrawn' },
      { entry_id: unpublished.entryId, platform: 'x', state: 'withdrawn' },
    ]);
    expect(await sharesOf(lostEntry.id)).toEqual([
      { entry_id: 0, platform: 'facebook', state: 'queued' },
      { entry_id: 0, platform: 'x', state: 'queued' },
      { entry_id: lostEntry.entryId, platform: 'facebook', state: 'withdrawn' },
      { entry_id: lostEntry.entryId, platform: 'x', state: 'withdrawn' },
    ]);
    // Published again: its own posts queued anew.
    expect((await sharesOf(backAgain.id)).map((s) => s.state)).toEqual(['queued', 'queued']);
    // The withdrawn posts' jobs were cancelled by the change that withdrew them; the others wait: the
    // story published again has only its newer jobs (the unpublish cancelled the first ones).
    expect(await waitingJobs(unpublished.id)).toEqual([]);
    expect(await waitingJobs(trashed.id)).toEqual([]);
    expect(await waitingJobs(lostEntry.id)).toEqual(['0:facebook', '0:x']);
    expect(await waitingJobs(backAgain.id)).toEqual(['0:facebook', '0:x']);
    expect(await waitingJobs(kept.id)).toEqual(['0:facebook', '0:x']);

    await runJobsUntil(async () => {
      for (const story of [kept, backAgain]) {
        expect((await shareStatus(story.id)).x.state).toBe('posted');
        expect((await shareStatus(story.id)).facebook.state).toBe('posted');
      }
    });

    // The other stories' posts went out; nothing of the unpublished or trashed story, nor of the deleted entry.
    expect(postedFor(kept.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 0 });
    expect(postedFor(backAgain.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 0 });
    expect(postedFor(lostEntry.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 0 });
    expect(postedFor(unpublished.slug)).toEqual({ x: 0, facebook: 0, xEntries: 0, facebookEntries: 0 });
    expect(postedFor(trashed.slug)).toEqual({ x: 0, facebook: 0, xEntries: 0, facebookEntries: 0 });

    // The article's panel (and the live console, for the key event) still says what happened; the
    // story unpublished and published again before the turn was posted once, by one job, not 'unconfirmed'.
    expect(await shareStatus(unpublished.id)).toEqual({ x: unpublishedReason, facebook: unpublishedReason });
    expect(await shareStatus(trashed.id)).toEqual({ x: trashReason, facebook: trashReason });
    expect(await shareStatus(backAgain.id)).toEqual({
      x: { state: 'posted', reason: null },
      facebook: { state: 'posted', reason: null },
    });
    const console = await api('GET', `/api/admin/articles/${unpublished.id}/live/entries`);
    const [keyEvent] = (console.body as { entries: AdminLiveEntry[] }).entries;
    expect(keyEvent!.posts.map((p) => [p.platform, p.state, p.reason]).sort()).toEqual([
      ['facebook', 'withdrawn', 'The article was unpublished before it was posted.'],
      ['x', 'withdrawn', 'The article was unpublished before it was posted.'],
    ]);
    expect(await sharesOf(lostEntry.id)).toEqual([
      { entry_id: 0, platform: 'facebook', state: 'posted' },
      { entry_id: 0, platform: 'x', state: 'posted' },
      { entry_id: lostEntry.entryId, platform: 'facebook', state: 'withdrawn' },
      { entry_id: lostEntry.entryId, platform: 'x', state: 'withdrawn' },
    ]);
    // Withdrawn, not failed: the dashboard's failed posts do not list them.
    const failed = (await api('GET', '/api/admin/shares/failed')).body.failed as { articleId: number }[];
    expect(failed.filter((f) => [unpublished.id, trashed.id, lostEntry.id].includes(f.articleId))).toEqual([]);
    // The audit trail says so: no attempt, a withdrawal per post (by the unpublish, which cancelled their jobs).
    const actions = await auditActions(unpublished.id);
    expect(actions).not.toContain('share-attempt');
    expect(actions.filter((a) => a === 'share-withdrawn')).toHaveLength(4);
    const backActions = await auditActions(backAgain.id);
    expect(backActions.filter((a) => a === 'share-withdrawn')).toHaveLength(2);
    expect(backActions.filter((a) => a === 'share-attempt')).toHaveLength(2);
    expect(backActions).not.toContain('share-unconfirmed');

    // Published again, the story's own posts are queued again and go out (its key event's stay withdrawn).
    expect((await api('POST', `/api/admin/articles/${unpublished.id}/publish`)).status).toBe(200);
    // Restored from the Trash (published again, no new publish): Post now sends the withdrawn post.
    expect((await api('POST', `/api/admin/articles/${trashed.id}/restore`)).status).toBe(200);
    expect(await shareStatus(trashed.id)).toEqual({ x: trashReason, facebook: trashReason });
    expect((await api('POST', `/api/admin/articles/${trashed.id}/shares/x`)).status).toBe(202);
    await runJobsUntil(async () => {
      expect((await shareStatus(unpublished.id)).x).toEqual({ state: 'posted', reason: null });
      expect((await shareStatus(unpublished.id)).facebook).toEqual({ state: 'posted', reason: null });
      expect((await shareStatus(trashed.id)).x).toEqual({ state: 'posted', reason: null });
    });
    expect(postedFor(unpublished.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 0 });
    expect(postedFor(trashed.slug)).toEqual({ x: 1, facebook: 0, xEntries: 0, facebookEntries: 0 });
  });

  it('a failed post waiting for its retry, then unpublished: not sent at the retry', async () => {
    // Every try fails while the workers run: however slow the machine, a share is failed and waiting
    // for its next try (never posted) when the workers are held again.
    env.x.fail('server-error', ['tweets']);
    env.fb.fail('server-error');
    const story = await publishedStory('Vole Inquiry Adjourned');
    const xCalls = () => env.x.tweetCalls.filter((c) => c.text.includes(`/article/${story.slug}`)).length;
    env.app.jobs.start();
    try {
      await vi.waitFor(
        async () => {
          const shares = ((await api('GET', `/api/admin/articles/${story.id}/shares`)).body as ArticleShares).shares;
          expect(shares).toHaveLength(2);
          for (const s of shares) {
            expect(s.state).toBe('queued');
            expect(s.attempts).toBeGreaterThan(0);
            expect(s.nextAttemptAt).not.toBeNull();
          }
        },
        { timeout: 20_000, interval: 10 },
      );
    } finally {
      await env.app.jobs.stop();
      env.x.fail(null);
      env.fb.fail(null);
    }
    const triedOnX = xCalls();
    expect(triedOnX).toBeGreaterThan(0);
    expect((await api('POST', `/api/admin/articles/${story.id}/unpublish`)).status).toBe(200);

    // Withdrawn at once, no longer waiting for its next try: nor is its job.
    const reason = { state: 'withdrawn', reason: 'The article was unpublished before it was posted.' };
    expect(await shareStatus(story.id)).toEqual({ x: reason, facebook: reason });
    const shares = ((await api('GET', `/api/admin/articles/${story.id}/shares`)).body as ArticleShares).shares;
    expect(shares.map((s) => s.nextAttemptAt)).toEqual([null, null]);
    expect(await waitingJobs(story.id)).toEqual([]);
    await runJobsUntil(async () => {
      expect(await shareStatus(story.id)).toEqual({ x: reason, facebook: reason });
    });
    // The next try reached neither platform (the providers answer again now): nothing was posted.
    expect(xCalls()).toBe(triedOnX);
    expect(postedFor(story.slug)).toEqual({ x: 0, facebook: 0, xEntries: 0, facebookEntries: 0 });
    const actions = await auditActions(story.id);
    expect(actions.filter((a) => a === 'share-retry').length).toBeGreaterThanOrEqual(2);
    expect(actions.filter((a) => a === 'share-withdrawn')).toHaveLength(2);
  });
});

describe('a post whose platform is turned off before its turn', () => {
  const offX = { state: 'withdrawn', reason: 'Post to X was turned off before it was posted.' };
  const offFacebook = { state: 'withdrawn', reason: 'Post to Facebook was turned off before it was posted.' };
  const queued = { state: 'queued', reason: null };

  it("the article's choice turned off (share panel or article body): withdrawn at once, the other platform posted; Post now sends it", async () => {
    const byPanel = await publishedStory('Newt Mayor Sworn In');
    const byBody = await publishedStory('Toad Council Dissolved');
    expect(WITHDRAWN_REASONS['x-off']).toBe(offX.reason);
    expect(WITHDRAWN_REASONS['facebook-off']).toBe(offFacebook.reason);

    const choice = await api('PUT', `/api/admin/articles/${byPanel.id}/shares/choice`, { shareToX: false });
    expect(choice.status, JSON.stringify(choice.body)).toBe(200);
    // The answer already says so, as the panel shows it.
    const answered = (choice.body as ArticleShares).shares.map((s) => [s.platform, s.state, s.reason]);
    expect(answered).toEqual([
      ['x', 'withdrawn', offX.reason],
      ['facebook', 'queued', null],
    ]);
    // The edit form's save of the article body (decision 026) turns Facebook off the same way.
    const current = await api('GET', `/api/admin/articles/${byBody.id}`);
    const edited = await api('PUT', `/api/admin/articles/${byBody.id}`, {
      headline: current.body.headline,
      category: current.body.category,
      summary: current.body.summary,
      body: current.body.body,
      version: current.body.version,
      shareToFacebook: false,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await shareStatus(byPanel.id)).toEqual({ x: offX, facebook: queued });
    expect(await shareStatus(byBody.id)).toEqual({ x: queued, facebook: offFacebook });
    // The withdrawn post's job went with it; the other platform's waits.
    expect(await waitingJobs(byPanel.id)).toEqual(['0:facebook']);
    expect(await waitingJobs(byBody.id)).toEqual(['0:x']);
    const withdrawals = await env.database.db
      .selectFrom('audit_log')
      .select(['after', 'actor_subject'])
      .where('article_id', 'in', [byPanel.id, byBody.id])
      .where('action', '=', 'share-withdrawn')
      .orderBy('id')
      .execute();
    expect(withdrawals.map((w) => [w.actor_subject, JSON.parse(w.after!)])).toEqual([
      [SHARE_WORKER.subject, { platform: 'x', reason: offX.reason }],
      [SHARE_WORKER.subject, { platform: 'facebook', reason: offFacebook.reason }],
    ]);

    await runJobsUntil(async () => {
      expect((await shareStatus(byPanel.id)).facebook.state).toBe('posted');
      expect((await shareStatus(byBody.id)).x.state).toBe('posted');
    });
    expect(postedFor(byPanel.slug)).toEqual({ x: 0, facebook: 1, xEntries: 0, facebookEntries: 0 });
    expect(postedFor(byBody.slug)).toEqual({ x: 1, facebook: 0, xEntries: 0, facebookEntries: 0 });
    expect((await shareStatus(byPanel.id)).x).toEqual(offX);

    // Post now is the editor asking for the post: the choice is turned on with it, and it goes out once.
    expect((await api('POST', `/api/admin/articles/${byPanel.id}/shares/x`)).status).toBe(202);
    expect((await api('GET', `/api/admin/articles/${byPanel.id}/shares`)).body.choice.shareToX).toBe(true);
    await runJobsUntil(async () => {
      expect((await shareStatus(byPanel.id)).x).toEqual({ state: 'posted', reason: null });
    });
    expect(postedFor(byPanel.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 0 });
  });

  it("a key event's box unticked by a correction (still a key event): withdrawn at once; Retry waits until it is ticked again", async () => {
    const story = await publishedStory('Gecko Envoy Expelled', { keyEvent: true });
    const entryUrl = `/api/admin/articles/${story.id}/live/entries/${story.entryId}`;
    const unticked = await api('PATCH', entryUrl, {
      body: text('Gecko Envoy Expelled: the key moment.'),
      keyEvent: true,
      shareToX: false,
      version: 1,
    });
    expect(unticked.status, JSON.stringify(unticked.body)).toBe(200);
    // The console's answer to the correction says so at once.
    expect((unticked.body as AdminLiveEntry).posts.map((p) => [p.platform, p.state, p.reason])).toEqual([
      ['x', 'withdrawn', offX.reason],
      ['facebook', 'queued', null],
    ]);
    const retry = () => api('POST', `${entryUrl}/shares/x/retry`);
    const refused = await retry();
    expect(refused.status).toBe(409);
    expect(refused.type).toMatch(/^application\/problem\+json/);
    expect(refused.body.detail).toBe('Post to X is turned off for this entry: tick it again to retry its X post.');
    expect(await waitingJobs(story.id)).toEqual(['0:facebook', '0:x', `${story.entryId}:facebook`]);

    await runJobsUntil(async () => {
      const posts = await sharesOf(story.id);
      expect(posts.filter((p) => p.entry_id === story.entryId)).toEqual([
        { entry_id: story.entryId, platform: 'facebook', state: 'posted' },
        { entry_id: story.entryId, platform: 'x', state: 'withdrawn' },
      ]);
    });
    expect(postedFor(story.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 1 });

    // Ticked again: the correction does not queue it a second time, its Retry does.
    const ticked = await api('PATCH', entryUrl, { body: text('Gecko Envoy Expelled.'), shareToX: true, version: 2 });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect((await retry()).status).toBe(202);
    await runJobsUntil(async () => {
      expect(postedFor(story.slug).xEntries).toBe(1);
    });
    expect(postedFor(story.slug)).toEqual({ x: 1, facebook: 1, xEntries: 1, facebookEntries: 1 });
  });
});

describe('the take of a share (SocialSharesRepository.take)', () => {
  /** A published article with a queued X post, as its publish leaves it. */
  async function queuedPost(state: 'queued' | 'posting' = 'queued') {
    const row = await insertArticle(env.database.db, { published_at: new Date().toISOString() });
    const now = new Date().toISOString();
    await env.database.db
      .insertInto('social_shares')
      .values({
        article_id: row.id,
        entry_id: 0,
        platform: 'x',
        state,
        message: 'A take',
        link: `${ORIGIN}/article/${row.slug}`,
        post_id: null,
        post_url: null,
        reason: null,
        attempts: 0,
        next_attempt_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return row.id;
  }
  const attempt = { details: { attempt: 1 }, actor: SHARE_WORKER };

  it('waits for an unpublish under way, then withdraws the share instead of taking it', async () => {
    const id = await queuedPost();
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // An unpublish that has written the article (on PostgreSQL: its row is locked) and not committed yet.
    const unpublish = env.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ published_at: null }).where('id', '=', id).execute();
      held();
      await committing;
    });
    await holding;
    let done = false;
    const take = repo.take(id, 'x', 0, attempt).finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    commit();
    await unpublish;
    expect(await take).toMatchObject({ withdrawn: { state: 'withdrawn' }, because: 'unpublished' });
    expect((await repo.get(id, 'x'))?.reason).toBe(WITHDRAWN_REASONS.unpublished);
  });

  it('withdraws a post whose platform was turned off (a change the withdrawal at the change did not see)', async () => {
    const off = await queuedPost();
    await env.database.db.updateTable('articles').set({ share_to_x: 0 }).where('id', '=', off).execute();
    expect(await repo.take(off, 'x', 0, attempt)).toMatchObject({
      withdrawn: { state: 'withdrawn' },
      because: 'x-off',
    });
    expect((await repo.get(off, 'x'))?.reason).toBe(WITHDRAWN_REASONS['x-off']);
    // Turned on, or following the default (null: resolved when it was queued): taken.
    for (const choice of [1, null]) {
      const on = await queuedPost();
      await env.database.db.updateTable('articles').set({ share_to_x: choice }).where('id', '=', on).execute();
      expect(await repo.take(on, 'x', 0, attempt)).toMatchObject({ taken: { state: 'posting' } });
    }
  });

  it("a job queued for an earlier time moves nothing: the share queued again since is its newer job's", async () => {
    const id = await queuedPost();
    const queuedAt = (await repo.get(id, 'x'))!.created_at;
    const earlier = new Date(Date.parse(queuedAt) - 60_000).toISOString();
    expect(await repo.take(id, 'x', 0, attempt, earlier)).toBeUndefined();
    expect((await repo.get(id, 'x'))?.state).toBe('queued');
    expect(await repo.take(id, 'x', 0, attempt, queuedAt)).toMatchObject({ taken: { state: 'posting' } });

    // A run of the older job finds the share being posted by the newer one's run: it leaves it alone.
    const job = (at: string) => ({
      id: `job-${at}`,
      kind: 'social-share',
      payload: { articleId: id, platform: 'x', queuedAt: at },
      attempt: 2,
      maxAttempts: 5,
    });
    expect(await env.app.articleShares.run(job(earlier))).toEqual({ done: true });
    expect((await repo.get(id, 'x'))?.state).toBe('posting');
    // The newer job's own run found again after its lease ran out: the outcome is unknown.
    expect(await env.app.articleShares.run(job(queuedAt))).toEqual({ done: true });
    expect((await repo.get(id, 'x'))?.state).toBe('unconfirmed');
    expect(env.x.tweetCalls.filter((c) => c.text === 'A take')).toEqual([]);
  });

  it("leaves a share being posted as it is (its run's outcome decides), and takes a published article's", async () => {
    const posting = await queuedPost('posting');
    await env.database.db.updateTable('articles').set({ published_at: null }).where('id', '=', posting).execute();
    expect(await repo.take(posting, 'x', 0, attempt)).toBeUndefined();
    expect((await repo.get(posting, 'x'))?.state).toBe('posting');
    const published = await queuedPost();
    expect(await repo.take(published, 'x', 0, attempt)).toMatchObject({ taken: { state: 'posting', attempts: 1 } });
    // Taken once: a second take finds nothing queued.
    expect(await repo.take(published, 'x', 0, attempt)).toBeUndefined();
  });
});

describe("a key event's post", () => {
  type Story = { id: number; entryId: number };
  const retry = (s: Story, platform: 'x' | 'facebook') =>
    api('POST', `/api/admin/articles/${s.id}/live/entries/${s.entryId}/shares/${platform}/retry`);
  const entryPost = async (s: Story, platform: 'x' | 'facebook') => {
    const row = await repo.get(s.id, platform, undefined, s.entryId);
    return { state: row?.state, reason: row?.reason ?? null };
  };
  const retriesOf = async (articleId: number) =>
    (
      await env.database.db
        .selectFrom('audit_log')
        .select('after')
        .where('article_id', '=', articleId)
        .where('action', '=', 'share-retry')
        .execute()
    ).map((a) => JSON.parse(a.after!));

  it('withdrawn because its story was unpublished: Retry is refused until the story is published again, then sends it once', async () => {
    const story = await publishedStory('Weasel Poll Annulled', { keyEvent: true });
    expect((await api('POST', `/api/admin/articles/${story.id}/unpublish`)).status).toBe(200);
    await runJobsUntil(async () => {
      expect(await entryPost(story, 'x')).toEqual({ state: 'withdrawn', reason: WITHDRAWN_REASONS.unpublished });
      expect((await entryPost(story, 'facebook')).state).toBe('withdrawn');
    });

    const early = await retry(story, 'x');
    expect(early.status).toBe(409);
    expect(early.type).toMatch(/^application\/problem\+json/);
    expect(early.body.detail).toBe('The article is not published: publish it again to retry its X post.');
    expect((await entryPost(story, 'x')).state).toBe('withdrawn');

    // Publishing again queues the story's own posts again, not its key event's: those wait for their Retry.
    expect((await api('POST', `/api/admin/articles/${story.id}/publish`)).status).toBe(200);
    expect((await entryPost(story, 'x')).state).toBe('withdrawn');
    const retried = await retry(story, 'x');
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect(retried.body).toEqual({ platform: 'x', state: 'queued' });
    await runJobsUntil(async () => {
      expect(await entryPost(story, 'x')).toEqual({ state: 'posted', reason: null });
    });
    expect(postedFor(story.slug)).toEqual({ x: 1, facebook: 1, xEntries: 1, facebookEntries: 0 });
    expect((await entryPost(story, 'facebook')).state).toBe('withdrawn');
    expect(await retriesOf(story.id)).toEqual([
      expect.objectContaining({ platform: 'x', entryId: story.entryId, previous: 'withdrawn' }),
    ]);
    // Posted: a second Retry is refused and sends nothing more.
    const again = await retry(story, 'x');
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('is posted');
  });

  it('an unpublish and the deletion of its key event at the same moment: each queued post withdrawn once', async () => {
    const story = await publishedStory('Shrew Cabinet Reshuffled', { keyEvent: true });
    const [unpublished, deleted] = await Promise.all([
      api('POST', `/api/admin/articles/${story.id}/unpublish`),
      api('DELETE', `/api/admin/articles/${story.id}/live/entries/${story.entryId}`),
    ]);
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect((await sharesOf(story.id)).map((s) => s.state)).toEqual(Array(4).fill('withdrawn'));
    expect(await waitingJobs(story.id)).toEqual([]);
    // Whichever change came first withdrew the key event's posts; the other found nothing queued.
    const withdrawals = await auditActions(story.id);
    expect(withdrawals.filter((a) => a === 'share-withdrawn')).toHaveLength(4);
    expect([WITHDRAWN_REASONS.unpublished, WITHDRAWN_REASONS['entry-deleted']]).toContain(
      (await entryPost(story, 'x')).reason,
    );
  });

  it('a correction that takes the key-event mark away before the turn withdraws the queued posts; marked again, Retry sends them', async () => {
    const story = await publishedStory('Mole Minister Resurfaces', { keyEvent: true });
    const entryUrl = `/api/admin/articles/${story.id}/live/entries/${story.entryId}`;
    const plain = await api('PATCH', entryUrl, {
      body: text('Mole Minister Resurfaces: only a rumour.'),
      keyEvent: false,
      version: 1,
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const reason = 'The entry stopped being a key event before it was posted.';
    expect(WITHDRAWN_REASONS['not-key-event']).toBe(reason);
    // Withdrawn by the correction itself: its answer (the console's entry) says so at once.
    expect((plain.body as AdminLiveEntry).posts.map((p) => [p.platform, p.state, p.reason])).toEqual([
      ['x', 'withdrawn', reason],
      ['facebook', 'withdrawn', reason],
    ]);
    expect(await waitingJobs(story.id)).toEqual(['0:facebook', '0:x']);
    await runJobsUntil(async () => {
      expect(await entryPost(story, 'x')).toEqual({ state: 'withdrawn', reason });
      expect(await entryPost(story, 'facebook')).toEqual({ state: 'withdrawn', reason });
    });
    // The story's own posts went out; nothing of the entry.
    expect(postedFor(story.slug)).toEqual({ x: 1, facebook: 1, xEntries: 0, facebookEntries: 0 });
    const listed = await api('GET', `/api/admin/articles/${story.id}/live/entries`);
    const [entry] = (listed.body as { entries: AdminLiveEntry[] }).entries;
    expect(entry!.posts.map((p) => [p.platform, p.state, p.reason])).toEqual([
      ['x', 'withdrawn', reason],
      ['facebook', 'withdrawn', reason],
    ]);
    const withdrawals = await env.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('article_id', '=', story.id)
      .where('action', '=', 'share-withdrawn')
      .execute();
    expect(withdrawals.map((w) => JSON.parse(w.after!))).toEqual([
      expect.objectContaining({ entryId: story.entryId, reason }),
      expect.objectContaining({ entryId: story.entryId, reason }),
    ]);

    // An ordinary entry is not posted: its Retry is refused.
    const refused = await retry(story, 'x');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'The entry is not a key event: only key events are posted. Mark it as a key event again to retry its X post.',
    );
    // Marked a key event again: the correction does not queue a second post of the entry, its Retry does.
    const marked = await api('PATCH', entryUrl, {
      body: text('Mole Minister Resurfaces.'),
      keyEvent: true,
      shareToX: true,
      version: 2,
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((await entryPost(story, 'x')).state).toBe('withdrawn');
    expect((await retry(story, 'x')).status).toBe(202);
    await runJobsUntil(async () => {
      expect((await entryPost(story, 'x')).state).toBe('posted');
    });
    expect(postedFor(story.slug)).toEqual({ x: 1, facebook: 1, xEntries: 1, facebookEntries: 0 });
  });
});
