import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArticleReadsRepository, hourOf, IDS_PER_STATEMENT, windowStart } from './article-reads.ts';
import { daysAgo, insertArticle, insertArticles } from '../test-support/admin-articles.ts';
import { queryPlan, SORTS, statementsOf } from '../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// Read counts by article and hour (decision 049), on SQLite (api) and PostgreSQL (api-pg): adding to an
// hour's row, the sums over a window, the lists' order and filters, the purge, and the rows going with
// their article when it is deleted for good.
let t: TestApp;
let repo: ArticleReadsRepository;
const NOW = new Date('2026-11-30T20:36:00.000Z');
const HOUR = 3_600_000;
const hoursAgo = (h: number) => hourOf(NOW.getTime() - h * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  repo = new ArticleReadsRepository(t.database.db);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('article_reads').execute();
  await t.database.db.deleteFrom('articles').execute();
});

const published = (at = daysAgo(1, NOW), headline?: string) =>
  insertArticle(t.database.db, { published_at: at, ...(headline ? { headline } : {}) });
const rowsOf = (id: number) =>
  t.database.db.selectFrom('article_reads').selectAll().where('article_id', '=', id).orderBy('hour').execute();

describe('hours', () => {
  it("stores the hour's start and a window of 24 starts 23 hours before the current one", () => {
    expect(hourOf(NOW)).toBe('2026-11-30T20:00:00.000Z');
    expect(windowStart(NOW, 24)).toBe('2026-11-29T21:00:00.000Z');
    expect(windowStart(NOW, 1)).toBe('2026-11-30T20:00:00.000Z');
  });
});

describe('adding reads', () => {
  it("adds to the hour's row, so several writers' counts add up", async () => {
    const a = await published();
    expect(await repo.add([{ articleId: a.id, hour: hoursAgo(0), reads: 3 }])).toBe(3);
    // Another instance writes the same hour.
    await repo.add([
      { articleId: a.id, hour: hoursAgo(0), reads: 4 },
      { articleId: a.id, hour: hoursAgo(1), reads: 2 },
    ]);
    expect((await rowsOf(a.id)).map((r) => [r.hour, Number(r.reads)])).toEqual([
      [hoursAgo(1), 2],
      [hoursAgo(0), 7],
    ]);
  });

  it('drops the counts of an article that no longer exists and writes the others', async () => {
    const a = await published();
    const gone = await published();
    await t.database.db.deleteFrom('articles').where('id', '=', gone.id).execute();
    expect(
      await repo.add([
        { articleId: gone.id, hour: hoursAgo(0), reads: 5 },
        { articleId: a.id, hour: hoursAgo(0), reads: 1 },
      ]),
    ).toBe(1);
    expect(await rowsOf(gone.id)).toEqual([]);
    expect(await repo.readsOf(a.id, NOW, 24)).toBe(1);
  });

  it('writes many rows at once (more than one statement holds)', async () => {
    const a = await published();
    const counts = Array.from({ length: 700 }, (_, h) => ({ articleId: a.id, hour: hoursAgo(h), reads: 1 }));
    expect(await repo.add(counts)).toBe(700);
    expect(await repo.readsOf(a.id, NOW, 24 * 7)).toBe(168);
  });
});

