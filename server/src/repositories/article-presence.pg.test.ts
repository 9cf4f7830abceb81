import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRESENCE_WINDOW_SECONDS } from '../../../common/presence-contract.ts';
import { openDatabase, type Db } from '../db/index.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { ArticlePresenceRepository } from './article-presence.ts';

// Decision 047, 'Deleting stale rows': a Delete for good deletes the article's presence rows (its cascade)
// in an order of its own while it holds the article's lock. A statement that deletes several stale rows
// at once, in another order, meets it in a deadlock (40P01), and PostgreSQL cancels one of the two: an
// editor's Delete for good or heartbeat failing. Here the purge's transaction is stopped by hand after
// it has taken one row, so the orders are opposite every time: the former rule (one statement for every
// stale row) deadlocks; the sweep (a statement a row) and the heartbeat (its own row) wait and finish.

const TAB_1 = '00000000-0000-4000-8000-000000000001';
const TAB_2 = '00000000-0000-4000-8000-000000000002';
const SAM = { subject: 'editor-sam', name: 'Sam Editor' };

describe('presence rows deleted while an article is deleted for good, on PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let db: Db;
  /** The editor's Delete for good, as its transaction runs, one statement at a time. */
  let purger: pg.Client;
  /** Another session, for the former rule's statement. */
  let other: pg.Client;
  /** A third, looking at the locks. */
  let watcher: pg.Client;
  let articleId: number;
  const now = new Date();
  const stale = (seconds: number) => new Date(now.getTime() - (PRESENCE_WINDOW_SECONDS + seconds) * 1000).toISOString();

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    db = await openDatabase({ dataDir: '', databaseUrl: database.url });
    purger = new pg.Client({ connectionString: database.url });
    other = new pg.Client({ connectionString: database.url });
    watcher = new pg.Client({ connectionString: database.url });
    await Promise.all([purger.connect(), other.connect(), watcher.connect()]);
    // Found in a tenth of a second rather than the default second (the test's superuser may set it).
    await purger.query("set deadlock_timeout = '100ms'");
    await other.query("set deadlock_timeout = '100ms'");
  });
  afterAll(async () => {
    await purger?.end();
    await other?.end();
    await watcher?.end();
    await db?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    // A test that failed halfway leaves no transaction open.
    await purger.query('rollback');
    await db.db.deleteFrom('article_presence').execute();
    ({ id: articleId } = await insertArticle(db.db, { deleted_at: now.toISOString() }));
    // Two stale tabs on the article: tab 1 older and stored first, so a scan of the stale rows takes it first.
    for (const [tab, lastSeen] of [
      [TAB_1, stale(20)],
      [TAB_2, stale(10)],
    ] as const) {
      await db.db
        .insertInto('article_presence')
        .values({
          article_id: articleId,
          editor_subject: SAM.subject,
          editor_name: SAM.name,
          tab_id: tab,
          opened_at: lastSeen,
          last_seen: lastSeen,
        })
        .execute();
    }
  });

  /** The Delete for good's transaction up to its cascade's first row: the article locked, tab 2's row taken. */
  async function purgeHoldingTab2() {
    await purger.query('begin');
    await purger.query('select id from articles where id = $1 for update', [articleId]);
    await purger.query('delete from article_presence where article_id = $1 and tab_id = $2', [articleId, TAB_2]);
  }

  /** Waits until `n` sessions wait for a lock in the test's database. */
  const waiting = (n: number) =>
    expect
      .poll(
        async () =>
          Number(
            (
              await watcher.query(
                'select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()',
              )
            ).rows[0].n,
          ),
        { timeout: 10_000 },
      )
      .toBe(n);

  /** The rest of the Delete for good: the article, whose cascade deletes its other presence rows; then commit. */
  async function finishPurge(): Promise<unknown> {
    try {
      await purger.query('delete from articles where id = $1', [articleId]);
      await purger.query('commit');
      return undefined;
    } catch (err) {
      await purger.query('rollback');
      return err;
    }
  }

  it('the former rule, one statement deleting every stale row, deadlocks with it (the reproduction holds)', async () => {
    await purgeHoldingTab2();
    // The former heartbeat's first statement (in a sequential scan, as this small table is read).
    await other.query('set enable_indexscan = off; set enable_bitmapscan = off');
    const sweep = other
      .query('delete from article_presence where last_seen < $1', [stale(0)])
      .then(() => undefined)
      .catch((err: unknown) => err);
    await waiting(1);
    const [sweepError, purgeError] = await Promise.all([sweep, finishPurge()]);
    await other.query('reset enable_indexscan; reset enable_bitmapscan');
    const codes = [sweepError, purgeError].map((e) => (e as { code?: string } | undefined)?.code);
    expect(codes).toContain('40P01');
  });

  it("the scheduler's sweep and a heartbeat wait for the Delete for good, and all three finish", async () => {
    await purgeHoldingTab2();
    const repo = new ArticlePresenceRepository(db.db);
    // The sweep deletes tab 1's row, then waits for tab 2's; the heartbeat of tab 2 waits for its row too.
    const sweep = repo.sweep(now);
    const beat = repo.beat(articleId, SAM, TAB_2, now);
    await waiting(2);
    expect(await finishPurge()).toBeUndefined();
    // Tab 1's row was the sweep's, tab 2's the purge's; the article is gone, so the heartbeat finds none.
    expect(await sweep).toBe(1);
    expect(await beat).toBeUndefined();
    expect(await db.db.selectFrom('article_presence').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('articles').select('id').where('id', '=', articleId).execute()).toEqual([]);
  });

  it('a heartbeat of a new tab on the article waits for it too, and is told the article is gone', async () => {
    await purgeHoldingTab2();
    const beat = new ArticlePresenceRepository(db.db).beat(articleId, SAM, '00000000-0000-4000-8000-000000000003', now);
    await waiting(1);
    expect(await finishPurge()).toBeUndefined();
    expect(await beat).toBeUndefined();
  });
});
