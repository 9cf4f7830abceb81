import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { openDatabase } from '../index.ts';

/** A database written by the release before migration 005 gets exact hourly counts when it upgrades (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 005 on an existing database', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-m005-'));
  });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  it('fills article_hour_counts from the articles already there, then keeps it exact', async () => {
    const before = await openDatabase({ dataDir: dir, databaseUrl: '' });
    // Back to the previous release's schema: no hourly counts, no triggers, 005 and 006 not applied.
    if (before.dialect === 'postgres') {
      await sql`drop trigger article_hour_counts_track on articles`.execute(before.db);
      await sql`drop function article_hour_counts_track()`.execute(before.db);
      await sql`drop index articles_admin_drafts_only_idx, articles_admin_category_drafts_only_idx`.execute(before.db);
    } else {
      for (const t of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger article_hour_counts_${t}`).execute(before.db);
    }
    await sql`drop table article_hour_counts`.execute(before.db);
    // Later migrations re-run after 005: undo what 007 added (it replaces the count triggers itself).
    for (const index of [
      'articles_publish_at_idx',
      'articles_deleted_at_idx',
      'audit_log_actor_idx',
      'audit_log_action_idx',
      'articles_shown_date_idx',
    ])
      await sql.raw(`drop index ${index}`).execute(before.db);
    if (before.dialect === 'postgres') await sql`drop trigger article_counts_track on articles`.execute(before.db);
    else
      for (const t of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger article_counts_${t}`).execute(before.db);
    await sql`drop table article_revisions`.execute(before.db);
    await sql`drop table slug_redirects`.execute(before.db);
    for (const column of ['version', 'publish_at', 'deleted_at', 'trashed_published_at', 'updated_by'])
      await sql.raw(`alter table articles drop column ${column}`).execute(before.db);
    await sql`delete from kysely_migration where name in ('005-dashboard-counts', '006-oidc-token-hashes', '007-newsroom')`.execute(
      before.db,
    );
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
