import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/** A database written by the release before migration 005 gets exact hourly counts when it upgrades (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 005 on an existing database', () => {
  const now = Date.now();
  let upgraded: UpgradedDatabase;
  let after: Db;
  beforeAll(async () => {
    // The previous release's schema: the migrations up to 004 only (no hourly counts, no triggers).
    upgraded = await upgradedDatabase('004-social', async (before) => {
      // Each headline gives the slug it is stored with, so migration 033 renames none (the three deleted
      // below keep theirs), and no byline, so 037 makes no authors: the upgrade runs no statement per article.
      await insertArticles(
        before.db,
        Array.from({ length: 400 }, (_, i) => ({
          headline: `Old ${i}`,
          slug: `old-${i}`,
          author: '',
          created_at: new Date(now - i * 37 * 60_000).toISOString(),
        })),
      );
    });
    after = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('fills article_hour_counts from the articles already there, then keeps it exact', async () => {
    const real = async (since: string) =>
      Number(
        (
          await after.db
            .selectFrom('articles')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('created_at', '>=', since)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const repo = new AdminArticlesRepository(after.db, after.dialect);
    const at = new Date(now);
    const weekAgo = new Date(now - 7 * 24 * 3_600_000).toISOString();
    expect(await real(weekAgo)).toBeGreaterThan(200);
    expect((await repo.dashboard(at)).articlesLastWeek).toBe(await real(weekAgo));
    // The triggers are back too.
    const deleted = await after.db
      .deleteFrom('articles')
      .where('slug', 'in', ['old-0', 'old-1', 'old-2'])
      .executeTakeFirstOrThrow();
    expect(Number(deleted.numDeletedRows)).toBe(3);
    expect((await repo.dashboard(at)).articlesLastWeek).toBe(await real(weekAgo));
  });
});
