import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';

/**
 * Migration 037 on a database an earlier release left: every free-text byline becomes author records
 * by the conservative split rule (common/byline.ts), one record per name across articles.
 */
describe('migration 037 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let t: TestApp;
  beforeAll(async () => {
    upgraded = await upgradedDatabase('034-backup-runs', async (before) => {
      await insertArticles(before.db, [
        { headline: 'One', author: 'Jane Doe and John Roe', published_at: daysAgo(3) },
        { headline: 'Two', author: 'jane doe', published_at: daysAgo(2) },
        { headline: 'Three', author: 'Rock and Roll Desk', published_at: null },
        { headline: 'Four', author: 'John Smith, Jr.', published_at: daysAgo(1) },
        { headline: 'Five', author: '', published_at: daysAgo(1) },
        { headline: 'Six', author: 'Ann Poe, Bo Lee & Cy Day', published_at: daysAgo(1) },
      ]);
    });
    t = await createTestApp({ env: { DATA_DIR: upgraded.dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    await upgraded?.close();
  });

  it('makes each byline its authors in order, the same person once, and keeps the text', async () => {
    const db = t.database.db;
    const authors = await db.selectFrom('authors').select(['name', 'slug']).orderBy('id').execute();
    expect(authors).toEqual([
      { name: 'Jane Doe', slug: 'jane-doe' },
      { name: 'John Roe', slug: 'john-roe' },
      { name: 'Rock and Roll Desk', slug: 'rock-and-roll-desk' },
      { name: 'John Smith, Jr.', slug: 'john-smith-jr' },
      { name: 'Ann Poe', slug: 'ann-poe' },
      { name: 'Bo Lee', slug: 'bo-lee' },
      { name: 'Cy Day', slug: 'cy-day' },
    ]);
    const links = await db
      .selectFrom('article_authors')
      .innerJoin('articles', 'articles.id', 'article_authors.article_id')
      .innerJoin('authors', 'authors.id', 'article_authors.author_id')
      .select(['articles.headline', 'authors.slug', 'article_authors.position'])
      .orderBy('articles.id')
      .orderBy('article_authors.position')
      .execute();
    expect(links.map((l) => `${l.headline}:${l.slug}`)).toEqual([
      'One:jane-doe',
      'One:john-roe',
      'Two:jane-doe',
      'Three:rock-and-roll-desk',
      'Four:john-smith-jr',
      'Six:ann-poe',
      'Six:bo-lee',
      'Six:cy-day',
    ]);
    const texts = await db.selectFrom('articles').select('author').orderBy('id').execute();
    expect(texts[0]!.author).toBe('Jane Doe and John Roe');
    const page = await t.app.inject({ url: '/News/author/jane-doe' });
    expect(page.json().articles.map((a: { headline: string }) => a.headline)).toEqual(['Two', 'One']);
  });
});
