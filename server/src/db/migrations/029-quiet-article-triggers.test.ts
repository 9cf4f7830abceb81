import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateArticleInput, type ValidArticle } from '../../domain/article-input.ts';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { SearchRepository } from '../../repositories/search-repository.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The article counters and the search index after migration 029 (SQLite in `api`, PostgreSQL in
 * `api-pg`): still exact through every kind of write, written only when what they hold changes.
 */
let t: TestApp;
let repo: AdminArticlesRepository;
const actor = { subject: 'editor-triggers', name: 'Tess Trigger' };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  repo = new AdminArticlesRepository(t.database.db, t.database.dialect);
});
afterAll(async () => t?.close());

function valid(fields: Record<string, unknown>): ValidArticle {
  const r = validateArticleInput({ category: 'Politics', summary: 'S.', content: 'C.', ...fields });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

/** What article_counts says against a count of the rows themselves, per category and status. */
async function countsAgree(): Promise<void> {
  const db = t.database.db;
  for (const categoryId of [1, 2]) {
    for (const status of ['all', 'published', 'unpublished'] as const) {
      let q = db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('deleted_at', 'is', null)
        .where('category_id', '=', categoryId);
      if (status === 'published') q = q.where('published_at', 'is not', null);
      if (status === 'unpublished') q = q.where('published_at', 'is', null);
      const real = Number((await q.executeTakeFirstOrThrow()).n);
      expect(await repo.count(status, categoryId), `${status} in ${categoryId}`).toBe(real);
    }
  }
}

async function searchHeadlines(q: string): Promise<string[]> {
  const rows = await new SearchRepository(t.database.db, t.database.dialect).search(q, 10, 0);
  return rows.map((r) => r.headline).sort();
}

describe('article counters and search after migration 029', () => {
  it('stay exact through edits, category changes, publication, the trash and the purge', async () => {
    const a = await repo.create(valid({ headline: 'Walrus Opens Bakery', published: true }), actor);
    const b = await repo.create(valid({ headline: 'Heron Files Complaint' }), actor);
    await countsAgree();

    // An edit that keeps the category and publication: counts untouched, search follows the text.
    const edit = await repo.edit(
      a.id,
      valid({ headline: 'Walrus Opens Second Bakery', content: 'Croissants.' }),
      actor,
      1,
    );
    expect(edit.ok).toBe(true);
    await countsAgree();
    expect(await searchHeadlines('croissants')).toEqual(['Walrus Opens Second Bakery']);

    // An edit that moves it to another category.
    expect(
      (
        await repo.edit(
          a.id,
          valid({ headline: 'Walrus Opens Second Bakery', content: 'Croissants.', category: 'Technology' }),
          actor,
          2,
        )
      ).ok,
    ).toBe(true);
    await countsAgree();
    // The text did not change: the search still finds it by it.
    expect(await searchHeadlines('croissants')).toEqual(['Walrus Opens Second Bakery']);

    expect((await repo.publish(b.id, actor)).ok).toBe(true);
    await countsAgree();
    expect((await repo.unpublish(a.id, actor)).ok).toBe(true);
    await countsAgree();
    expect((await repo.delete(b.id, actor)).ok).toBe(true);
    await countsAgree();
    expect((await repo.restoreFromTrash(b.id, actor)).ok).toBe(true);
    await countsAgree();
    expect((await repo.delete(b.id, actor)).ok).toBe(true);
    expect(await repo.purgeTrash(actor, new Date(Date.now() + 31 * DAY))).toEqual([b.id]);
    await countsAgree();

    const c = await repo.create(valid({ headline: 'Otter Schedules Nap' }), actor);
    expect((await repo.schedule(c.id, new Date(Date.now() + 60_000).toISOString(), actor)).ok).toBe(true);
    await countsAgree();
    expect((await repo.publishDue(actor, new Date(Date.now() + 120_000))).map((x) => x.id)).toEqual([c.id]);
    await countsAgree();
    expect(await searchHeadlines('otter')).toEqual(['Otter Schedules Nap']);
  });

  it('PostgreSQL: a transaction moves the counters at its commit, and only when the counted bucket changes', async (ctx) => {
    if (t.database.dialect !== 'postgres') ctx.skip();
    const db = t.database.db;
    const art = await repo.create(valid({ headline: 'Badger Moves House', published: true }), actor);
    const bucket = (categoryId: number) =>
      db
        .selectFrom('article_counts')
        .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
        .where('category_id', '=', categoryId)
        .where('is_draft', '=', 0)
        .executeTakeFirst()
        .then((r) => Number(r?.n ?? 0));
    const before = { politics: await bucket(1), celebrity: await bucket(2) };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('articles').set({ category_id: 2 }).where('id', '=', art.id).execute();
      // Inside the transaction the counter row is not yet touched (so not locked either).
      const inside = await trx
        .selectFrom('article_counts')
        .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
        .where('category_id', '=', 1)
        .where('is_draft', '=', 0)
        .executeTakeFirstOrThrow();
      expect(Number(inside.n)).toBe(before.politics);
    });
    expect(await bucket(1)).toBe(before.politics - 1);
    expect(await bucket(2)).toBe(before.celebrity + 1);
    // Setting the same category (as every edit does) writes no counter row at all.
    const xmin = async () =>
      (
        await sql<{
          x: string;
        }>`select string_agg(xmin::text, ',' order by slot) as x from article_counts where category_id = 2 and is_draft = 0`.execute(
          t.database.db,
        )
      ).rows[0]!.x;
    const version = await xmin();
    await db
      .updateTable('articles')
      .set({ category_id: 2, published_at: art.publishedAt })
      .where('id', '=', art.id)
      .execute();
    expect(await xmin()).toBe(version);
    await countsAgree();
  });
});
