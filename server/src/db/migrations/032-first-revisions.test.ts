import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAdminArticle } from '../../repositories/admin-article-view.ts';
import { getRevision, listRevisions, revisionRow } from '../../repositories/article-revisions.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { ArticleRow } from '../schema.ts';
import type { Db } from '../index.ts';

/**
 * Migration 032 gives every article its original as revision 1 (SQLite in `api`, PostgreSQL in
 * `api-pg`): articles stored without one (the demo seed, an import with its own ids), whether edited
 * since or not; an article that has one keeps exactly the revisions it had.
 */
describe('migration 032: the first revision of every article', () => {
  let upgraded: UpgradedDatabase;
  let after: Db;
  let untouched: ArticleRow;
  let edited: ArticleRow;
  let created: number;
  const editor = { subject: 'ed-1', name: 'Edna Editor' };

  beforeAll(async () => {
    upgraded = await upgradedDatabase('031-article-counts-slots', async (before) => {
      // Two seeded articles (no revision, no audit row), one of them edited later.
      [untouched, edited] = await insertArticles(before.db, [
        { headline: 'Seeded And Never Touched', content: 'Original words.' },
        { headline: 'Seeded Then Edited', content: 'The seeded text.', editor_name: 'Seed Desk' },
      ]);
      // The edits as the code of that time wrote them (today's repository writes columns of later
      // migrations): the row changed, and a revision of the change.
      const editedRow = (await before.db
        .updateTable('articles')
        .set({
          headline: 'Seeded Then Edited Twice Over',
          content: 'The edited text.',
          version: 2,
          updated_by: editor.name,
        })
        .where('id', '=', edited!.id)
        .returningAll()
        .executeTakeFirstOrThrow()) as ArticleRow;
      const at = new Date().toISOString();
      await before.db.transaction().execute(async (trx) => {
        await writeAudit(trx, [
          { action: 'edit', articleId: edited!.id, actor: editor, at, before: edited!, after: editedRow },
        ]);
        await trx
          .insertInto('article_revisions')
          .values(
            revisionRow({
              action: 'edit',
              actor: editor,
              at,
              article: toAdminArticle(editedRow),
              changed: ['headline'],
            }),
          )
          .execute();
      });
      // One created through the API already has its first revision.
      const [createdRow] = await insertArticles(before.db, [{ headline: 'Created On Screen', content: 'New.' }]);
      created = createdRow!.id;
      await before.db
        .insertInto('article_revisions')
        .values(revisionRow({ action: 'create', actor: editor, at, article: toAdminArticle(createdRow!), changed: [] }))
        .execute();
    });
    after = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('an article never changed: its current text as revision 1', async () => {
    const list = await listRevisions(after.db, untouched.id);
    expect(list.map((r) => [r.version, r.action])).toEqual([[1, 'create']]);
    const first = await getRevision(after.db, untouched.id, list[0]!.id);
    // The snapshot was written by migration 032: the fields of later migrations (040's live coverage, 063's
    // pin, 064's pin end) are not in it.
    const expected: Record<string, unknown> = { ...toAdminArticle({ ...untouched, id: untouched.id }) };
    delete expected.liveStartedAt;
    delete expected.liveEndedAt;
    delete expected.pinnedAt;
    delete expected.pinnedBy;
    delete expected.pinnedUntil;
    expect(first!.snapshot).toEqual(expected);
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