describe('summing over the window', () => {
  it('counts the current hour and the 23 before it, not the hour before those', async () => {
    const a = await published();
    await repo.add([
      { articleId: a.id, hour: hoursAgo(0), reads: 1 },
      { articleId: a.id, hour: hoursAgo(23), reads: 10 },
      { articleId: a.id, hour: hoursAgo(24), reads: 100 },
      { articleId: a.id, hour: hoursAgo(24 * 7), reads: 1000 },
    ]);
    expect(await repo.readsOf(a.id, NOW, 24)).toBe(11);
    expect(await repo.readsOf(a.id, NOW, 24 * 7)).toBe(111);
    expect(await repo.readsOf(a.id + 1000, NOW, 24)).toBe(0);
  });

  it('lists the most read first, the newer publication first on a tie, published stories only', async () => {
    const older = await published(daysAgo(3, NOW), 'Older tie');
    const newer = await published(daysAgo(2, NOW), 'Newer tie');
    const top = await published(daysAgo(5, NOW), 'Top story');
    const draft = await insertArticle(t.database.db, { published_at: null, headline: 'Unpublished since' });
    const stale = await published(daysAgo(1, NOW), 'Read two days ago');
    await repo.add([
      { articleId: older.id, hour: hoursAgo(2), reads: 4 },
      { articleId: newer.id, hour: hoursAgo(1), reads: 2 },
      { articleId: newer.id, hour: hoursAgo(3), reads: 2 },
      { articleId: top.id, hour: hoursAgo(0), reads: 9 },
      { articleId: draft.id, hour: hoursAgo(0), reads: 50 },
      { articleId: stale.id, hour: hoursAgo(48), reads: 70 },
    ]);
    const list = await repo.mostRead(NOW, 24, 6, true);
    expect(list.map((r) => [r.headline, r.reads])).toEqual([
      ['Top story', 9],
      ['Newer tie', 4],
      ['Older tie', 4],
    ]);
    expect(list[0]).toMatchObject({ id: top.id, slug: top.slug, categoryId: 1, publishedAt: top.published_at });
    expect((await repo.mostRead(NOW, 24, 2, true)).map((r) => r.id)).toEqual([top.id, newer.id]);
    // The newsroom's list: the unpublished story too, not one in the trash.
    const trashed = await insertArticle(t.database.db, {
      published_at: null,
      deleted_at: NOW.toISOString(),
      headline: 'In the trash',
    });
    await repo.add([{ articleId: trashed.id, hour: hoursAgo(0), reads: 80 }]);
    expect((await repo.mostRead(NOW, 24, 10, false)).map((r) => r.headline)).toEqual([
      'Unpublished since',
      'Top story',
      'Newer tie',
      'Older tie',
    ]);
  });

  it("lists a section's stories only, with the same window and rules, when given its id", async () => {
    const politics = await insertArticle(t.database.db, { published_at: daysAgo(2, NOW), category_id: 1 });
    const older = await insertArticle(t.database.db, { published_at: daysAgo(3, NOW), category_id: 1 });
    const stale = await insertArticle(t.database.db, { published_at: daysAgo(1, NOW), category_id: 1 });
    const draft = await insertArticle(t.database.db, { published_at: null, category_id: 1 });
    const sport = await insertArticle(t.database.db, { published_at: daysAgo(1, NOW), category_id: 3 });
    await repo.add([
      { articleId: politics.id, hour: hoursAgo(23), reads: 2 },
      { articleId: older.id, hour: hoursAgo(0), reads: 2 },
      { articleId: stale.id, hour: hoursAgo(24), reads: 90 },
      { articleId: draft.id, hour: hoursAgo(0), reads: 80 },
      { articleId: sport.id, hour: hoursAgo(0), reads: 70 },
    ]);
    expect((await repo.mostRead(NOW, 24, 6, true, 1)).map((r) => [r.id, r.reads])).toEqual([
      [politics.id, 2],
      [older.id, 2],
    ]);
    expect((await repo.mostRead(NOW, 24, 6, true, 3)).map((r) => r.id)).toEqual([sport.id]);
    expect(await repo.mostRead(NOW, 24, 6, true, 2)).toEqual([]);
    expect((await repo.mostRead(NOW, 24, 6, true)).map((r) => r.id)).toEqual([sport.id, politics.id, older.id]);
  });

  // With many stories and hours, no table is read whole: on SQLite the stories come from an index (a
  // section's from articles_archive_category_idx, led by the section) and each one's hours by the
  // primary key's range; on PostgreSQL the window's rows come from article_reads_hour_idx alone. Only
  // the groups are sorted, by their sums. The section is one more condition on indexes that exist: no
  // index of its own is needed.
  it("reads the window and the stories through indexes, a section's list too", async () => {
    const stories = await insertArticles(
      t.database.db,
      Array.from({ length: 600 }, (_, i) => ({ published_at: daysAgo(1 + i / 100, NOW), category_id: (i % 6) + 1 })),
    );
    await repo.add(
      stories.flatMap((a, i) =>
        Array.from({ length: 8 }, (_, h) => ({
          articleId: a.id,
          hour: hoursAgo(h * 12 + (i % 12)),
          reads: 1 + (i % 7),
        })),
      ),
    );
    await t.database.db.executeQuery(CompiledQuery.raw('analyze'));
    for (const categoryId of [undefined, 1]) {
      const statements = await statementsOf(t.database, (db) =>
        new ArticleReadsRepository(db).mostRead(NOW, 24, 6, true, categoryId),
      );
      expect(statements).toHaveLength(1);
      const lines = await queryPlan(t.database, statements[0]!);
      const plan = lines.join('\n');
      if (t.database.dialect === 'sqlite') {
        expect(plan).toMatch(/SEARCH articles USING (COVERING )?INDEX \w+/);
        expect(plan).toMatch(/SEARCH article_reads USING (COVERING )?INDEX \w+ \((article_id=\? AND )?hour>\?\)/);
        expect(plan).not.toMatch(/\bSCAN /);
        if (categoryId) expect(plan).toMatch(/INDEX articles_archive_category_idx \(category_id=\?/);
        expect(lines.filter((l) => SORTS.test(l)).length, plan).toBeLessThanOrEqual(1);
      } else {
        expect(plan).toMatch(/Index Only Scan using article_reads_hour_idx on article_reads/);
        expect(plan).not.toMatch(/Seq Scan/);
        if (categoryId) expect(plan).toMatch(/category_id = 1/);
      }
    }
  });

  it("sums several articles' windows at once, leaving out those without reads, past the ids a statement names too", async () => {
    const a = await published();
    const b = await published();
    const quiet = await published();
    await repo.add([
      { articleId: a.id, hour: hoursAgo(0), reads: 1 },
      { articleId: a.id, hour: hoursAgo(24 * 7 - 1), reads: 10 },
      { articleId: a.id, hour: hoursAgo(24 * 7), reads: 100 },
      { articleId: b.id, hour: hoursAgo(5), reads: 7 },
      { articleId: quiet.id, hour: hoursAgo(24 * 7), reads: 3 },
    ]);
    const expected = new Map([
      [a.id, 11],
      [b.id, 7],
    ]);
    expect(await repo.readsOfMany([a.id, b.id, quiet.id, a.id + 1000], NOW, 24 * 7)).toEqual(expected);
    // More ids than a statement names: the same sums, of the ids asked for only.
    const many = [a.id, b.id, quiet.id, ...Array.from({ length: IDS_PER_STATEMENT }, (_, i) => a.id + 1000 + i)];
    expect(await repo.readsOfMany(many, NOW, 24 * 7)).toEqual(expected);
    expect(await repo.readsOfMany([b.id], NOW, 24 * 7)).toEqual(new Map([[b.id, 7]]));
    expect(await repo.readsOfMany([], NOW, 24 * 7)).toEqual(new Map());
  });

  // All Articles' rows (a page of up to 100 ids, or every article): one statement, never the whole table:
  // on SQLite each id's hours by the primary key's range (past IDS_PER_STATEMENT ids, a skip-scan of it
  // by the hour); on PostgreSQL the window's rows by the hour (article_reads_hour_idx, the table
  // vacuumed as autovacuum would) or the primary key.
  it("reads a page's articles' reads through indexes, in one statement whatever the page size", async () => {
    const stories = await insertArticles(
      t.database.db,
      Array.from({ length: 600 }, (_, i) => ({ published_at: daysAgo(1 + i / 100, NOW) })),
    );
    await repo.add(
      stories.flatMap((a, i) =>
        Array.from({ length: 20 }, (_, h) => ({ articleId: a.id, hour: hoursAgo(h * 24 + (i % 24)), reads: 1 })),
      ),
    );
    await t.database.db.executeQuery(
      CompiledQuery.raw(t.database.dialect === 'sqlite' ? 'analyze' : 'vacuum analyze article_reads'),
    );
    for (const ids of [stories.slice(0, 100).map((a) => a.id), stories.map((a) => a.id)]) {
      const statements = await statementsOf(t.database, (db) =>
        new ArticleReadsRepository(db).readsOfMany(ids, NOW, 24 * 7),
      );
      expect(statements).toHaveLength(1);
      const plan = (await queryPlan(t.database, statements[0]!)).join('\n');
      const named = ids.length <= IDS_PER_STATEMENT;
      if (t.database.dialect === 'sqlite') {
        expect(plan).not.toMatch(/\bSCAN article_reads\b/);
        expect(plan).toMatch(
          named
            ? /SEARCH article_reads USING (COVERING )?INDEX \w+ \(article_id=\? AND hour>\?\)|SEARCH article_reads USING PRIMARY KEY \(article_id=\? AND hour>\?\)/
            : /SEARCH article_reads USING (COVERING )?INDEX \w+ \((ANY\(article_id\) AND )?hour>\?\)/,
        );
      } else {
        expect(plan).not.toMatch(/Seq Scan/);
        expect(plan).toMatch(/Index (Only )?Scan using \w+ on article_reads/);
        expect(plan).toMatch(/Index Cond: .*hour\)?(::text)? >= /);
      }
    }
  });

  it('is empty when no story has reads in the window', async () => {
    const a = await published();
    await repo.add([{ articleId: a.id, hour: hoursAgo(30), reads: 3 }]);
    expect(await repo.mostRead(NOW, 24, 6, true)).toEqual([]);
  });

  it('knows which articles are published', async () => {
    const a = await published();
    const draft = await insertArticle(t.database.db, { published_at: null });
    expect(await repo.isPublished(a.id)).toBe(true);
    expect(await repo.isPublished(draft.id)).toBe(false);
    expect(await repo.isPublished(a.id + 1000)).toBe(false);
  });
});

