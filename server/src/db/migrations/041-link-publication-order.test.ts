import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorsAndTagsRepository, type Kind } from '../../repositories/authors-and-tags.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan, SORTS, statementsOf } from '../../test-support/query-plans.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

/**
 * Migration 041 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`):
 * the links get their article's publication time, triggers keep it in step, and the author and tag
 * pages read their stories in order off the new indexes.
 */
describe('migration 041 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let database: Db;
  let ids: number[];
  const links = (table: 'article_authors' | 'article_tags') =>
    database.db
      .selectFrom(table)
      .innerJoin('articles', 'articles.id', `${table}.article_id`)
      .select(['articles.id', 'articles.published_at as article', `${table}.published_at as link`])
      .orderBy('articles.id')
      .execute();

  beforeAll(async () => {
    upgraded = await upgradedDatabase('040-live-blog', async (before) => {
      const rows = await insertArticles(
        before.db,
        Array.from({ length: 8 }, (_, i) => ({
          headline: `Story ${i}`,
          published_at: i % 3 === 2 ? null : daysAgo(i),
        })),
      );
      ids = rows.map((r) => r.id);
      const now = new Date().toISOString();
      await before.db
        .insertInto('authors')
        .values({ id: 1, name: 'Ann', slug: 'ann', created_at: now, updated_at: now })
        .execute();
      await before.db
        .insertInto('tags')
        .values({ id: 1, name: 'Cats', slug: 'cats', created_at: now, updated_at: now })
        .execute();
      await before.db
        .insertInto('article_authors')
        .values(ids.map((id) => ({ article_id: id, author_id: 1, position: 0 })))
        .execute();
      await before.db
        .insertInto('article_tags')
        .values(ids.filter((_, i) => i % 2 === 0).map((id) => ({ article_id: id, tag_id: 1, position: 0 })))
        .execute();
    });
    database = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it("copies each article's publication time to its links (null for a draft)", async () => {
    for (const table of ['article_authors', 'article_tags'] as const) {
      const rows = await links(table);
      expect(rows.length, table).toBeGreaterThan(3);
      expect(rows.some((r) => r.article === null)).toBe(true);
      for (const r of rows) expect(r.link, `${table} ${r.id}`).toBe(r.article);
    }
  });

  it('keeps the copy in step when an article is published, unpublished or linked anew', async () => {
    const db = database.db;
    const draft = ids[2]!;
    const published = ids[0]!;
    const at = daysAgo(0.5);
    await db.updateTable('articles').set({ published_at: at }).where('id', '=', draft).execute();
    await db.updateTable('articles').set({ published_at: null }).where('id', '=', published).execute();
    // A link made after publication (an edit that adds a tag) takes the time at once.
    await db.insertInto('article_tags').values({ article_id: ids[1]!, tag_id: 1, position: 1 }).execute();
    for (const table of ['article_authors', 'article_tags'] as const) {
      for (const r of await links(table)) expect(r.link, `${table} ${r.id}`).toBe(r.article);
    }
    const copy = await db
      .selectFrom('article_authors')
      .select('published_at')
      .where('article_id', '=', draft)
      .executeTakeFirstOrThrow();
    expect(copy.published_at).toBe(at);
  });

  it.each(['authors', 'tags'] as const)(
    "reads a page of an %s's stories in order off its index, with no sort",
    async (kind: Kind) => {
      const index = kind === 'authors' ? 'article_authors_published_idx' : 'article_tags_published_idx';
      const cursor = { publishedAt: daysAgo(2), id: ids[2]! };
      const statements = await statementsOf(database, async (spy) => {
        const repo = new AuthorsAndTagsRepository(spy, database.dialect);
        await repo.stories(kind, 1, { count: 2 });
        await repo.stories(kind, 1, { count: 2, before: cursor });
        await repo.stories(kind, 1, { count: 2, after: cursor });
        await repo.latestWithContent(kind, 1, 10);
      });
      const ordered = statements.filter((s) => /order by/i.test(s.sql));
      expect(ordered.length).toBeGreaterThanOrEqual(4);
      for (const statement of ordered) {
        const lines = await queryPlan(database, statement);
        const text = lines.join('\n');
        expect(text, text).toContain(index);
        expect(
          lines.filter((l) => SORTS.test(l)),
          text,
        ).toEqual([]);
      }
    },
  );
});
