import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { upgradedDatabase, type UpgradedDatabase } from '../../test-support/upgraded-database.ts';

/**
 * Migration 033 on a database an earlier release left (SQLite in `api`, PostgreSQL in `api-pg`):
 * slugs made by the old rule (accented letters dropped) get the new one, and every old link of a
 * published article answers 301 to the new slug; the modification time comes from the history.
 */
describe('migration 033 on an existing database', () => {
  let upgraded: UpgradedDatabase;
  let t: TestApp;
  let ids: Record<string, number>;
  beforeAll(async () => {
    upgraded = await upgradedDatabase('031-article-counts-slots', async (before) => {
      const rows = await insertArticles(before.db, [
        { headline: 'Café Über Piñata', slug: 'caf-ber-piata', published_at: daysAgo(3) },
        { headline: 'Plain Words Stay', slug: 'plain-words-stay', published_at: daysAgo(3) },
        { headline: 'Crème Draft', slug: 'crme-draft', published_at: null },
        { headline: 'Straße Trashed', slug: 'strae-trashed', published_at: null, trashed_published_at: daysAgo(2) },
      ]);
      ids = Object.fromEntries(rows.map((r) => [r.headline, r.id]));
      // An edit after publication, recorded in the history before the column existed.
      await before.db
        .insertInto('article_revisions')
        .values({
          article_id: ids['Plain Words Stay']!,
          version: 2,
          action: 'edit',
          editor_subject: 's',
          editor_name: 'Ed',
          at: daysAgo(1),
          changed_fields: '["summary"]',
          snapshot: '{}',
        })
        .execute();
    });
    t = await createTestApp({ env: { DATA_DIR: upgraded.dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    await upgraded?.close();
  });

  it('gives articles the transliterated slug and keeps the old one of published articles as a redirect', async () => {
    const slugs = await t.database.db.selectFrom('articles').select(['headline', 'slug']).orderBy('id').execute();
    expect(slugs.map((r) => r.slug)).toEqual([
      'cafe-uber-pinata',
      'plain-words-stay',
      'creme-draft',
      'strasse-trashed',
    ]);
    const redirects = await t.database.db
      .selectFrom('slug_redirects')
      .select(['old_slug', 'article_id'])
      .orderBy('old_slug')
      .execute();
    expect(redirects.map((r) => [r.old_slug, Number(r.article_id)])).toEqual([
      ['caf-ber-piata', ids['Café Über Piñata']],
      ['strae-trashed', ids['Straße Trashed']],
    ]);

    const old = await t.app.inject({ method: 'GET', url: '/article/caf-ber-piata?ref=x' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/article/cafe-uber-pinata?ref=x');
    expect((await t.app.inject({ method: 'GET', url: '/News/slug/cafe-uber-pinata' })).statusCode).toBe(200);
  });

  it('fills the modification time from the history: an edit after publication counts', async () => {
    const rows = await t.database.db.selectFrom('articles').select(['headline', 'modified_at']).orderBy('id').execute();
    expect(rows.map((r) => r.modified_at !== null)).toEqual([false, true, false, false]);
    const plain = (await t.app.inject({ method: 'GET', url: '/News/slug/plain-words-stay' })).json();
    expect(plain.modifiedAt).toBe(rows[1]!.modified_at);
  });
});