describe('purge and deletion', () => {
  it('deletes the hours that started before the cutoff, and no others', async () => {
    const a = await published();
    await repo.add([
      { articleId: a.id, hour: hoursAgo(24 * 91), reads: 1 },
      { articleId: a.id, hour: hoursAgo(24 * 90), reads: 2 },
      { articleId: a.id, hour: hoursAgo(0), reads: 3 },
    ]);
    const cutoff = new Date(NOW.getTime() - 90 * 24 * HOUR);
    expect(await repo.purgeBefore(cutoff)).toBe(2);
    expect((await rowsOf(a.id)).map((r) => Number(r.reads))).toEqual([3]);
    expect(await repo.purgeBefore(cutoff)).toBe(0);
  });

  it("goes with its article when that is deleted for good (the editor's Delete for good)", async () => {
    const a = await published();
    const kept = await published();
    await repo.add([
      { articleId: a.id, hour: hoursAgo(0), reads: 3 },
      { articleId: kept.id, hour: hoursAgo(0), reads: 1 },
    ]);
    const auth = { authorization: await t.bearer() };
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/articles/${a.id}`, headers: auth })).statusCode,
    ).toBe(204);
    expect(await rowsOf(a.id)).toHaveLength(1);
    const purge = await t.app.inject({ method: 'POST', url: `/api/admin/articles/${a.id}/purge`, headers: auth });
    expect(purge.statusCode, purge.body).toBe(204);
    expect(await rowsOf(a.id)).toEqual([]);
    expect(await rowsOf(kept.id)).toHaveLength(1);
  });
});

describe("the scheduler's purge", () => {
  it('deletes read counts older than 90 days on its first step, then at most once an hour', async () => {
    const a = await published();
    const now = new Date();
    const old = hourOf(now.getTime() - 91 * 24 * HOUR);
    await repo.add([
      { articleId: a.id, hour: old, reads: 1 },
      { articleId: a.id, hour: hourOf(now), reads: 1 },
    ]);
    const first = await t.app.scheduler.tick(now);
    expect(first.readsPurged).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(a.id)).map((r) => r.hour)).toEqual([hourOf(now)]);
    await repo.add([{ articleId: a.id, hour: old, reads: 1 }]);
    expect((await t.app.scheduler.tick(new Date(now.getTime() + 60_000))).readsPurged).toBeUndefined();
    expect((await t.app.scheduler.tick(new Date(now.getTime() + HOUR))).readsPurged).toBe(1);
  });
});
