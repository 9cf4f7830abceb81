import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyPlainText } from '../../../../common/body/text.ts';
import { legacyTextToBody } from '../../../../common/body/legacy.ts';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { getRevision, listRevisions } from '../../repositories/article-revisions.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';
import type { Db } from '../index.ts';

const TEXTS = [
  'One paragraph.',
  'First.\n\nSecond with\na line break.',
  'Odd spacing\n\n\nthree newlines\n\n\n\nand four, <b>markup</b> & *stars*',
  '',
];

/**
 * Migration 035 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`):
 * every article's plain text and every revision snapshot's gain a body in the stored format, without
 * loss (its plain text is the old text again, character for character).
 */
describe('migration 035 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let after: Db;
  let ids: number[];
  beforeAll(async () => {
    upgraded = await upgradedDatabase('034-backup-runs', async (before) => {
      const rows = await insertArticles(
        before.db,
        TEXTS.map((content, i) => ({ headline: `Story ${i}`, content })),
      );
      ids = rows.map((r) => r.id);
      // A revision written before the rich format: its snapshot has `content` only.
      await before.db
        .insertInto('article_revisions')
        .values(
          rows.map((r) => ({
            article_id: r.id,
            version: 1,
            action: 'create',
            editor_subject: 's',
            editor_name: 'Ed',
            at: r.created_at,
            changed_fields: '[]',
            snapshot: JSON.stringify({ id: r.id, headline: r.headline, content: r.content }),
          })),
        )
        .execute();
    });
    after = upgraded.database;
  });
  afterAll(async () => {
    await upgraded?.close();
  });

  it('converts every article body without loss', async () => {
    const repo = new AdminArticlesRepository(after.db, after.dialect);
    for (const [i, id] of ids.entries()) {
      const row = await after.db
        .selectFrom('articles')
        .select(['body', 'content'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.body)).toEqual(legacyTextToBody(TEXTS[i]!));
      expect(row.content).toBe(TEXTS[i]);
      const article = (await repo.get(id))!;
      expect(bodyPlainText(article.body)).toBe(TEXTS[i]);
    }
  });

  it('converts every revision snapshot without loss', async () => {
    for (const [i, id] of ids.entries()) {
      const [summary] = await listRevisions(after.db, id);
      const raw = await after.db
        .selectFrom('article_revisions')
        .select('snapshot')
        .where('id', '=', summary!.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(raw.snapshot).body).toEqual(legacyTextToBody(TEXTS[i]!));
      const revision = await getRevision(after.db, id, summary!.id);
      expect(bodyPlainText(revision!.snapshot.body)).toBe(TEXTS[i]);
    }
  });
});
