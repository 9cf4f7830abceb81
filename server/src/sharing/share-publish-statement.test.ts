import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewJob } from '../jobs/queue.ts';
import type { SharesKysely } from './repositories/social-shares.ts';
import { SocialSharesRepository, type SharePlatform, type ShareState } from './repositories/social-shares.ts';
import { insertArticles } from '../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { PLATFORMS, SHARE_JOB, SHARE_WORKER } from './share-service.ts';
import { insertPlaceholderToken } from '../test-support/social-tokens.ts';

// The share work of a publish (SocialSharesRepository.queueOnPublish), the same statements on both
// databases (api: SQLite, api-pg: PostgreSQL). For every combination of the article's choice, the
// default, the connected accounts and the share already there, it writes exactly the rows the rule
// asks for; two publishes of one article at once queue each share once.
let env: TestApp;
let repo: SocialSharesRepository;
const PERSONA = 'The Daily Smear';
const OPTIONS = {
  persona: PERSONA,
  actor: SHARE_WORKER,
  job: { kind: SHARE_JOB, maxAttempts: 5 },
  // The app's job queue (pg-boss on PostgreSQL, the jobs table on SQLite), in the same transaction.
  enqueueMany: (tx: SharesKysely, jobs: NewJob[]) => env.app.jobs.enqueueMany(tx, jobs),
};
const EXISTING: (ShareState | null)[] = [
  null,
  'queued',
  'posting',
  'posted',
  'failed',
  'unconfirmed',
  'deleted',
  'withdrawn',
];
const CHOICES: (number | null)[] = [null, 0, 1];

beforeAll(async () => {
  env = await createTestApp({ env: { SHARE_JOBS_ENABLED: 'false' } });
  repo = new SocialSharesRepository(env.database);
});
afterAll(async () => {
  await env?.close();
});

interface Setting {
  choice: number | null;
  existing: ShareState | null;
}
type Scenario = Record<SharePlatform, Setting>;
type Global = { defaults: Record<SharePlatform, boolean | null>; connected: Record<SharePlatform, boolean> };

/** What a publish queues, by the rule (decision 024): chosen, connected, and no post that exists or may. */
function expected(g: Global, s: Scenario): SharePlatform[] {
  return PLATFORMS.filter((p) => {
    const chosen = s[p].choice === null ? (g.defaults[p] ?? true) : s[p].choice === 1;
    const kept = ['posted', 'posting', 'unconfirmed', 'queued'].includes(s[p].existing ?? '');
    return chosen && g.connected[p] && !kept;
  });
}

async function setGlobal(g: Global) {
  await repo.setDefaults(g.defaults);
  await env.database.db.deleteFrom('social_tokens').where('persona', '=', PERSONA).execute();
  const now = new Date().toISOString();
  for (const p of PLATFORMS.filter((q) => g.connected[q])) {
    await insertPlaceholderToken(env.database.db, PERSONA, p, now);
  }
}

/** A published article with the scenario's choice and existing share rows. */
async function prepare(s: Scenario): Promise<number> {
  const [row] = await insertArticles(env.database.db, [
    { published_at: new Date().toISOString(), share_to_x: s.x.choice, share_to_facebook: s.facebook.choice },
  ]);
  const id = Number(row!.id);
  const then = '2026-01-01T00:00:00.000Z';
  for (const p of PLATFORMS) {
    const state = s[p].existing;
    if (!state) continue;
    await env.database.db
      .insertInto('social_shares')
      .values({
        article_id: id,
        entry_id: 0,
        platform: p,
        state,
        message: 'old words',
        link: 'https://old.example/article',
        post_id: state === 'posted' || state === 'deleted' ? `post-${id}-${p}` : null,
        post_url: state === 'posted' || state === 'deleted' ? `https://old.example/post/${id}` : null,
        reason: state === 'failed' || state === 'unconfirmed' || state === 'withdrawn' ? 'an old reason' : null,
        attempts: 2,
        next_attempt_at: null,
        created_at: then,
        updated_at: then,
      })
      .execute();
  }
  return id;
}

