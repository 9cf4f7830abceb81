import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { adminApi, settledShares, shareOf, connectBothAccounts } from '../test-support/shares.ts';

// A scheduled article is shared when it goes live, not before (SQLite, and PostgreSQL in api-pg).
let env: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  env = await createTestApp({
    listen: true,
    fakeProviders: true,
    env: { JOBS_POLL_MS: '20', SHARE_RETRY_BASE_MS: '40', SCHEDULER_INTERVAL_MS: '50', SOCIAL_HTTP_TIMEOUT_MS: '5000' },
  });
  api = adminApi(env.baseUrl, await env.bearer());
  await connectBothAccounts(env);
});
afterAll(async () => {
  await env?.close();
});

async function scheduled(headline: string, publishAt: Date) {
  const created = await api('POST', '/api/admin/articles', { headline, category: 'Politics' });
  expect(created.status).toBe(201);
  const res = await api('POST', `/api/admin/articles/${created.body.id}/schedule`, {
    publishAt: publishAt.toISOString(),
  });
  expect(res.status).toBe(200);
  return created.body as { id: number; slug: string };
}

const postsOf = (slug: string) => env.x.posts.filter((p) => p.text.endsWith(`/article/${slug}`));

describe('scheduled publishing shares', () => {
  it('at the scheduler step that publishes it (a fake clock), and not a step before', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const article = await scheduled('Scheduled for the top of the hour', at);
    // The running scheduler paused: a step of its own (at the real time) would be shared by tick().
    env.app.scheduler.stop();
    await env.app.scheduler.idle();
    // One step just before the time: not published, nothing queued.
    const early = await env.app.scheduler.tick(new Date(at.getTime() - 1));
    expect(early.published).not.toContain(article.id);
    const waiting = await api('GET', `/api/admin/articles/${article.id}/shares`);
    expect(waiting.body.shares.map((s: { state: unknown }) => s.state)).toEqual([null, null]);
    expect(postsOf(article.slug)).toHaveLength(0);

    const due = await env.app.scheduler.tick(at);
    expect(due.published).toContain(article.id);
    const shares = await settledShares(api, article.id);
    expect(shareOf(shares, 'x').state).toBe('posted');
    expect(shareOf(shares, 'facebook').state).toBe('posted');
    expect(postsOf(article.slug)).toHaveLength(1);
    const got = await api('GET', `/api/admin/articles/${article.id}`);
    expect(got.body.publishedAt).toBe(at.toISOString());
    env.app.scheduler.start(50);
  });

  it('by the running scheduler: posted once, after the publication time', async () => {
    const at = new Date(Date.now() + 1_500);
    const article = await scheduled('Scheduled a moment ahead', at);
    const shares = await settledShares(api, article.id, 30_000);
    expect(shareOf(shares, 'x').state).toBe('posted');
    expect(shareOf(shares, 'facebook').state).toBe('posted');
    expect(postsOf(article.slug)).toHaveLength(1);
    // Queued by the publication, never before the time it was scheduled for.
    const queued = await env.database.db
      .withTables<{ audit_log: { article_id: number; action: string; at: string } }>()
      .selectFrom('audit_log')
      .select(['action', 'at'])
      .where('article_id', '=', article.id)
      .where('action', 'in', ['publish', 'share-queued'])
      .execute();
    expect(queued.map((r) => r.action).sort()).toEqual(['publish', 'share-queued', 'share-queued']);
    for (const r of queued) expect(Date.parse(r.at)).toBeGreaterThanOrEqual(at.getTime());
  });
});
