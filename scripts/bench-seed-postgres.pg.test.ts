import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../server/src/db/index.ts';
import { AdminArticlesRepository } from '../server/src/repositories/admin-articles.ts';
import {
  createTestPostgresDatabase,
  type TestPostgresDatabase,
} from '../server/src/test-support/postgres-databases.ts';
import { seedBenchArticlesPostgres } from './bench-seed-postgres.ts';

/**
 * The bulk seed turns row triggers off and rebuilds the trigger-kept counters itself: they must
 * come out exactly as the triggers would have kept them, and keep counting afterwards.
 */
describe('bench seed on PostgreSQL (INSERT ... SELECT generate_series)', () => {
  let pg: TestPostgresDatabase;
  let database: Db;

  beforeAll(async () => {
    pg = await createTestPostgresDatabase();
    database = await openDatabase({ dataDir: '', databaseUrl: pg.url });
    await database.db.deleteFrom('articles').execute();
  });
  afterAll(async () => {
    await database?.destroy();
    await pg?.drop();
  });

  async function expectCountersExact() {
    const perPair = await sql<{ category_id: number; is_draft: number; real: string; kept: string | null }>`
      select a.category_id, a.is_draft, a.n as real, c.n as kept
      from (select category_id, case when published_at is null then 1 else 0 end as is_draft, count(*) as n from articles group by 1, 2) a
      left join (select category_id, is_draft, sum(n) as n from article_counts group by 1, 2) c
        on c.category_id = a.category_id and c.is_draft = a.is_draft`.execute(database.db);
    expect(perPair.rows.length).toBeGreaterThan(6);
    for (const r of perPair.rows)
      expect(Number(r.kept), `category ${r.category_id} draft ${r.is_draft}`).toBe(Number(r.real));
    const perHour = await sql<{ wrong: string }>`
      select count(*) as wrong from (select substr(created_at, 1, 13) as hour, count(*) as n from articles group by 1) a
      full join (select hour, n from article_hour_counts where n <> 0) h on h.hour = a.hour
      where a.n is distinct from h.n`.execute(database.db);
    expect(Number(perHour.rows[0]!.wrong)).toBe(0);
    const now = new Date();
    const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString();
    const real = await database.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>=', weekAgo)
      .executeTakeFirstOrThrow();
    const dashboard = await new AdminArticlesRepository(database.db, 'postgres').dashboard(now);
    expect(dashboard.articlesLastWeek).toBe(Number(real.n));
    expect(dashboard.totalArticles).toBe(
      Number(
        (
          await database.db
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    return dashboard;
  }

  it('rebuilds article_counts and article_hour_counts exactly, and the triggers carry on from there', async () => {
    const seeded = await seedBenchArticlesPostgres(database, 5000);
    expect(seeded.inserted).toBe(5000);
    const dashboard = await expectCountersExact();
    // Two years of 5,000 articles: about 48 in the last week; the figure is not a trivial zero.
    expect(dashboard.articlesLastWeek).toBeGreaterThan(10);
    expect(dashboard.totalArticles).toBe(5000);
    // Ordinary writes after the bulk load are counted by the triggers again.
    await sql`update articles set created_at = to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), published_at = null where id % 97 = 0`.execute(
      database.db,
    );
    await sql`delete from articles where id % 89 = 0`.execute(database.db);
    expect((await expectCountersExact()).articlesLastWeek).toBeGreaterThan(dashboard.articlesLastWeek);
  });
});