/** What the article's rows look like, without ids and times (the article's id as ID). */
async function written(id: number) {
  const db = env.database.db;
  const shares = await db
    .selectFrom('social_shares')
    .select(['platform', 'state', 'message', 'link', 'post_id', 'post_url', 'reason', 'attempts', 'next_attempt_at'])
    .where('article_id', '=', id)
    .orderBy('platform')
    .execute();
  const audit = await db
    .selectFrom('audit_log')
    .select(['action', 'actor_subject', 'actor_name', 'before', 'after'])
    .where('article_id', '=', id)
    .orderBy('id')
    .execute();
  // By platform: pg-boss's jobs of one transaction share their created_on and have random ids.
  const jobs = (await env.app.jobs.list(SHARE_JOB))
    .filter((j) => j.payload.articleId === id)
    .sort((a, b) => String(a.payload.platform).localeCompare(String(b.payload.platform)));
  const text = JSON.stringify({ shares, audit, jobs });
  return JSON.parse(
    text
      .replaceAll(`"articleId":${id}`, '"articleId":"ID"')
      .replaceAll(`post-${id}-`, 'post-ID-')
      .replaceAll(`/post/${id}"`, '/post/ID"'),
  ) as unknown;
}

const candidates = () =>
  PLATFORMS.map((platform) => ({
    platform,
    choice: null,
    message: `${platform} words`,
    link: 'https://dailysmear.example.com/article/words',
  }));

async function publishShares(id: number, s: Scenario) {
  return env.database.db.transaction().execute((trx) =>
    repo.queueOnPublish(
      trx,
      id,
      candidates().map((c) => ({ ...c, choice: s[c.platform].choice })),
      OPTIONS,
    ),
  );
}

const GLOBALS: Global[] = [];
for (const defaults of [
  { x: null, facebook: null },
  { x: true, facebook: false },
  { x: false, facebook: true },
])
  for (const connected of [
    { x: true, facebook: true },
    { x: true, facebook: false },
    { x: false, facebook: true },
  ])
    GLOBALS.push({ defaults, connected });

/** Every choice and existing state on each platform (paired so that X and Facebook differ). */
const SCENARIOS: Scenario[] = [];
for (const [i, choice] of CHOICES.entries())
  for (const [j, existing] of EXISTING.entries())
    SCENARIOS.push({
      x: { choice, existing },
      facebook: { choice: CHOICES[(i + j) % 3]!, existing: EXISTING[(j + i + 3) % EXISTING.length]! },
    });

/** 'x null, facebook true': a setting of both platforms, in a test's name. */
const setting = (r: Record<SharePlatform, unknown>) => PLATFORMS.map((p) => `${p} ${String(r[p])}`).join(', ');

