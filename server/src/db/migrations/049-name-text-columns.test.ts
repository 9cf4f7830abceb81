import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/**
 * Migration 049 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`): author
 * and tag names, an author's photo address and the byline keep what they held and take any text within
 * the API's limits, whose characters may be many code points each (common/text-length.ts).
 */
describe('migration 049 on an existing database', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 7 code points
  const now = new Date().toISOString();
  let upgraded: UpgradedDatabase;
  let database: Db;
  let articleId: number;

  beforeAll(async () => {
    upgraded = await upgradedDatabase('048-character-text-columns', async (before) => {
      const [row] = await insertArticles(before.db, [{ headline: 'Old goat story', author: 'Ann Old' }]);
      articleId = row!.id;
      await before.db
        .insertInto('authors')
        .values({
          name: 'Ann Old',
          slug: 'ann-old',
          bio: '',
          photo_url: '/images/ann.jpg',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await before.db
        .insertInto('tags')
        .values({ name: 'Goats', slug: 'goats', created_at: now, updated_at: now })
        .execute();
    });
    database = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('keeps the stored names, and stores each at its limit in characters of many code points', async () => {
    const db = database.db;
    expect(await db.selectFrom('authors').select(['name', 'photo_url']).execute()).toEqual([
      { name: 'Ann Old', photo_url: '/images/ann.jpg' },
    ]);
    expect(await db.selectFrom('tags').select('name').execute()).toEqual([{ name: 'Goats' }]);
    const name = `A${FAMILY.repeat(199)}`;
    const photoUrl = `/images/${FAMILY.repeat(1992)}`;
    await db.updateTable('authors').set({ name, photo_url: photoUrl }).where('slug', '=', 'ann-old').execute();
    await db
      .updateTable('tags')
      .set({ name: `T${FAMILY.repeat(99)}` })
      .where('slug', '=', 'goats')
      .execute();
    const byline = `${Array.from({ length: 9 }, () => name).join(', ')} and ${name}`;
    await db.updateTable('articles').set({ author: byline }).where('id', '=', articleId).execute();
    expect(await db.selectFrom('authors').select(['name', 'photo_url']).execute()).toEqual([
      { name, photo_url: photoUrl },
    ]);
    expect(await db.selectFrom('tags').select('name').execute()).toEqual([{ name: `T${FAMILY.repeat(99)}` }]);
    expect(
      await db.selectFrom('articles').select('author').where('id', '=', articleId).executeTakeFirstOrThrow(),
    ).toEqual({ author: byline });
  });
});
