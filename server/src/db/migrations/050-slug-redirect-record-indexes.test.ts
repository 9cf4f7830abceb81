import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorsAndTagsRepository, type Kind } from '../../repositories/authors-and-tags.ts';
import { queryPlan, SORTS, statementsOf } from '../../test-support/query-plans.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';
import { SLUG_REDIRECT_RECORD_INDEXES } from './050-slug-redirect-record-indexes.ts';

const TABLES = { authors: 'author_slug_redirects', tags: 'tag_slug_redirects' } as const;

/** The redirects an earlier release stored: records 1 and 2 of each kind, with earlier slugs. */
const REDIRECTS = [
  { old_slug: 'first-a', record: 1 },
  { old_slug: 'first-b', record: 1 },
  { old_slug: 'second-a', record: 2 },
];

async function indexesOf(database: Db, table: string): Promise<string[]> {
  const q =
    database.dialect === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`
      : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`;
  return (await q.execute(database.db)).rows.map((r) => r.name);
}

/**
 * Migration 050 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`): the
 * author and tag redirect tables keep their rows and get an index by the record's id, which serves the
 * reads and writes of a record's earlier slugs (IndexNow's read, a merge's move, a deletion's removal).
 */
describe('migration 050 on an existing database', () => {
  const now = new Date().toISOString();
  let upgraded: UpgradedDatabase;
  let database: Db;

  beforeAll(async () => {
    upgraded = await upgradedDatabase('049-name-text-columns', async (before) => {
      for (const id of [1, 2]) {
        await before.db
          .insertInto('authors')
          .values({ id, name: `Author ${id}`, slug: `author-${id}`, created_at: now, updated_at: now })
          .execute();
        await before.db
          .insertInto('tags')
          .values({ id, name: `Tag ${id}`, slug: `tag-${id}`, created_at: now, updated_at: now })
          .execute();
      }
      await before.db
        .insertInto('author_slug_redirects')
        .values(REDIRECTS.map((r) => ({ old_slug: r.old_slug, author_id: r.record, created_at: now })))
        .execute();
      await before.db
        .insertInto('tag_slug_redirects')
        .values(REDIRECTS.map((r) => ({ old_slug: r.old_slug, tag_id: r.record, created_at: now })))
        .execute();
    });
    database = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('indexes both redirect tables by the record and keeps their rows', async () => {
    for (const [table, { index }] of Object.entries(SLUG_REDIRECT_RECORD_INDEXES)) {
      expect(await indexesOf(database, table), table).toContain(index);
    }
    const authors = await database.db
      .selectFrom('author_slug_redirects')
      .select(['old_slug', 'author_id'])
      .orderBy('old_slug')
      .execute();
    expect(authors.map((r) => ({ old_slug: r.old_slug, record: Number(r.author_id) }))).toEqual(REDIRECTS);
    const tags = await database.db
      .selectFrom('tag_slug_redirects')
      .select(['old_slug', 'tag_id'])
      .orderBy('old_slug')
      .execute();
    expect(tags.map((r) => ({ old_slug: r.old_slug, record: Number(r.tag_id) }))).toEqual(REDIRECTS);
  });

  it.each(['authors', 'tags'] as const)(
    "reads, moves and removes an %s record's earlier slugs off the index, in order with no sort",
    async (kind: Kind) => {
      const table = TABLES[kind];
      const { index, column } = SLUG_REDIRECT_RECORD_INDEXES[table];
      const actor = { subject: 'ed', name: 'Ed' };
      const statements = await statementsOf(database, async (spy) => {
        // With a change hook, as the admin routes make it: the earlier slugs are read for IndexNow.
        const repo = new AuthorsAndTagsRepository(spy, database.dialect, async () => {});
        const merged = kind === 'authors' ? repo.merge(kind, 1, 2, actor) : repo.merge(kind, 1, 2, actor);
        expect(await merged).toMatchObject({ ok: true });
        expect(await repo.remove(kind, 2, actor)).toMatchObject({ ok: true });
      });
      const byRecord = statements.filter(
        (s) => s.sql.includes(`"${table}"`) && new RegExp(`where "${column}" =`).test(s.sql),
      );
      // Two reads of the earlier slugs (merge, deletion), the merge's move and the deletion's removal.
      expect(
        byRecord.map((s) => s.sql.split(' ')[0]),
        byRecord.map((s) => s.sql).join('\n'),
      ).toEqual(['select', 'update', 'select', 'delete']);
      for (const statement of byRecord) {
        const lines = await queryPlan(database, statement);
        const text = lines.join('\n');
        expect(text, `${statement.sql}\n${text}`).toContain(index);
        expect(
          lines.filter((l) => SORTS.test(l)),
          text,
        ).toEqual([]);
      }
      // What they did: the merged record's slugs moved, then left with the record.
      expect(await database.db.selectFrom(table).select('old_slug').execute()).toEqual([]);
    },
  );
});
