import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateEdit } from '../../domain/article-input.ts';
import { AdminArticlesRepository, toAdminArticle } from '../../repositories/admin-articles.ts';
import { getRevision, listRevisions } from '../../repositories/article-revisions.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import type { ArticleRow } from '../schema.ts';
import { migrateTo, openDatabase, type Db } from '../index.ts';
import * as m037 from './037-authors-and-tags.ts';

/**
 * Migration 032 gives every article its original as revision 1 (SQLite in `api`, PostgreSQL in
 * `api-pg`): articles stored without one (the demo seed, an import with its own ids), whether edited
 * since or not; an article that has one keeps exactly the revisions it had.
 */
describe('migration 032: the first revision of every article', () => {
  let dir: string;
  let after: Db;
  let untouched: ArticleRow;
  let edited: ArticleRow;
  let created: number;
  const editor = { subject: 'ed-1', name: 'Edna Editor' };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-m032-'));
    const before = await openDatabase({ dataDir: dir, databaseUrl: '' }, { skipMigrations: true });
    await migrateTo(before.db, before.dialect, '031-article-counts-slots');
    // Two seeded articles (no revision, no audit row), one of them edited later.
    [untouched, edited] = await insertArticles(before.db, [
      { headline: 'Seeded And Never Touched', content: 'Original words.' },
      { headline: 'Seeded Then Edited', content: 'The seeded text.', editor_name: 'Seed Desk' },
    ]);
    // Today's repository also writes authors and tags: their tables (migration 037) exist while it runs
    // here, and go again before the migrations bring the database forward.
    await m037.up(before.db, before.dialect);
    const repo = new AdminArticlesRepository(before.db, before.dialect);
    const edit = validateEdit({
      headline: 'Seeded Then Edited Twice Over',
      category: 'Politics',
      content: 'The edited text.',
    });
    if (!edit.ok) throw new Error(JSON.stringify(edit.errors));
    expect((await repo.edit(edited!.id, edit.value, editor, 1)).ok).toBe(true);
    // One created through the API already has its first revision.
    created = (
      await repo.create(
        { ...edit.value, editorName: '', headline: 'Created On Screen', slug: 'created-on-screen', publishedAt: null },
        editor,
      )
    ).id;
    for (const table of [
      'article_authors',
      'article_tags',
      'authors',
      'tags',
      'author_slug_redirects',
      'tag_slug_redirects',
    ]) {
      await before.db.schema.dropTable(table).execute();
    }
    await before.destroy();
    after = await openDatabase({ dataDir: dir, databaseUrl: '' });
  });
  afterAll(async () => {
    await after?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('an article never changed: its current text as revision 1', async () => {
    const list = await listRevisions(after.db, untouched.id);
    expect(list.map((r) => [r.version, r.action])).toEqual([[1, 'create']]);
    const first = await getRevision(after.db, untouched.id, list[0]!.id);
    expect(first!.snapshot).toEqual(toAdminArticle({ ...untouched, id: untouched.id }));
    expect(first!.at).toBe(untouched.created_at);
  });

  it('an article edited since: the text before its first edit as revision 1, last in the history', async () => {
    const list = await listRevisions(after.db, edited.id);
    expect(list.map((r) => [r.version, r.action])).toEqual([
      [2, 'edit'],
      [1, 'create'],
    ]);
    const first = await getRevision(after.db, edited.id, list[1]!.id);
    expect(first!.snapshot.headline).toBe('Seeded Then Edited');
    expect(first!.snapshot.content).toBe('The seeded text.');
    expect(first!.snapshot.editorName).toBe('Seed Desk');
    expect(first!.editorName).toBe('Edna Editor');
  });

  it('an article that had its first revision keeps exactly what it had', async () => {
    const list = await listRevisions(after.db, created);
    expect(list.map((r) => [r.version, r.action])).toEqual([[1, 'create']]);
  });
});
