import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArticleShares } from '../../../common/admin-contract.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { createJobEngine } from '../jobs/engines.ts';
import { createSocial, type Social } from './social-clients.ts';
import { SHARE_JOB } from './share-service.ts';

// Share jobs against the X and Facebook fakes over real HTTP (SQLite, and PostgreSQL in api-pg),
// with short retry delays so the backoff runs in milliseconds.
let env: TestApp;
let authorization: string;
let social: Social;
const REDIRECT = 'http://127.0.0.1:9/share-test-callback';

async function connectX() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const res = await fetch(`${env.x.baseUrl}/i/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      redirect_uri: REDIRECT,
      state: 's',
      code_challenge: challenge,
      scope: 'tweet.read tweet.write users.read offline.access',
      decision: 'allow',
    }).toString(),
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  await social.xTokens.storeFromExchange(env.config.siteName, await social.x.exchangeCode(code, verifier, REDIRECT));
}

async function connectFacebook() {
  const { pageToken } = await social.facebook.exchangeForPageToken(env.fb.issueShortLivedToken());
  await social.tokens.put('facebook', env.config.siteName, {
    accessToken: pageToken,
    refreshToken: null,
    expiresAt: null,
    scope: '',
  });
}

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${env.baseUrl}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: text ? JSON.parse(text) : null };
}

async function publishNew(overrides: { headline?: string } = {}) {
  const article = await insertArticle(env.database.db, overrides);
  const res = await api('POST', `/api/admin/articles/${article.id}/publish`);
  expect(res.status).toBe(200);
  return article;
}

const TERMINAL = ['posted', 'failed', 'unconfirmed', 'deleted'];

async function settled(id: number, timeout = 15_000): Promise<ArticleShares> {
  return vi.waitFor(
    async () => {
      const r = await api('GET', `/api/admin/articles/${id}/shares`);
      const body = r.body as ArticleShares;
      const active = body.shares.filter((s) => s.state !== null);
      if (active.length === 0 || !active.every((s) => TERMINAL.includes(s.state!))) throw new Error('not settled');
      return body;
    },
    { timeout, interval: 25 },
  );
}

const byPlatform = (b: ArticleShares, p: 'x' | 'facebook') => b.shares.find((s) => s.platform === p)!;

beforeAll(async () => {
  env = await createTestApp({
    listen: true,
    fakeProviders: true,
    captureLogs: true,
    env: {
      JOBS_POLL_MS: '20',
      SHARE_RETRY_BASE_MS: '40',
      // Short enough for the hang tests, long enough that a token refresh under load is not cut off
      // (a refresh X carried out but whose answer came too late cannot be repeated: X rotates the token).
      SOCIAL_HTTP_TIMEOUT_MS: '1500',
      PUBLIC_URL: 'https://dailysmear.example.com',
      // PostgreSQL: pg-boss's maintenance (which puts back a dead worker's job) every second.
      PGBOSS_MAINTENANCE_SECONDS: '1',
    },
  });
  authorization = await env.bearer();
  env.x.redirectUris.push(REDIRECT);
  social = createSocial(env.config, env.database);
  await connectX();
  await connectFacebook();
});
afterAll(async () => {
  await env?.close();
});

describe('share jobs', () => {
  it('a publish posts once to each platform with the text, the link and appsecret_proof', async () => {
    const article = await publishNew({ headline: 'Minister resigns over biscuit' });
    const link = `https://dailysmear.example.com/article/${article.slug}`;
    const body = await settled(article.id);
    const x = byPlatform(body, 'x');
    const fb = byPlatform(body, 'facebook');
    expect(x.state).toBe('posted');
    expect(fb.state).toBe('posted');
    const xPosts = env.x.posts.filter((p) => p.text.includes(link));
    expect(xPosts).toEqual([{ id: x.postId, text: `Minister resigns over biscuit ${link}` }]);
    expect(x.postUrl).toBe(`https://x.com/i/web/status/${x.postId}`);
    // The Facebook fake refuses a post without a valid appsecret_proof of the page token.
    const fbPosts = env.fb.posts.filter((p) => p.link === link);
    expect(fbPosts).toEqual([{ id: fb.postId, message: 'Minister resigns over biscuit', link }]);
    expect(fb.postUrl).toBe(`https://www.facebook.com/${fb.postId}`);

    const trail = await env.database.db
      .withTables<{ audit_log: { article_id: number; action: string; after: string | null } }>()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('article_id', '=', article.id)
      .execute();
    const actions = trail.map((r) => r.action);
    expect(actions.filter((a) => a === 'share-posted')).toHaveLength(2);
    expect(actions.filter((a) => a === 'share-attempt')).toHaveLength(2);
  });

  it('the share choice and the Social page default keep a platform off', async () => {
    const article = await insertArticle(env.database.db);
    const choice = await api('PUT', `/api/admin/articles/${article.id}/shares/choice`, {
      shareToFacebook: false,
      shareMessage: 'Custom words',
    });
    expect(choice.status).toBe(200);
    expect(choice.body.preview.x.text).toBe(`Custom words https://dailysmear.example.com/article/${article.slug}`);
    expect((await api('POST', `/api/admin/articles/${article.id}/publish`)).status).toBe(200);
    const body = await settled(article.id);
    expect(byPlatform(body, 'x').state).toBe('posted');
    expect(byPlatform(body, 'x').message).toMatch(/^Custom words https:/);
    expect(byPlatform(body, 'facebook').state).toBeNull();
    const bad = await api('PUT', `/api/admin/articles/${article.id}/shares/choice`, { shareToX: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('application/problem+json');
  });

  it('a 503 is retried and then posts once', async () => {
    env.x.failNext('server-error', 1, ['tweets']);
    env.fb.failNext('server-error', 1);
    const before = { x: env.x.posts.length, fb: env.fb.posts.length };
    const article = await publishNew();
    const body = await settled(article.id);
    expect(byPlatform(body, 'x')).toMatchObject({ state: 'posted', attempts: 2 });
    expect(byPlatform(body, 'facebook')).toMatchObject({ state: 'posted', attempts: 2 });
    expect(env.x.posts.length - before.x).toBe(1);
    expect(env.fb.posts.length - before.fb).toBe(1);
  });

  it('a 429 waits until the reset time X gives', async () => {
    env.x.rateLimitResetSeconds = 1;
    env.x.failNext('rate-limit', 1, ['tweets']);
    const article = await publishNew();
    const waiting = await vi.waitFor(
      async () => {
        const s = byPlatform((await api('GET', `/api/admin/articles/${article.id}/shares`)).body, 'x');
        if (s.state !== 'queued' || !s.nextAttemptAt) throw new Error('not waiting yet');
        return s;
      },
      { timeout: 5000, interval: 10 },
    );
    expect(waiting.reason).toMatch(/rate limit/);
    // The retry is not before the reset (the fake's reset is at least ~1 s ahead; the backoff would be 40 ms).
    expect(Date.parse(waiting.nextAttemptAt!) - Date.parse(waiting.updatedAt!)).toBeGreaterThanOrEqual(500);
    const body = await settled(article.id);
    expect(byPlatform(body, 'x').state).toBe('posted');
    env.x.rateLimitResetSeconds = 900;
  });

  it('a Facebook rate limit waits for the time Facebook gives, without spending a try', async () => {
    env.fb.failNext('rate-limit', 1);
    const article = await publishNew();
    const waiting = await vi.waitFor(
      async () => {
        const s = byPlatform((await api('GET', `/api/admin/articles/${article.id}/shares`)).body, 'facebook');
        if (s.state !== 'queued' || !s.nextAttemptAt) throw new Error('not waiting yet');
        return s;
      },
      { timeout: 5000, interval: 10 },
    );
    // The fake names 12 minutes (estimated_time_to_regain_access); the backoff would be 40 ms.
    expect(Date.parse(waiting.nextAttemptAt!) - Date.parse(waiting.updatedAt!)).toBeGreaterThanOrEqual(11 * 60_000);
    // X is not held up by Facebook's limit.
    await vi.waitFor(
      async () => {
        const x = byPlatform((await api('GET', `/api/admin/articles/${article.id}/shares`)).body, 'x');
        if (x.state !== 'posted') throw new Error(`X is ${x.state}`);
      },
      { timeout: 15_000, interval: 25 },
    );
    // Its job (on PostgreSQL the follow-up pg-boss job; the rate-limited run's job is completed) waits
    // with no try spent.
    // The share row is written before the worker hands its job back: wait until no run holds it.
    const jobs = await vi.waitFor(
      async () => {
        const open = (await env.app.jobs.list('social-share')).filter(
          (j) => j.payload.articleId === article.id && j.payload.platform === 'facebook' && j.state !== 'done',
        );
        if (open.some((j) => j.state === 'running')) throw new Error('the rate-limited run still holds its job');
        return open;
      },
      { timeout: 5000, interval: 10 },
    );
    expect(jobs.map((j) => ({ attempts: j.attempts, state: j.state }))).toEqual([{ attempts: 0, state: 'ready' }]);
  });

  it('a Facebook timeout is retried and posts once', async () => {
    env.fb.failNext('hang', 1);
    const before = env.fb.posts.length;
    const article = await publishNew();
    const body = await settled(article.id);
    expect(byPlatform(body, 'facebook')).toMatchObject({ state: 'posted', attempts: 2 });
    expect(env.fb.posts.length - before).toBe(1);
  });

  it('a timeout is retried', async () => {
    env.x.failNext('hang', 1, ['tweets']);
    const article = await publishNew();
    const body = await settled(article.id);
    expect(byPlatform(body, 'x')).toMatchObject({ state: 'posted', attempts: 2 });
  });

  it('gives up after the last try with the provider reason, and Retry posts it', async () => {
    env.x.fail('server-error', ['tweets']);
    const article = await publishNew();
    const body = await settled(article.id);
    expect(byPlatform(body, 'x')).toMatchObject({ state: 'failed', attempts: 5 });
    expect(byPlatform(body, 'x').reason).toMatch(/server error \(status 503\)/);
    const failed = await api('GET', '/api/admin/shares/failed');
    expect(failed.body.failed.some((f: { articleId: number }) => f.articleId === article.id)).toBe(true);
    env.x.fail(null);
    const retry = await api('POST', `/api/admin/articles/${article.id}/shares/x/retry`);
    expect(retry.status).toBe(202);
    expect(byPlatform(await settled(article.id), 'x').state).toBe('posted');
    const again = await api('POST', `/api/admin/articles/${article.id}/shares/x/retry`);
    expect(again.status).toBe(409);
  });

  it('expired X tokens during a burst are refreshed once (no refresh token spent twice)', async () => {
    env.x.expireAccessTokens();
    const refreshes = env.x.stats.refreshes;
    const articles = [];
    for (let i = 0; i < 8; i += 1) articles.push(await publishNew());
    for (const a of articles) expect(byPlatform(await settled(a.id), 'x').state).toBe('posted');
    expect(env.x.stats.reusedRefreshTokens).toBe(0);
    expect(env.x.stats.refreshes - refreshes).toBe(1);
  });

  it('deleting the posts calls the providers and records it', async () => {
    const article = await publishNew();
    const body = await settled(article.id);
    expect((await api('POST', `/api/admin/articles/${article.id}/unpublish`)).status).toBe(200);
    const dx = await api('DELETE', `/api/admin/articles/${article.id}/shares/x`);
    expect(dx.status).toBe(200);
    expect(byPlatform(dx.body, 'x').state).toBe('deleted');
    expect(env.x.deleted).toContain(byPlatform(body, 'x').postId);
    const df = await api('DELETE', `/api/admin/articles/${article.id}/shares/facebook`);
    expect(df.status).toBe(200);
    expect(env.fb.deleted).toContain(byPlatform(body, 'facebook').postId);
    const twice = await api('DELETE', `/api/admin/articles/${article.id}/shares/x`);
    expect(twice.status).toBe(409);
    expect(twice.type).toContain('application/problem+json');
  });

  it('a revoked token fails with the reason; the other platform still posts', async () => {
    env.fb.revokePageTokens();
    const article = await publishNew();
    const body = await settled(article.id);
    expect(byPlatform(body, 'facebook').state).toBe('failed');
    expect(byPlatform(body, 'facebook').reason).toMatch(/error 190/);
    expect(byPlatform(body, 'x').state).toBe('posted');
    await connectFacebook();
  });

  it('a revoked X grant fails with the reason (no endless retries); Facebook still posts', async () => {
    env.x.revokeAll();
    env.x.expireAccessTokens();
    const article = await publishNew();
    const body = await settled(article.id);
    expect(byPlatform(body, 'x').state).toBe('failed');
    expect(byPlatform(body, 'x').reason).toMatch(/no longer accepts the stored refresh token/);
    expect(byPlatform(body, 'x').attempts).toBe(1);
    expect(byPlatform(body, 'facebook').state).toBe('posted');
    await connectX();
  });

  it('a run that ended mid-post (lease ran out, share still posting) becomes unconfirmed, never resent', async () => {
    const article = await insertArticle(env.database.db, { published_at: new Date().toISOString() });
    const db = env.database.db.withTables<{
      jobs: Record<string, unknown>;
      social_shares: Record<string, unknown>;
    }>();
    const past = new Date(Date.now() - 60_000).toISOString();
    const text = `Killed mid-post ${article.id}`;
    await db
      .insertInto('social_shares')
      .values({
        article_id: article.id,
        platform: 'x',
        state: 'posting',
        message: text,
        link: 'https://dailysmear.example.com/article/x',
        attempts: 1,
        created_at: past,
        updated_at: past,
      })
      .execute();
    // The job as a dead worker left it: claimed, its lease over.
    if (env.database.dialect === 'postgres') {
      // Another engine (a worker with a 1 s lease) claims it and dies; the app's workers stand
      // aside meanwhile, then pg-boss's supervision in the app puts the job back after the lease.
      await env.app.jobs.stop();
      const { engine: dead } = await createJobEngine(env.database, {
        leaseMs: 1_000,
        pgBossPoolMax: 1,
        supervise: false,
        pgBossMaintenanceSeconds: 1,
      });
      try {
        await dead.prepare([SHARE_JOB]);
        await env.database.db
          .transaction()
          .execute((trx) =>
            dead.enqueueMany(trx, [{ kind: SHARE_JOB, payload: { articleId: article.id, platform: 'x' } }]),
          );
        expect(await dead.claim([SHARE_JOB])).toMatchObject({ payload: { articleId: article.id }, attempt: 1 });
      } finally {
        await dead.close();
        env.app.jobs.start();
      }
    } else {
      await db
        .insertInto('jobs')
        .values({
          kind: 'social-share',
          payload: JSON.stringify({ articleId: article.id, platform: 'x' }),
          state: 'running',
          run_at: past,
          attempts: 1,
          max_attempts: 5,
          locked_by: 'dead-worker',
          locked_until: past,
          created_at: past,
          updated_at: past,
        })
        .execute();
    }
    const body = await settled(article.id);
    expect(byPlatform(body, 'x').state).toBe('unconfirmed');
    expect(byPlatform(body, 'x').reason).toMatch(/not known whether/);
    expect(env.x.tweetCalls.some((c) => c.text === text)).toBe(false);
    const retry = await api('POST', `/api/admin/articles/${article.id}/shares/x/retry`);
    expect(retry.status).toBe(202);
    expect(byPlatform(await settled(article.id), 'x').state).toBe('posted');
  });

  it('job rows, share rows and logs hold no token', async () => {
    const db = env.database.db.withTables<{ jobs: Record<string, unknown>; social_shares: Record<string, unknown> }>();
    // On PostgreSQL the jobs are pg-boss's: every row it keeps (finished jobs and their output too).
    const pgBoss =
      env.database.dialect === 'postgres' ? (await sql`select * from pgboss.job`.execute(env.database.db)).rows : [];
    expect(pgBoss.length + (await db.selectFrom('jobs').selectAll().execute()).length).toBeGreaterThan(10);
    const rows = JSON.stringify([
      await db.selectFrom('jobs').selectAll().execute(),
      pgBoss,
      await db.selectFrom('social_shares').selectAll().execute(),
    ]);
    const logs = env.logs.join('\n');
    const tokens = [...env.x.issuedTokens, ...env.fb.issuedTokens];
    expect(tokens.length).toBeGreaterThan(3);
    for (const t of tokens) {
      expect(rows).not.toContain(t);
      expect(logs).not.toContain(t);
    }
    expect(logs).toContain('article shared');
  });
});
