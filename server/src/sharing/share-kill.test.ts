import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLEAN_ENV, startServerProcess } from '../test-support/server-process.ts';
import { mintTestToken } from '../test-support/tokens.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { startFakeFacebook, type FakeFacebook } from '../fakes/facebook.ts';
import { startFakeX, type FakeX } from '../fakes/x.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { freePort } from '../test-support/free-port.ts';
import { createTestPostgresDatabase, testDatabaseAdminUrl } from '../test-support/postgres-databases.ts';
import { fakeProviderEnv } from '../test-support/test-app.ts';
import { createSocial } from './social-clients.ts';
import { adminApi, connectFacebook, connectX, settledShares, shareOf } from '../test-support/shares.ts';

/**
 * The real server process (node --import tsx server/src/server.ts) killed with SIGKILL while a share
 * is being posted, then started again on the same database: nothing is posted twice, and the post
 * is either recorded or shown 'unconfirmed'. On SQLite and, with TEST_DATABASE_URL, on PostgreSQL
 * (this file runs once, in the api project, and starts its own PostgreSQL database).
 */
const KEY = Buffer.alloc(32, 9).toString('base64');
type Started = ReturnType<typeof startServerProcess>;

async function waitForReady(s: Started, url: string) {
  await expect
    .poll(
      async () => {
        if (s.child.exitCode !== null) throw new Error(`the server exited: ${s.output().stderr}`);
        return fetch(url).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(200);
}

const running: Started[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(() => {
  for (const s of running.splice(0))
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

const dialects: ('sqlite' | 'postgres')[] = ['sqlite', ...(testDatabaseAdminUrl() ? ['postgres' as const] : [])];

describe.each(dialects)('a server killed during a post, on %s', (dialect) => {
  let x: FakeX;
  let fb: FakeFacebook;
  let env: Record<string, string>;
  let config: Config;
  let database: Db;
  let origin: string;

  beforeAll(async () => {
    [x, fb] = await Promise.all([startFakeX(), startFakeFacebook()]);
    cleanups.push(
      () => x.close(),
      () => fb.close(),
    );
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-share-kill-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (dialect === 'postgres') {
      const pg = await createTestPostgresDatabase();
      cleanups.push(() => pg.drop());
      databaseUrl = pg.url;
    }
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    env = {
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dir, 'web'),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'correct horse battery staple',
      TOKEN_ENCRYPTION_KEY: KEY,
      ...fakeProviderEnv(x, fb),
      // A hanging provider call outlasts the kill by far; the lease (3 × this + 2 s) then runs out
      // after the restart, which is what PostgreSQL's several-instance rule waits for.
      SOCIAL_HTTP_TIMEOUT_MS: '5000',
      JOBS_POLL_MS: '50',
      SHARE_RETRY_BASE_MS: '50',
      SCHEDULER_INTERVAL_MS: '0',
      // PostgreSQL: pg-boss's maintenance, which puts back the killed worker's job once its lease
      // is over, every second (default 10 s).
      PGBOSS_MAINTENANCE_SECONDS: '1',
    };
    config = loadConfig({ ...CLEAN_ENV, ...env, LOG_LEVEL: 'silent' });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('nothing is posted twice; the post is recorded or shown unconfirmed, and the editor reconciles it', async () => {
    const first = startServerProcess(env);
    running.push(first);
    await waitForReady(first, `${origin}/readyz`);
    database = await openDatabase(config);
    const social = createSocial(config, database);
    await connectX(social, x, config.siteName);
    await connectFacebook(social, fb, config.siteName);
    const api = adminApi(origin, `Bearer ${await mintTestToken(database, config)}`);

    // Shared before the kill: recorded as posted.
    const before = await insertArticle(database.db, { headline: 'Posted before the crash' });
    expect((await api('POST', `/api/admin/articles/${before.id}/publish`)).status).toBe(200);
    const posted = await settledShares(api, before.id);
    expect(shareOf(posted, 'x').state).toBe('posted');
    expect(shareOf(posted, 'facebook').state).toBe('posted');

    // X takes the post and never answers; Facebook never answers. The process dies mid-call.
    x.failNext('accept-hang', 1, ['tweets']);
    fb.failNext('hang', 1);
    const feedCallsBefore = fb.feedCalls;
    const victim = await insertArticle(database.db, { headline: 'Killed while posting' });
    const text = (a: { slug: string }) => `Killed while posting ${origin}/article/${a.slug}`;
    expect((await api('POST', `/api/admin/articles/${victim.id}/publish`)).status).toBe(200);
    await expect
      .poll(() => x.tweetCalls.filter((c) => c.text === text(victim)).length === 1 && fb.feedCalls > feedCallsBefore, {
        timeout: 20_000,
        interval: 5,
      })
      .toBe(true);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // X did accept it: the post exists once, with no answer recorded.
    expect(x.posts.filter((p) => p.text === text(victim))).toHaveLength(1);

    const second = startServerProcess(env);
    running.push(second);
    await waitForReady(second, `${origin}/readyz`);
    const after = await settledShares(api, victim.id, 30_000);
    expect(shareOf(after, 'x').state).toBe('unconfirmed');
    expect(shareOf(after, 'facebook').state).toBe('unconfirmed');
    expect(shareOf(after, 'x').reason).toMatch(/not known whether/);
    // Not resent by the restarted server (nor by the job's second claim after its lease).
    expect(x.tweetCalls.filter((c) => c.text === text(victim))).toHaveLength(1);
    expect(fb.feedCalls).toBe(feedCallsBefore + 1);
    // The post made before the crash is still recorded once.
    const stillPosted = await settledShares(api, before.id);
    expect(shareOf(stillPosted, 'x')).toMatchObject({ state: 'posted', postId: shareOf(posted, 'x').postId });
    expect(x.posts.filter((p) => p.text.startsWith('Posted before the crash'))).toHaveLength(1);

    // The editor checks and presses Retry. X refuses the duplicate of the post that did go out
    // (nothing is posted twice); Facebook, which never got it, posts it once.
    expect((await api('POST', `/api/admin/articles/${victim.id}/shares/x/retry`)).status).toBe(202);
    expect((await api('POST', `/api/admin/articles/${victim.id}/shares/facebook/retry`)).status).toBe(202);
    const reconciled = await settledShares(api, victim.id);
    expect(shareOf(reconciled, 'x').state).toBe('failed');
    expect(shareOf(reconciled, 'x').reason).toMatch(/duplicate content/);
    expect(x.posts.filter((p) => p.text === text(victim))).toHaveLength(1);
    expect(shareOf(reconciled, 'facebook').state).toBe('posted');
    expect(fb.posts.filter((p) => p.link === `${origin}/article/${victim.slug}`)).toHaveLength(1);

    // The audit trail has the attempt, the unconfirmed outcome and the retry.
    const trail = await database.db
      .withTables<{ audit_log: { article_id: number; action: string } }>()
      .selectFrom('audit_log')
      .select('action')
      .where('article_id', '=', victim.id)
      .execute();
    const actions = trail.map((r) => r.action);
    for (const a of ['share-attempt', 'share-unconfirmed', 'share-retry', 'share-failed', 'share-posted'])
      expect(actions).toContain(a);

    // Neither process logged a token.
    const logs = first.output().stdout + first.output().stderr + second.output().stdout + second.output().stderr;
    expect(logs).toContain('share outcome unknown');
    for (const t of [...x.issuedTokens, ...fb.issuedTokens]) expect(logs).not.toContain(t);
  }, 180_000);
});
