import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/**
 * Migration 043 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`):
 * every article gets an empty search and social title and description (the headline and the summary
 * then, as before), and new rows may leave them out.
 */
describe('migration 043 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let database: Db;
  let ids: number[];

  beforeAll(async () => {
    upgraded = await upgradedDatabase('042-preview-links', async (before) => {
      const rows = await insertArticles(before.db, [{ headline: 'Old story one' }, { headline: 'Old story two' }]);
      ids = rows.map((r) => r.id);
    });
    database = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it("gives the existing articles '' for both", async () => {
    const rows = await database.db
      .selectFrom('articles')
      .select(['id', 'headline', 'meta_title', 'meta_description'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: ids[0], headline: 'Old story one', meta_title: '', meta_description: '' },
      { id: ids[1], headline: 'Old story two', meta_title: '', meta_description: '' },
    ]);
  });

  it('stores a title and a description, and takes new rows without them', async () => {
    const [row] = await insertArticles(database.db, [
      { headline: 'New story', meta_title: 'A title for search', meta_description: 'A description.' },
    ]);
    expect(row).toMatchObject({ meta_title: 'A title for search', meta_description: 'A description.' });
    const [plain] = await insertArticles(database.db, [{ headline: 'Plain story' }]);
    expect(plain).toMatchObject({ meta_title: '', meta_description: '' });
  });
});
