import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintTestToken } from '../test-support/tokens.ts';
import { insertArticles } from '../test-support/admin-articles.ts';
import {
  createTestPostgresDatabase,
  testDatabaseAdminUrl,
  type TestPostgresDatabase,
} from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import {
  ensureClusterRunning,
  findCluster,
  startCluster,
  stopCluster,
  waitForServer,
  type Cluster,
} from '../test-support/postgres-server.ts';
import { openDatabase } from './index.ts';

/**
 * The machine's PostgreSQL server is stopped (-m fast) and started again while a loop of editorial
 * actions (publish/unpublish through the admin API) runs. Runs alone, after every other suite
 * (vitest project pg-outage); the server is restarted in a finally whatever happens.
 */
const REQUEST_LIMIT_MS = 8_000;
const ARTICLES = 400;

interface Outcome {
  articleId: number;
  action: 'publish' | 'unpublish';
  status: number | 'hang' | 'network';
  ms: number;
  contentType?: string;
  retryAfter?: string | null;
  phase: 'before' | 'down' | 'after';
}

describe('a lost database connection', () => {
  const adminUrl = testDatabaseAdminUrl()!;
  let cluster: Cluster;
  let pg: TestPostgresDatabase;
  let app: Instance;

  beforeAll(async () => {
    cluster = findCluster(adminUrl);
    await ensureClusterRunning(cluster, adminUrl);
    pg = await createTestPostgresDatabase();
    app = await startInstance(pg.url, 'http://127.0.0.1:3999', { DATABASE_STATEMENT_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await ensureClusterRunning(cluster, adminUrl);
    await app?.close();
    await pg?.drop();
  });

  it('fails requests fast with 503 problem+json while the server is down, loses no acknowledged action, and recovers without a restart', async () => {
    const rows = await insertArticles(
      app.database.db,
      Array.from({ length: ARTICLES }, (_, i) => ({ headline: `Outage article ${i}`, published_at: null })),
    );
    const token = await mintTestToken(app.database, app.config);
    const ids = rows.map((r) => Number(r.id));
    /** The state each article must have after its last acknowledged action (false = draft). */
    const acked = new Map<number, boolean>(ids.map((id) => [id, false]));
    /** Articles whose last action got no 2xx: its outcome is unknown, so they take no further actions. */
    const uncertain = new Map<number, boolean>();
    const outcomes: Outcome[] = [];
    let phase: Outcome['phase'] = 'before';
    let stop = false;

    const act = async (id: number) => {
      const action = acked.get(id) ? 'unpublish' : 'publish';
      const started = Date.now();
      let outcome: Outcome;
      try {
        const res = await fetch(`${app.origin}/api/admin/articles/${id}/${action}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
        });
        await res.arrayBuffer();
        outcome = {
          articleId: id,
          action,
          status: res.status,
          ms: Date.now() - started,
          contentType: res.headers.get('content-type') ?? '',
          retryAfter: res.headers.get('retry-after'),
          phase,
        };
      } catch (err) {
        outcome = {
          articleId: id,
          action,
          status: (err as Error).name === 'TimeoutError' ? 'hang' : 'network',
          ms: Date.now() - started,
          phase,
        };
      }
      outcomes.push(outcome);
      if (outcome.status === 200) acked.set(id, action === 'publish');
      else {
        uncertain.set(id, action === 'publish');
        acked.delete(id);
      }
    };

    // Two workers, each on its own articles, one action at a time.
    const worker = async (mine: number[]) => {
      let i = 0;
      while (!stop) {
        const live = mine.filter((id) => acked.has(id));
        if (live.length === 0) break;
        await act(live[i++ % live.length]!);
        await new Promise((r) => setTimeout(r, phase === 'down' ? 100 : 10));
      }
    };
    const loops = [worker(ids.filter((_, i) => i % 2 === 0)), worker(ids.filter((_, i) => i % 2 === 1))];

    try {
      // Load runs until a good number of actions succeeded, then the database goes away.
      await expect
        .poll(() => outcomes.filter((o) => o.phase === 'before' && o.status === 200).length, { timeout: 30_000 })
        .toBeGreaterThan(10);
      phase = 'down';
      stopCluster(cluster);
      // Load goes on against the stopped database until several actions were answered 503.
      await expect
        .poll(() => outcomes.filter((o) => o.phase === 'down' && o.status === 503).length, { timeout: 30_000 })
        .toBeGreaterThan(5);
      // While down: the readiness probe says so (answered, not hung: REQUEST_LIMIT_MS aborts a hang).
      const ready = await fetch(`${app.origin}/readyz`, { signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
      expect(ready.status).toBe(503);
      startCluster(cluster);
      await waitForServer(adminUrl);
      phase = 'after';
      // Keep going until the app has served a good run of actions after the restart.
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && outcomes.filter((o) => o.phase === 'after' && o.status === 200).length < 40) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      stop = true;
      await Promise.all(loops);
      await ensureClusterRunning(cluster, adminUrl);
    }

    const byPhase = (p: Outcome['phase']) => outcomes.filter((o) => o.phase === p);
    const summary = JSON.stringify(
      Object.fromEntries(
        (['before', 'down', 'after'] as const).map((p) => [
          p,
          byPhase(p).reduce<Record<string, number>>((m, o) => ({ ...m, [o.status]: (m[o.status] ?? 0) + 1 }), {}),
        ]),
      ),
    );
    // Every request was answered (no hang, no dropped socket), and never with a 500.
    expect(
      outcomes.filter((o) => o.status === 'hang' || o.status === 'network'),
      summary,
    ).toEqual([]);
    expect(
      outcomes.filter((o) => o.status !== 200 && o.status !== 503),
      summary,
    ).toEqual([]);
    // Load ran before and after, and the outage was answered with 503 problem+json + Retry-After.
    expect(byPhase('before').filter((o) => o.status === 200).length, summary).toBeGreaterThan(10);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length, summary).toBeGreaterThan(5);
    for (const o of unavailable) {
      expect(o.contentType).toMatch(/^application\/problem\+json/);
      expect(o.retryAfter).toMatch(/^\d+$/);
    }
    // Recovered by itself: actions succeed again and the probe is green, on the same process.
    expect(byPhase('after').filter((o) => o.status === 200).length, summary).toBeGreaterThanOrEqual(40);
    expect((await fetch(`${app.origin}/readyz`)).status).toBe(200);

    // Every acknowledged action is still there (read through a fresh connection).
    const check = await openDatabase({ dataDir: '', databaseUrl: pg.url }, { skipMigrations: true });
    try {
      const stored = await check.db.selectFrom('articles').select(['id', 'published_at']).execute();
      const published = new Map(stored.map((r) => [Number(r.id), r.published_at !== null]));
      for (const [id, state] of acked) expect(published.get(id), `article ${id}`).toBe(state);
      // An action without a 2xx may or may not have landed; the article is in one of the two states.
      for (const [id] of uncertain) expect(published.has(id)).toBe(true);
      const audit = await check.db
        .selectFrom('audit_log' as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const ok = outcomes.filter((o) => o.status === 200).length;
      expect(Number((audit as { n: number }).n)).toBeGreaterThanOrEqual(ok);
    } finally {
      await check.destroy();
    }
  });
});