describe('the share work of a publish', () => {
  // One test per setting of the defaults and the connected accounts, each bounded on its own: one test of
  // all nine (216 publishes) passed its 30 s bound on a loaded machine.
  for (const g of GLOBALS)
    it(`writes the share, audit and job rows the rule asks for (defaults ${setting(g.defaults)}; connected ${setting(g.connected)})`, async () => {
      let queuedSomething = 0;
      await setGlobal(g);
      for (const s of SCENARIOS) {
        const want = expected(g, s);
        const id = await prepare(s);
        const before = (await written(id)) as { shares: Record<string, unknown>[] };
        const queued = await publishShares(id, s);
        const label = JSON.stringify({ g, s });
        expect(queued, label).toEqual(want);
        const rows = (await written(id)) as {
          shares: Record<string, unknown>[];
          audit: { action: string; actor_subject: string; after: string }[];
          jobs: { payload: Record<string, unknown>; state: string; attempts: number; maxAttempts: number }[];
        };
        for (const p of PLATFORMS) {
          const share = rows.shares.find((r) => r.platform === p);
          if (want.includes(p))
            expect(share, label).toEqual({
              platform: p,
              state: 'queued',
              message: `${p} words`,
              link: 'https://dailysmear.example.com/article/words',
              post_id: null,
              post_url: null,
              reason: null,
              attempts: 0,
              next_attempt_at: null,
            });
          // A share the rule keeps (or that was not chosen) is left exactly as it was.
          else expect(share, label).toEqual(before.shares.find((r) => r.platform === p));
        }
        expect(rows.audit, label).toEqual(
          want.map((p) => ({
            action: 'share-queued',
            actor_subject: SHARE_WORKER.subject,
            actor_name: SHARE_WORKER.name,
            before: null,
            after: JSON.stringify({ platform: p, message: `${p} words` }),
          })),
        );
        // Each job names when its share was queued (its created_at: a share queued again has a newer job).
        const queuedAt = new Map(
          (
            await env.database.db
              .selectFrom('social_shares')
              .select(['platform', 'created_at'])
              .where('article_id', '=', id)
              .execute()
          ).map((r) => [r.platform, r.created_at]),
        );
        expect(rows.jobs, label).toEqual(
          [...want].sort().map((p) => ({
            kind: SHARE_JOB,
            payload: { articleId: 'ID', platform: p, queuedAt: queuedAt.get(p) },
            state: 'ready',
            attempts: 0,
            maxAttempts: 5,
          })),
        );
        if (want.length > 0) queuedSomething += 1;
      }
      // Each setting has a connected platform that some scenario chooses with nothing kept.
      expect(queuedSomething).toBeGreaterThan(0);
    });

  it('two publishes of one article at once queue each share, its audit row and its job once', async () => {
    await setGlobal({ defaults: { x: null, facebook: null }, connected: { x: true, facebook: true } });
    const id = await prepare({ x: { choice: null, existing: null }, facebook: { choice: 1, existing: 'failed' } });
    const both = candidates().map((c) => ({ ...c, choice: 1 }));
    const results = await Promise.all(
      [1, 2].map(() => env.database.db.transaction().execute((trx) => repo.queueOnPublish(trx, id, both, OPTIONS))),
    );
    expect(results.flat().sort()).toEqual(['facebook', 'x']);
    const rows = (await written(id)) as { audit: unknown[]; jobs: unknown[]; shares: { state: string }[] };
    expect(rows.shares.map((r) => r.state)).toEqual(['queued', 'queued']);
    expect(rows.audit).toHaveLength(2);
    expect(rows.jobs).toHaveLength(2);
  });

  it('a publish the transaction rolls back leaves no share, audit row or job', async () => {
    await setGlobal({ defaults: { x: null, facebook: null }, connected: { x: true, facebook: true } });
    const s: Scenario = { x: { choice: null, existing: null }, facebook: { choice: 1, existing: 'failed' } };
    const id = await prepare(s);
    const before = await written(id);
    await expect(
      env.database.db.transaction().execute(async (trx) => {
        await repo.queueOnPublish(trx, id, candidates(), OPTIONS);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await written(id)).toEqual(before);
    expect(await publishShares(id, s)).toEqual(['x', 'facebook']);
  });
});

describe('a share transition with its audit row', () => {
  const audits = (id: number) =>
    env.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_subject', 'after'])
      .where('article_id', '=', id)
      .orderBy('id')
      .execute();

  it("'moved' writes the audit row only when the compare-and-swap wins; 'always' writes it either way", async () => {
    const id = await prepare({ x: { choice: null, existing: 'queued' }, facebook: { choice: null, existing: null } });
    const attempt = { event: 'attempt', details: { attempt: 1 }, actor: SHARE_WORKER, when: 'moved' as const };
    const won = await repo.transitionAudited(id, 'x', ['queued'], 'posting', { addAttempt: true }, attempt);
    expect(won).toMatchObject({ article_id: id, platform: 'x', state: 'posting', attempts: 3, message: 'old words' });
    // The same move again loses: nothing is returned, nothing is audited.
    expect(await repo.transitionAudited(id, 'x', ['queued'], 'posting', { addAttempt: true }, attempt)).toBeUndefined();
    expect(await repo.transitionAudited(id, 'facebook', ['queued'], 'posting', {}, attempt)).toBeUndefined();
    const posted = { event: 'posted', details: { postId: 'p1' }, actor: SHARE_WORKER, when: 'always' as const };
    const done = await repo.transitionAudited(id, 'x', ['posting'], 'posted', { post_id: 'p1', reason: null }, posted);
    expect(done).toMatchObject({ state: 'posted', post_id: 'p1', attempts: 3 });
    // Already posted: the share stays as it is, the audit row is written all the same.
    expect(await repo.transitionAudited(id, 'x', ['posting'], 'posted', { post_id: 'p2' }, posted)).toBeUndefined();
    expect((await repo.get(id, 'x'))?.post_id).toBe('p1');
    expect(await audits(id)).toEqual([
      { action: 'share-attempt', actor_subject: 'share-worker', after: JSON.stringify({ platform: 'x', attempt: 1 }) },
      { action: 'share-posted', actor_subject: 'share-worker', after: JSON.stringify({ platform: 'x', postId: 'p1' }) },
      { action: 'share-posted', actor_subject: 'share-worker', after: JSON.stringify({ platform: 'x', postId: 'p1' }) },
    ]);
  });
});
