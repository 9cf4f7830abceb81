import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { migrateTo, openDatabase, type Db } from '../index.ts';

/**
 * Migration 043 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`):
 * every article gets an empty search and social title and description (the headline and the summary
 * then, as before), and new rows may leave them out.
 */
describe('migration 043 on an existing database', () => {
  let dir: string;
  let database: Db;
  let ids: number[];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-m043-'));
    const before = await openDatabase({ dataDir: dir, databaseUrl: '' }, { skipMigrations: true });
    await migrateTo(before.db, before.dialect, '042-preview-links');
    const rows = await insertArticles(before.db, [{ headline: 'Old story one' }, { headline: 'Old story two' }]);
    ids = rows.map((r) => r.id);
    await before.destroy();
    database = await openDatabase({ dataDir: dir, databaseUrl: '' });
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
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
