import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { migrateTo, openDatabase } from '../index.ts';

/** A database written by the release before migration 005 gets exact hourly counts when it upgrades (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 005 on an existing database', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-m005-'));
  });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  it('fills article_hour_counts from the articles already there, then keeps it exact', async () => {
    // The previous release's schema: the migrations up to 004 only (no hourly counts, no triggers).
    const before = await openDatabase({ dataDir: dir, databaseUrl: '' }, { skipMigrations: true });
    await migrateTo(before.db, before.dialect, '004-social');
    const now = Date.now();
    await insertArticles(
      before.db,
      Array.from({ length: 400 }, (_, i) => ({
        slug: `old-${i}`,
        created_at: new Date(now - i * 37 * 60_000).toISOString(),
      })),
    );
    await before.destroy();

    const after = await openDatabase({ dataDir: dir, databaseUrl: '' });
    try {
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
      await after.db.deleteFrom('articles').where('slug', 'in', ['old-0', 'old-1', 'old-2']).execute();
      expect((await repo.dashboard(at)).articlesLastWeek).toBe(await real(weekAgo));
    } finally {
      await after.destroy();
    }
  });
});
