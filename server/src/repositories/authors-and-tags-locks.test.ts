import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import type { Actor } from './audit-log.ts';
import { AuthorsAndTagsRepository, resolveLinks, storeLinks } from './authors-and-tags.ts';

// An article saved while its authors or tags are merged, deleted or renamed, on SQLite (api) and
// PostgreSQL (api-pg). A save is held open in its transaction (as the article writes run it: the
// article's row first, then the records it names, then the links) while the other change starts; the
// change waits for it, and neither leaves a link to a record that is gone or a byline with a stale name.
// On SQLite one write transaction runs at a time; on PostgreSQL the row locks make it so.

let env: TestApp;
let repo: AuthorsAndTagsRepository;
const NOW = '2026-11-29T10:00:00.000Z';
const EDITOR: Actor = { subject: 'editor-1', name: 'Ed Itor' };
const postgres = () => env.database.dialect === 'postgres';

beforeAll(async () => {
  env = await createTestApp({ env: { SHARE_JOBS_ENABLED: 'false' } });
  repo = new AuthorsAndTagsRepository(env.database.db, env.database.dialect);
});

afterAll(async () => {
  await env?.close();
});

/** Runs `first` in a transaction, then `meanwhile` (left running), then `then` in the same transaction. */
async function heldSave<T>(
  first: (trx: Transaction<Database>) => Promise<void>,
  meanwhile: () => Promise<T>,
  then: (trx: Transaction<Database>) => Promise<void>,
): Promise<T> {
  let started!: () => void;
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const save = env.database.db.transaction().execute(async (trx) => {
    await first(trx);
    started();
    await released;
    await then(trx);
  });
  await ready;
  const other = meanwhile();
  let settled = false;
  void other.then(
    () => (settled = true),
    () => (settled = true),
  );
  // On PostgreSQL, until the other change waits for a lock the save holds (or, were it not to wait,
  // has ended). On SQLite it waits for the one connection, and nothing more is to be seen.
  if (postgres()) {
    const waiting = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(env.database.db)
      ).rows[0]!.n;
    while (!settled && (await waiting()) < 1) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  release();
  await save;
  return other;
}

/** The article's row locked, as an article write takes it before anything else. */
async function lockArticle(trx: Transaction<Database>, id: number): Promise<void> {
  let q = trx.selectFrom('articles').select('id').where('id', '=', id);
  if (postgres()) q = q.forUpdate();
  await q.execute();
}

const linksOf = async (table: 'article_tags' | 'article_authors', articleId: number) =>
  env.database.db.selectFrom(table).selectAll().where('article_id', '=', articleId).execute();

describe('saving an article while its records change', () => {
  it('a tag merged while a save names it: the article ends with the tag merged into', async () => {
    const from = await repo.createTag('Kitens ' + Math.random().toString(36).slice(2, 7), EDITOR);
    const into = await repo.createTag('Kittens ' + Math.random().toString(36).slice(2, 7), EDITOR);
    if (!from.ok || !into.ok) throw new Error('tags not created');
    const article = Number((await insertArticle(env.database.db)).id);
    let links!: Awaited<ReturnType<typeof resolveLinks>>;

    const merged = await heldSave(
      async (trx) => {
        await lockArticle(trx, article);
        links = await resolveLinks(trx, { tags: [{ name: from.value.name }] }, NOW, env.database.dialect);
      },
      () => repo.merge('tags', from.value.id, into.value.id, EDITOR, NOW),
      (trx) => storeLinks(trx, article, links),
    );

    expect(links.tags!.map((t) => t.id)).toEqual([from.value.id]);
    expect(merged).toMatchObject({ ok: true, value: { id: into.value.id, articleCount: 1 } });
    expect((await linksOf('article_tags', article)).map((l) => Number(l.tag_id))).toEqual([into.value.id]);
    expect(await repo.getTag(from.value.id)).toBeUndefined();
  });

  it('an author deleted while a save names them: the deletion is refused, the byline keeps its author', async () => {
    const author = await repo.createAuthor({ name: 'Jo Newcomer ' + Math.random().toString(36).slice(2, 7) }, EDITOR);
    if (!author.ok) throw new Error('author not created');
    const article = Number((await insertArticle(env.database.db)).id);

    let links!: Awaited<ReturnType<typeof resolveLinks>>;

    const removal = await heldSave(
      async (trx) => {
        await lockArticle(trx, article);
        links = await resolveLinks(trx, { authors: [{ id: author.value.id }] }, NOW, env.database.dialect);
      },
      () => repo.remove('authors', author.value.id, EDITOR),
      (trx) => storeLinks(trx, article, links),
    );

    expect(removal).toEqual({ ok: false, reason: 'in-use', articles: 1 });
    expect(await repo.getAuthor(author.value.id)).toMatchObject({ name: author.value.name });
    expect((await linksOf('article_authors', article)).map((l) => Number(l.author_id))).toEqual([author.value.id]);
  });

  it('an author merged while a save holds one of their articles: both go through, the byline names the author merged into', async () => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const from = await repo.createAuthor({ name: `J. Doe ${suffix}` }, EDITOR);
    const into = await repo.createAuthor({ name: `Jane Doe ${suffix}` }, EDITOR);
    if (!from.ok || !into.ok) throw new Error('authors not created');
    const article = Number((await insertArticle(env.database.db, { author: from.value.name })).id);
    await env.database.db.transaction().execute(async (trx) => {
      await storeLinks(trx, article, { authors: [from.value] });
    });

    // The save holds its article, and names the author only after the merge has started: the merge
    // must not hold the author while it waits for the article (two writers waiting for each other).
    const merged = await heldSave(
      (trx) => lockArticle(trx, article),
      () => repo.merge('authors', from.value.id, into.value.id, EDITOR, NOW),
      async (trx) => {
        const links = await resolveLinks(trx, { authors: [{ id: from.value.id }] }, NOW, env.database.dialect);
        await storeLinks(trx, article, links);
        await trx.updateTable('articles').set({ author: links.authors![0]!.name }).where('id', '=', article).execute();
      },
    );

    expect(merged).toMatchObject({ ok: true, value: { id: into.value.id, articleCount: 1 } });
    expect((await linksOf('article_authors', article)).map((l) => Number(l.author_id))).toEqual([into.value.id]);
    const row = await env.database.db
      .selectFrom('articles')
      .select('author')
      .where('id', '=', article)
      .executeTakeFirst();
    expect(row?.author).toBe(into.value.name);
  });

  it('a save that waited for an author being renamed writes the new name', async () => {
    const author = await repo.createAuthor({ name: 'Sam Oldname ' + Math.random().toString(36).slice(2, 7) }, EDITOR);
    if (!author.ok) throw new Error('author not created');
    const renamed = author.value.name.replace('Oldname', 'Newname');

    // The rename holds the author; a save that read the old name waits, then names the author as renamed.
    const names = await heldSave(
      async (trx) => {
        let q = trx.selectFrom('authors').select('id').where('id', '=', author.value.id);
        if (postgres()) q = q.forUpdate();
        await q.execute();
      },
      () =>
        env.database.db
          .transaction()
          .execute((trx) => resolveLinks(trx, { authors: [{ id: author.value.id }] }, NOW, env.database.dialect)),
      async (trx) => {
        await trx.updateTable('authors').set({ name: renamed }).where('id', '=', author.value.id).execute();
      },
    );

    expect(names.authors!.map((a) => a.name)).toEqual([renamed]);
  });
});
