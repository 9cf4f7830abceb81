import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/**
 * Migration 046 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`): the
 * search and social fields keep what they held and take any text within the API's limits, whose
 * characters may be many code points each (common/text-length.ts).
 */
describe('migration 046 on an existing database', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 7 code points
  let upgraded: UpgradedDatabase;
  let database: Db;
  let id: number;

  beforeAll(async () => {
    upgraded = await upgradedDatabase('045-undescribed-images', async (before) => {
      const [row] = await insertArticles(before.db, [
        { headline: 'Old story', meta_title: 'An old title', meta_description: 'An old description.' },
      ]);
      id = row!.id;
    });
    database = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('keeps the stored title and description, and stores 70 and 160 characters of many code points', async () => {
    const old = await database.db
      .selectFrom('articles')
      .select(['meta_title', 'meta_description'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({ meta_title: 'An old title', meta_description: 'An old description.' });
    const [row] = await insertArticles(database.db, [
      { headline: 'New story', meta_title: FAMILY.repeat(70), meta_description: FAMILY.repeat(160) },
    ]);
    expect(row).toMatchObject({ meta_title: FAMILY.repeat(70), meta_description: FAMILY.repeat(160) });
  });
});
