import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleNotesRepository } from '../../repositories/article-notes.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan, statementsOf } from '../../test-support/query-plans.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';

/** Migration 055 on a database an earlier release left, with notes (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 055 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  beforeAll(async () => {
    upgraded = await upgradedDatabase('054-drafts-by-last-change', async (before) => {
      const [kept, trashed] = await insertArticles(before.db, [
        { headline: 'Kept story' },
        { headline: 'Trashed story', deleted_at: daysAgo(1) },
      ]);
      await before.db
        .insertInto('article_notes')
        .values(
          Array.from({ length: 8 }, (_, i) => ({
            article_id: i % 2 ? trashed!.id : kept!.id,
            text: `Note ${i}`,
            created_at: daysAgo(i / 24),
            author_subject: 'editor-1',
            author_name: 'Fenella Grubb',
          })),
        )
        .execute();
    });
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('lists the notes written before it, newest first, the Trash left out, off the new index', async () => {
    const { database } = upgraded;
    const repo = (db = database.db) => new ArticleNotesRepository(db, database.dialect, null);
    expect((await repo().latest(5)).map((n) => n.excerpt)).toEqual(['Note 0', 'Note 2', 'Note 4', 'Note 6']);
    const [statement] = await statementsOf(database, (spy) => repo(spy).latest(5));
    const plan = (await queryPlan(database, statement!)).join('\n');
    expect(plan).toContain('article_notes_created_idx');
  });
});
