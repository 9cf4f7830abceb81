import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticlesRepository, type ListQuery } from '../../repositories/admin-articles.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan as plan, statementsOf as statementsOfDb } from '../../test-support/query-plans.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

const SORT_NODE = /^\s*(->\s*)?(Incremental )?Sort$/;
const INDEX = 'articles_list_unpublished_updated_idx';

/** The statements a repository call runs, compiled as the database receives them. */
const statementsOf = (database: Db, call: (repo: AdminArticlesRepository) => Promise<unknown>) =>
  statementsOfDb(database, (spy) => call(new AdminArticlesRepository(spy, database.dialect)));

/** Migration 054 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 054 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let after: Db;
  beforeAll(async () => {
    upgraded = await upgradedDatabase('052-article-reads', async (before) => {
      // Drafts, scheduled, published and trashed rows; the last change in another order than creation.
      await insertArticles(
        before.db,
        Array.from({ length: 60 }, (_, i) => {
          const published = i % 3 === 0;
          const trashed = !published && i % 11 === 2;
          return {
            slug: `m054-${i}`,
            category_id: (i % 6) + 1,
            created_at: daysAgo(i),
            updated_at: daysAgo((i * 7) % 60),
            published_at: published ? daysAgo(i / 2) : null,
            publish_at: !published && !trashed && i % 5 === 1 ? daysAgo(-i) : null,
            deleted_at: trashed ? daysAgo(0.5) : null,
          };
        }),
      );
    });
    after = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it.each([
    ['drafts without a schedule', { status: 'draft' }],
    ['drafts and scheduled ones', { status: 'unpublished' }],
  ] as const)(
    'reads a page of %s by last change in order off the new index, with no sort of the drafts',
    async (_name, filter) => {
      const query: ListQuery = { page: 1, pageSize: 10, sort: 'updated', ...filter };
      const statements = await statementsOf(after, (repo) => repo.list(query));
      const page = statements.find((s) => /order by/i.test(s.sql))!;
      expect(page.sql).toMatch(/order by "updated_at" desc/i);
      const lines = await plan(after, page);
      const text = lines.join('\n');
      expect(text, text).toContain(INDEX);
      if (after.dialect === 'sqlite') {
        expect(
          lines.filter((l) => l.startsWith('  ') && l.includes('TEMP B-TREE')),
          text,
        ).toEqual([]);
      } else {
        // One sort: the page's rows on the outside, above the nested loop that reads them.
        expect(
          lines.filter((l) => SORT_NODE.test(l)),
          text,
        ).toHaveLength(1);
        expect(
          lines.findIndex((l) => SORT_NODE.test(l)),
          text,
        ).toBeLessThan(lines.findIndex((l) => l.includes(INDEX)));
      }
    },
  );

  it('lists the drafts by last change, the latest first, ties by id', async () => {
    const repo = new AdminArticlesRepository(after.db, after.dialect);
    const page = await repo.list({ page: 1, pageSize: -1, status: 'draft', sort: 'updated' });
    const rows = await after.db
      .selectFrom('articles')
      .select(['id', 'updated_at'])
      .where('published_at', 'is', null)
      .where('publish_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    const expected = rows
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || Number(b.id) - Number(a.id))
      .map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(5);
    expect(page.articles.map((a) => a.id)).toEqual(expected);
    expect(page.totalCount).toBe(expected.length);
  });
});
