import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ARTICLE_COUNT_SLOTS } from './031-article-counts-slots.ts';

/**
 * article_counts after migration 031 (SQLite in `api`, PostgreSQL in `api-pg`): on PostgreSQL
 * concurrent commits in one category no longer wait for each other on a shared counter row, and
 * the totals stay exact.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function published(categoryId: number): Promise<{ counted: number; rows: number }> {
  const db = t.database.db;
  const counted = await db
    .selectFrom('article_counts')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('category_id', '=', categoryId)
    .where('is_draft', '=', 0)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category_id', '=', categoryId)
    .where('published_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { counted: Number(counted?.n ?? 0), rows: Number(rows.n) };
}

/** Connections of their own whose counter slots differ (pids that differ modulo the slot count). */
async function connectionsInTwoSlots(url: string): Promise<[pg.Client, pg.Client, pg.Client[]]> {
  const all: pg.Client[] = [];
  const bySlot = new Map<number, pg.Client>();
  while (bySlot.size < 2) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    all.push(c);
    const { rows } = await c.query<{ slot: number }>(`select pg_backend_pid() % ${ARTICLE_COUNT_SLOTS} as slot`);
    if (!bySlot.has(rows[0]!.slot)) bySlot.set(rows[0]!.slot, c);
  }
  const [a, b] = [...bySlot.values()] as [pg.Client, pg.Client];
  return [a, b, all];
}

describe('article_counts spread over slots', () => {
  it('PostgreSQL: a commit does not wait for another transaction holding its counter change', async (ctx) => {
    if (t.database.dialect !== 'postgres') {
      // SQLite keeps one row per (category, draft?): it serialises writers anyway.
      const columns = await sql<{ name: string }>`select name from pragma_table_info('article_counts')`.execute(
        t.database.db,
      );
      expect(columns.rows.map((c) => c.name)).toEqual(['category_id', 'is_draft', 'n']);
      return ctx.skip();
    }
    const [first, second] = await insertArticles(t.database.db, [{ category_id: 3 }, { category_id: 3 }]);
    const before = await published(3);
    expect(before.counted).toBe(before.rows);
    const [a, b, all] = await connectionsInTwoSlots(t.database.connectionString!);
    const publish = (c: pg.Client, id: number) =>
      c.query(`update articles set published_at = $1 where id = $2`, [new Date().toISOString(), id]);
    try {
      // A publishes and moves its counters now (not at its commit), then keeps its transaction open.
      await a.query('begin');
      await publish(a, Number(first!.id));
      await a.query('set constraints all immediate');
      // B publishes an article of the same category and commits: with one shared row it would wait
      // for A's lock until A ends; here it must not wait at all.
      await b.query(`set lock_timeout = '2s'`);
      await b.query('begin');
      await publish(b, Number(second!.id));
      await b.query('commit');
      await a.query('commit');
    } finally {
      await Promise.all(all.map((c) => c.end()));
    }
    const after = await published(3);
    expect(after.rows).toBe(before.rows + 2);
    expect(after.counted).toBe(after.rows);
    const slots = await t.database.db
      .selectFrom('article_counts')
      .select('slot')
      .where('category_id', '=', 3)
      .where('is_draft', '=', 0)
      .execute();
    expect(slots.length).toBeGreaterThanOrEqual(2);
  });

  it('PostgreSQL: the totals stay exact when a draft is counted in one slot and published from another', async (ctx) => {
    if (t.database.dialect !== 'postgres') return ctx.skip();
    const drafts = await insertArticles(
      t.database.db,
      Array.from({ length: 6 }, () => ({ category_id: 4 })),
    );
    const [a, b, all] = await connectionsInTwoSlots(t.database.connectionString!);
    try {
      // Inserted through the pool, published and deleted through two other connections.
      for (const [i, d] of drafts.entries()) {
        const c = i % 2 ? a : b;
        await c.query(`update articles set published_at = $1 where id = $2`, [new Date().toISOString(), d.id]);
        if (i < 2) await c.query(`delete from articles where id = $1`, [d.id]);
      }
    } finally {
      await Promise.all(all.map((c) => c.end()));
    }
    const drafted = await t.database.db
      .selectFrom('article_counts')
      .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
      .where('category_id', '=', 4)
      .where('is_draft', '=', 1)
      .executeTakeFirst();
    expect(Number(drafted?.n ?? 0)).toBe(0);
    expect(await published(4)).toEqual({ counted: 4, rows: 4 });
  });
});
