import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticlesRepository, type ListQuery } from '../../repositories/admin-articles.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan as plan, statementsOf as statementsOfDb } from '../../test-support/query-plans.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

const SORT_NODE = /^\s*(->\s*)?(Incremental )?Sort$/;

const LIST_INDEXES = [
  'articles_list_idx',
  'articles_list_category_idx',
  'articles_list_published_idx',
  'articles_list_category_published_idx',
  'articles_list_unpublished_idx',
  'articles_list_category_unpublished_idx',
];
const CREATION_ORDER_INDEXES = [
  'articles_admin_draft_idx',
  'articles_admin_published_idx',
  'articles_admin_category_idx',
  'articles_admin_category_draft_idx',
  'articles_admin_category_published_idx',
  'articles_admin_drafts_only_idx',
  'articles_admin_category_drafts_only_idx',
  'articles_shown_date_idx',
];

async function articleIndexes(database: Db): Promise<string[]> {
  const q =
    database.dialect === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'articles'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'articles'`;
  return (await q.execute(database.db)).rows.map((r) => r.name);
}

/** The statements a repository call runs, compiled as the database receives them. */
const statementsOf = (database: Db, call: (repo: AdminArticlesRepository) => Promise<unknown>) =>
  statementsOfDb(database, (spy) => call(new AdminArticlesRepository(spy, database.dialect)));

/** Migration 030 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`). */
describe('migration 030 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let after: Db;
  beforeAll(async () => {
    upgraded = await upgradedDatabase('029-quiet-article-triggers', async (before) => {
      await insertArticles(
        before.db,
        Array.from({ length: 60 }, (_, i) => ({
          slug: `m030-${i}`,
          category_id: (i % 6) + 1,
          created_at: daysAgo(i),
          published_at: i % 3 === 0 ? null : daysAgo(i / 2),
          publish_at: i % 9 === 0 ? daysAgo(-i) : null,
        })),
      );
    });
    after = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('replaces the indexes that ordered the list by creation with those of the date shown', async () => {
    const names = await articleIndexes(after);
    expect(names).toEqual(expect.arrayContaining([...LIST_INDEXES, 'articles_admin_idx']));
    for (const old of CREATION_ORDER_INDEXES) expect(names).not.toContain(old);
  });

  it.each([
    ['all', 'articles_list_idx', {}],
    ['all, oldest first', 'articles_list_idx', { sort: 'oldest' }],
    ['a category', 'articles_list_category_idx', { categoryId: 2 }],
    ['published', 'articles_list_published_idx', { status: 'published' }],
    ['published in a category', 'articles_list_category_published_idx', { status: 'published', categoryId: 2 }],
    ['drafts', 'articles_list_unpublished_idx', { status: 'unpublished' }],
    ['drafts in a category', 'articles_list_category_unpublished_idx', { status: 'unpublished', categoryId: 2 }],
    ['drafts without a schedule', 'articles_list_unpublished_idx', { status: 'draft' }],
  ] as const)('reads a page of %s in order off %s, with no sort of the filter rows', async (_name, index, filter) => {
    const query: ListQuery = { page: 1, pageSize: 20, status: 'all', ...filter };
    const statements = await statementsOf(after, (repo) => repo.list(query));
    const page = statements.find((s) => /order by/i.test(s.sql))!;
    const lines = await plan(after, page);
    const text = lines.join('\n');
    expect(text, text).toContain(index);
    if (after.dialect === 'sqlite') {
      expect(
        lines.filter((l) => l.startsWith('  ') && l.includes('TEMP B-TREE')),
        text,
      ).toEqual([]);
    } else {
      // One sort: the page's 20 rows on the outside, above the nested loop that reads them.
      expect(
        lines.filter((l) => SORT_NODE.test(l)),
        text,
      ).toHaveLength(1);
      expect(
        lines.findIndex((l) => SORT_NODE.test(l)),
        text,
      ).toBeLessThan(lines.findIndex((l) => l.includes(index)));
    }
  });

  it("orders the dashboard's recent articles off the list's index", async () => {
    const [recent] = (await statementsOf(after, (repo) => repo.dashboard())).filter((s) => /order by/i.test(s.sql));
    const lines = await plan(after, recent!);
    const text = lines.join('\n');
    expect(text, text).toContain('articles_list_idx');
    expect(
      lines.filter((l) => l.includes('TEMP B-TREE') || SORT_NODE.test(l)),
      text,
    ).toEqual([]);
  });
});
