import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LatestNote } from '../../../../common/notes-contract.ts';
import { ArticleNotesRepository } from '../../repositories/article-notes.ts';
import { daysAgo, insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan, statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The Dashboard's 'Latest notes' (decision 058): GET /api/admin/dashboard's `latestNotes`, the five
 * newest notes across the articles out of the Trash, each an excerpt with its headline, read off
 * migration 055's index (SQLite in `api`, PostgreSQL in `api-pg`).
 */
let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: await t.bearer({ sub: 'editor-nora', name: 'Nora Notes' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
});

const dashboard = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { latestNotes: LatestNote[]; totalArticles: number };
};

/** Notes written straight to the table, each `minutesAgo` old (distinct times: a known order). */
async function addNotes(notes: { articleId: number; text: string; minutesAgo: number; by?: string }[]) {
  await t.database.db
    .insertInto('article_notes')
    .values(
      notes.map((n) => ({
        article_id: n.articleId,
        text: n.text,
        created_at: new Date(Date.now() - n.minutesAgo * 60_000).toISOString(),
        author_subject: 'editor-x',
        author_name: n.by ?? 'Fenella Grubb',
      })),
    )
    .execute();
}

describe('GET /api/admin/dashboard: Latest notes', () => {
  it('lists no note when there are none', async () => {
    await insertArticles(t.database.db, [{ headline: 'No notes here' }]);
    expect((await dashboard()).latestNotes).toEqual([]);
  });

  it('lists the five newest notes across articles, newest first, each with its author, time and headline', async () => {
    const [ladder, kettle] = await insertArticles(t.database.db, [
      { headline: 'Plan Revealed To Be One Very Long Ladder', published_at: daysAgo(1) },
      { headline: 'Kettle Grilled Over Failure To Boil' },
    ]);
    await addNotes([
      { articleId: ladder!.id, text: 'Oldest: left out', minutesAgo: 70 },
      { articleId: kettle!.id, text: 'Sixth', minutesAgo: 60 },
      { articleId: ladder!.id, text: 'Fifth', minutesAgo: 50 },
      { articleId: kettle!.id, text: 'Fourth', minutesAgo: 40 },
      { articleId: ladder!.id, text: 'Third', minutesAgo: 30, by: 'Desmond Ratchett' },
      { articleId: kettle!.id, text: 'Second', minutesAgo: 20 },
    ]);
    // One added through the API, now: the newest.
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/articles/${kettle!.id}/notes`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'Picture rights cleared.' }),
    });
    expect(added.statusCode, added.body).toBe(201);

    const { latestNotes } = await dashboard();
    expect(latestNotes.map((n) => n.excerpt)).toEqual([
      'Picture rights cleared.',
      'Second',
      'Third',
      'Fourth',
      'Fifth',
    ]);
    expect(latestNotes[0]).toEqual({
      id: added.json().id,
      articleId: kettle!.id,
      headline: 'Kettle Grilled Over Failure To Boil',
      excerpt: 'Picture rights cleared.',
      createdAt: added.json().createdAt,
      createdBy: 'Nora Notes',
      replyTo: null,
    });
    expect(latestNotes[2]).toMatchObject({ articleId: ladder!.id, createdBy: 'Desmond Ratchett' });
    const times = latestNotes.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('orders notes added at the same time by id, the later first', async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Same minute' }]);
    await addNotes([
      { articleId: a!.id, text: 'Added first', minutesAgo: 5 },
      { articleId: a!.id, text: 'Added second', minutesAgo: 5 },
    ]);
    const { latestNotes } = await dashboard();
    expect(latestNotes.map((n) => n.excerpt)).toEqual(['Added second', 'Added first']);
    expect(latestNotes[0]!.id).toBeGreaterThan(latestNotes[1]!.id);
  });

  it('leaves out the notes of articles in the Trash, and fills the five from older ones', async () => {
    const [kept, trashed] = await insertArticles(t.database.db, [
      { headline: 'Out of the Trash' },
      { headline: 'In the Trash', deleted_at: daysAgo(0.1) },
    ]);
    await addNotes([
      ...Array.from({ length: 6 }, (_, i) => ({ articleId: kept!.id, text: `Kept ${i}`, minutesAgo: 100 + i })),
      ...Array.from({ length: 6 }, (_, i) => ({ articleId: trashed!.id, text: `Trashed ${i}`, minutesAgo: i })),
    ]);
    const { latestNotes } = await dashboard();
    expect(latestNotes.map((n) => n.excerpt)).toEqual(['Kept 0', 'Kept 1', 'Kept 2', 'Kept 3', 'Kept 4']);
    expect(latestNotes.every((n) => n.headline === 'Out of the Trash')).toBe(true);

    // Restored: its notes are the newest again.
    await t.database.db.updateTable('articles').set({ deleted_at: null }).where('id', '=', trashed!.id).execute();
    expect((await dashboard()).latestNotes.map((n) => n.excerpt)).toEqual([
      'Trashed 0',
      'Trashed 1',
      'Trashed 2',
      'Trashed 3',
      'Trashed 4',
    ]);
  });

  it('cuts a text to 100 characters plus an ellipsis, as the comments are cut; a shorter one is whole', async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Long notes' }]);
    const long = `${'é'.repeat(99)}🦓 and then some more words that are not shown`;
    const exactly = 'x'.repeat(100);
    await addNotes([
      { articleId: a!.id, text: long, minutesAgo: 3 },
      { articleId: a!.id, text: exactly, minutesAgo: 2 },
      { articleId: a!.id, text: 'Line one\nline two', minutesAgo: 1 },
    ]);
    const { latestNotes } = await dashboard();
    expect(latestNotes.map((n) => n.excerpt)).toEqual(['Line one\nline two', exactly, `${'é'.repeat(99)}🦓...`]);
  });

  it('is for signed-in editors only: no public answer carries a note', async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Public Story', published_at: daysAgo(1) }]);
    await addNotes([{ articleId: a!.id, text: 'Zebracorn-5150: not for readers', minutesAgo: 1 }]);
    expect((await dashboard()).latestNotes).toHaveLength(1);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Zebracorn');
    for (const url of ['/News', `/News/slug/${a!.slug}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.body, url).not.toContain('Zebracorn');
    }
    expect((await t.app.inject({ url: '/News/search?q=Zebracorn' })).json().results).toEqual([]);
  });

  it('is one statement that walks the notes by time backwards and probes each article by its primary key', async () => {
    // Enough rows for PostgreSQL's planner to weigh the tables as a newsroom's would be.
    const articles = await insertArticles(
      t.database.db,
      Array.from({ length: 600 }, (_, i) => ({
        headline: `Story ${i}`,
        deleted_at: i % 10 === 0 ? daysAgo(1) : null,
      })),
    );
    const notes = Array.from({ length: 3000 }, (_, i) => ({
      articleId: articles[(i * 7) % articles.length]!.id,
      text: `Note ${i}`,
      minutesAgo: i,
    }));
    for (let i = 0; i < notes.length; i += 500) await addNotes(notes.slice(i, i + 500));
    if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);

    const statements = await statementsOf(t.database, (db) =>
      new ArticleNotesRepository(db, t.database.dialect, null).latest(5),
    );
    expect(statements).toHaveLength(1);
    const lines = await queryPlan(t.database, statements[0]!);
    const plan = lines.join('\n');
    if (t.database.dialect === 'sqlite') {
      expect(plan).toMatch(/SCAN n USING INDEX article_notes_created_idx/);
      expect(plan).toMatch(/SEARCH a USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/TEMP B-TREE|SCAN a\b/);
    } else {
      expect(plan).toMatch(/Index Scan Backward using article_notes_created_idx on article_notes n/);
      expect(plan).toMatch(/Index Scan using articles_pkey on articles a/);
      expect(plan).not.toMatch(/Seq Scan|Sort/);
    }
  });
});
