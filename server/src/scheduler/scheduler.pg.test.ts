import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/auth-test-app.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import type { ArticlePublishedEvent } from './article-events.ts';

/** Polls `check` every 25 ms until it holds (the scheduler runs on its own short interval). */
async function until(check: () => Promise<boolean>, what: string, limitMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the scheduler with several instances on one PostgreSQL database', () => {
  let pg: TestPostgresDatabase;
  const instances: Instance[] = [];
  const events: { instance: number; event: ArticlePublishedEvent }[] = [];
  let publicUrl: string;

  async function start(i: number) {
    const port = await freePort();
    const instance = await startInstance(pg.url, publicUrl, { SCHEDULER_INTERVAL_MS: '50' }, port);
    instance.app.articleEvents.on('published', (event) => events.push({ instance: i, event }));
    instances[i] = instance;
    return instance;
  }

  beforeAll(async () => {
    pg = await createTestPostgresDatabase();
    publicUrl = `http://127.0.0.1:${await freePort()}`;
    await Promise.all([start(0), start(1)]);
  });
  afterAll(async () => {
    for (const i of instances) await i?.close();
    await pg?.drop();
  });

  const db = () => instances[0]!.database.db;
  const publishAudits = async (ids: number[]) =>
    db()
      .selectFrom('audit_log')
      .select('article_id')
      .where('action', '=', 'publish')
      .where('article_id', 'in', ids)
      .execute();

  it('publishes each due article exactly once while two instances tick at once', async () => {
    const soon = new Date(Date.now() + 300).toISOString();
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        insertArticle(instances[0]!.database.db, { headline: `Scheduled ${i}`, published_at: null }),
      ),
    );
    const ids = rows.map((r) => r.id);
    await db().updateTable('articles').set({ publish_at: soon }).where('id', 'in', ids).execute();
    // Besides both timers, hammer the step by hand from both instances.
    const extra = Array.from({ length: 10 }, (_, i) =>
      new Promise((r) => setTimeout(r, 280 + i * 5)).then(() =>
        Promise.all(instances.map((inst) => inst.app.scheduler.tick())),
      ),
    );
    await until(async () => (await publishAudits(ids)).length >= ids.length, 'all 30 published');
    await Promise.all(extra);
    // More steps on both: nothing is published twice.
    for (let i = 0; i < 3; i++) await Promise.all(instances.map((inst) => inst.app.scheduler.tick()));
    const audits = await publishAudits(ids);
    expect(audits.map((a) => Number(a.article_id)).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const revisions = await db()
      .selectFrom('article_revisions')
      .select('article_id')
      .where('action', '=', 'publish')
      .where('article_id', 'in', ids)
      .execute();
    expect(revisions).toHaveLength(ids.length);
    const published = await db()
      .selectFrom('articles')
      .select(['published_at', 'publish_at', 'version'])
      .where('id', 'in', ids)
      .execute();
    for (const p of published) expect(p).toEqual({ published_at: soon, publish_at: null, version: 2 });
    // One event per article, on whichever instance published it.
    const heard = events.filter((e) => ids.includes(e.event.article.id));
    expect(heard.map((e) => e.event.article.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(heard.every((e) => e.event.how === 'scheduled')).toBe(true);
    // Both instances' public lists have them at once (cache cleared on both).
    for (const inst of instances) {
      const list = await (await fetch(`${inst.origin}/News?count=50`)).json();
      expect(list.allArticles.length + list.breakingNews.length).toBe(30);
    }
  });

  it('after a restart, publishes what fell due while every instance was down, once', async () => {
    await instances[0]!.close();
    await instances[1]!.close();
    const { openDatabase } = await import('../db/index.ts');
    const direct = await openDatabase({ ...instances[0]!.config, databaseUrl: pg.url });
    let id: number;
    try {
      const row = await insertArticle(direct.db, { headline: 'Due During Downtime', published_at: null });
      id = row.id;
      await direct.db
        .updateTable('articles')
        .set({ publish_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', id)
        .execute();
    } finally {
      await direct.destroy();
    }
    await Promise.all([start(0), start(1)]);
    await until(async () => (await publishAudits([id])).length > 0, 'the overdue article published');
    for (let i = 0; i < 3; i++) await Promise.all(instances.map((inst) => inst.app.scheduler.tick()));
    expect(await publishAudits([id])).toHaveLength(1);
    expect(events.filter((e) => e.event.article.id === id)).toHaveLength(1);
  });
});
