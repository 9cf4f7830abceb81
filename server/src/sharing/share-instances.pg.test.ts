import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintTestToken } from '../test-support/tokens.ts';
import { startFakeFacebook, type FakeFacebook } from '../fakes/facebook.ts';
import { startFakeX, type FakeX } from '../fakes/x.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { freePort } from '../test-support/free-port.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import { fakeProviderEnv } from '../test-support/test-app.ts';
import { createSocial } from './social-clients.ts';
import { adminApi, connectFacebook, connectX, settledShares, shareOf } from '../test-support/shares.ts';

/** Two instances on one PostgreSQL database share a burst of publishes: every post goes out once. */
describe('two instances sharing a burst of share jobs on PostgreSQL', () => {
  let pg: TestPostgresDatabase;
  let x: FakeX;
  let fb: FakeFacebook;
  const instances: Instance[] = [];

  beforeAll(async () => {
    pg = await createTestPostgresDatabase();
    [x, fb] = await Promise.all([startFakeX(), startFakeFacebook()]);
    const publicUrl = `http://127.0.0.1:${await freePort()}`;
    const env = {
      ...fakeProviderEnv(x, fb),
      SOCIAL_HTTP_TIMEOUT_MS: '5000',
      JOBS_POLL_MS: '20',
      JOBS_CONCURRENCY: '3',
      SHARE_RETRY_BASE_MS: '30',
      SCHEDULER_INTERVAL_MS: '0',
    };
    instances.push(
      ...(await Promise.all([startInstance(pg.url, publicUrl, env), startInstance(pg.url, publicUrl, env)])),
    );
    const social = createSocial(instances[0]!.config, instances[0]!.database);
    await connectX(social, x, instances[0]!.config.siteName);
    await connectFacebook(social, fb, instances[0]!.config.siteName);
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await Promise.all([x?.close(), fb?.close()]);
    await pg?.drop();
  });

  it('publishes through both instances post once each, with every refresh token spent once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const token = `Bearer ${await mintTestToken(a.database, a.config)}`;
    const apis = [adminApi(a.origin, token), adminApi(b.origin, token)];
    // The stored X token has expired: the first posts of both instances need the one refresh.
    x.expireAccessTokens();
    // The workers wait until every job is queued, then both start at once on the same backlog.
    await Promise.all([a.app.jobs.stop(), b.app.jobs.stop()]);
    const articles = [];
    for (let i = 0; i < 30; i += 1) articles.push(await insertArticle(a.database.db, { headline: `Burst story ${i}` }));
    // Two at a time, one through each instance (their pools have 4 connections each).
    const published = [];
    for (let i = 0; i < articles.length; i += 2) {
      published.push(
        ...(await Promise.all(
          articles.slice(i, i + 2).map((article, j) => apis[j]!('POST', `/api/admin/articles/${article.id}/publish`)),
        )),
      );
    }
    expect(published.map((r) => r.status)).toEqual(articles.map(() => 200));
    expect(await a.app.jobs.pending()).toBe(2 * articles.length);
    a.app.jobs.start();
    b.app.jobs.start();

    for (const article of articles) {
      const shares = await settledShares(apis[0]!, article.id, 60_000);
      expect(shareOf(shares, 'x').state, `article ${article.id} on X`).toBe('posted');
      expect(shareOf(shares, 'facebook').state, `article ${article.id} on Facebook`).toBe('posted');
      const link = `${a.config.publicUrl}/article/${article.slug}`;
      expect(x.posts.filter((p) => p.text.endsWith(link))).toHaveLength(1);
      expect(fb.posts.filter((p) => p.link === link)).toHaveLength(1);
    }
    expect(x.posts.filter((p) => p.text.startsWith('Burst story '))).toHaveLength(articles.length);
    expect(fb.posts.filter((p) => p.message.startsWith('Burst story '))).toHaveLength(articles.length);
    // (A call refused with 401 for the expired token posted nothing; the refresh happened once per token.)
    expect(x.stats.reusedRefreshTokens).toBe(0);
    expect(x.stats.refreshes).toBeGreaterThanOrEqual(1);
    // Both instances took jobs from the one backlog.
    expect(a.app.jobs.stats.claimed).toBeGreaterThan(0);
    expect(b.app.jobs.stats.claimed).toBeGreaterThan(0);
    // Every job is finished too (a worker records the post, then hands its job back to the queue).
    await expect.poll(() => a.app.jobs.pending(), { timeout: 10_000 }).toBe(0);
  });
});

/**
 * The deployment that keeps the posts off the instances readers reach: the instances behind the
 * balancer run no share workers (SHARE_JOBS_ENABLED=false) and still queue each publish's posts in
 * its transaction; an instance outside the balancer, on the same database, posts them.
 */
describe('instances without share workers, and one that posts', () => {
  let pg: TestPostgresDatabase;
  let x: FakeX;
  let fb: FakeFacebook;
  let web: Instance;
  let poster: Instance;

  beforeAll(async () => {
    pg = await createTestPostgresDatabase();
    [x, fb] = await Promise.all([startFakeX(), startFakeFacebook()]);
    const publicUrl = `http://127.0.0.1:${await freePort()}`;
    // No giving way: an instance with workers would take a job it queued at once.
    const env = { ...fakeProviderEnv(x, fb), JOBS_POLL_MS: '20', JOBS_GIVE_WAY_MS: '0', SCHEDULER_INTERVAL_MS: '0' };
    [web, poster] = await Promise.all([
      startInstance(pg.url, publicUrl, { ...env, SHARE_JOBS_ENABLED: 'false' }),
      startInstance(pg.url, publicUrl, env),
    ]);
    const social = createSocial(web.config, web.database);
    await connectX(social, x, web.config.siteName);
    await connectFacebook(social, fb, web.config.siteName);
  });
  afterAll(async () => {
    await web?.close();
    await poster?.close();
    await Promise.all([x?.close(), fb?.close()]);
    await pg?.drop();
  });

  it('publishes through the instance without workers are posted once each by the other', async () => {
    const api = adminApi(web.origin, `Bearer ${await mintTestToken(web.database, web.config)}`);
    const articles = [];
    for (let i = 0; i < 3; i += 1)
      articles.push(await insertArticle(web.database.db, { headline: `Split story ${i}` }));
    // The posting instance is down while the publishes go through: they queue the posts all the same.
    await poster.app.jobs.stop();
    for (const article of articles) {
      expect((await api('POST', `/api/admin/articles/${article.id}/publish`)).status).toBe(200);
    }
    expect(await web.app.jobs.pending()).toBe(2 * articles.length);
    poster.app.jobs.start();
    for (const article of articles) {
      const shares = await settledShares(api, article.id, 30_000);
      expect(shareOf(shares, 'x').state, `article ${article.id} on X`).toBe('posted');
      expect(shareOf(shares, 'facebook').state, `article ${article.id} on Facebook`).toBe('posted');
    }
    expect(x.posts.filter((p) => p.text.startsWith('Split story '))).toHaveLength(articles.length);
    expect(fb.posts.filter((p) => p.message.startsWith('Split story '))).toHaveLength(articles.length);
    // Every job was taken by the posting instance; the one readers reach took none.
    expect(web.app.jobs.stats.claimed).toBe(0);
    expect(poster.app.jobs.stats.claimed).toBe(2 * articles.length);
  });
});
