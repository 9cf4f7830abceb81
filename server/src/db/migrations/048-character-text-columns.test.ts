import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRepository } from '../../repositories/search-repository.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/**
 * Migration 048 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`): the
 * article's and the picture library's texts keep what they held and take any text within the API's
 * limits, whose characters may be many code points each (common/text-length.ts); the search document
 * still follows the headline (its trigger, which names the column, is made again).
 */
describe('migration 048 on an existing database', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 7 code points
  const IMAGE_ID = 'a'.repeat(32);
  let upgraded: UpgradedDatabase;
  let database: Db;
  let id: number;

  beforeAll(async () => {
    upgraded = await upgradedDatabase('046-search-social-text-columns', async (before) => {
      const [row] = await insertArticles(before.db, [
        {
          headline: 'Old goat story',
          source: 'Old source',
          image_alt: 'An old goat',
          image_credit: 'Photo: Ann',
          published_at: new Date().toISOString(),
        },
      ]);
      id = row!.id;
      await before.db
        .insertInto('images')
        .values({
          id: IMAGE_ID,
          width: 10,
          height: 10,
          alt: 'A goat',
          caption: 'Goat',
          credit: 'Ann',
          focal_x: 0.5,
          focal_y: 0.5,
          created_at: new Date().toISOString(),
        })
        .execute();
    });
    database = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('keeps the stored texts, and stores each at its limit in characters of many code points', async () => {
    const old = await database.db
      .selectFrom('articles')
      .select(['headline', 'source', 'image_alt', 'image_credit'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({
      headline: 'Old goat story',
      source: 'Old source',
      image_alt: 'An old goat',
      image_credit: 'Photo: Ann',
    });
    const full = {
      headline: `Goat ${FAMILY.repeat(295)}`,
      source: FAMILY.repeat(200),
      editor_name: FAMILY.repeat(200),
      image_url: `/images/${FAMILY.repeat(1990)}`,
      original_url: `/x/${FAMILY.repeat(1995)}`,
      image_alt: FAMILY.repeat(1000),
      image_caption: FAMILY.repeat(2000),
      image_credit: FAMILY.repeat(300),
    };
    const [row] = await insertArticles(database.db, [full]);
    expect(row).toMatchObject(full);
    const texts = { alt: FAMILY.repeat(1000), caption: FAMILY.repeat(2000), credit: FAMILY.repeat(300) };
    await database.db.updateTable('images').set(texts).where('id', '=', IMAGE_ID).execute();
    const image = await database.db
      .selectFrom('images')
      .select(['alt', 'caption', 'credit'])
      .where('id', '=', IMAGE_ID)
      .executeTakeFirstOrThrow();
    expect(image).toEqual(texts);
  });

  it('still keeps the search document in step with the headline', async () => {
    const search = new SearchRepository(database.db, database.dialect);
    expect((await search.search('goat', 10, 0)).map((r) => r.id)).toEqual([id]);
    await database.db.updateTable('articles').set({ headline: 'Llama elected mayor' }).where('id', '=', id).execute();
    expect((await search.search('llama', 10, 0)).map((r) => r.id)).toEqual([id]);
    expect(await search.search('goat', 10, 0)).toEqual([]);
  });
});
