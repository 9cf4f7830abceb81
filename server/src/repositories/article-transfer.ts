import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ArticleRow, NewArticleRow } from '../db/schema.ts';
import { authorRefs, type ValidArticle } from '../domain/article-input.ts';
import { toAdminArticle } from './admin-article-view.ts';
import { keepBodyImages, toNewArticleRow } from './admin-articles.ts';
import { writeFirstRevisions } from './article-revisions.ts';
import { bylineOf, resolveLinks, storeLinks, type ArticleLinks } from './authors-and-tags.ts';
import { writeAudit, type Actor } from './audit-log.ts';

/**
 * Moving articles in and out whole (npm run export, npm run import -- --keep-ids, npm run
 * migrate-data): rows keep their ids and timestamps. Dialect differences stay here (sequences).
 */
export interface ExactArticle extends ValidArticle {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * Every article outside the trash, by id, read in pages (keyset) so a million rows never sit in
 * memory at once. Trashed articles are left out: they are deleted as far as readers and the
 * record format are concerned (a record has no trash flag, so an import would bring one back).
 */
export async function* readArticlesById(database: Db, pageSize = 1_000): AsyncGenerator<ArticleRow> {
  let after = 0;
  for (;;) {
    const rows = (await database.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '>', after)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'asc')
      .limit(pageSize)
      .execute()) as ArticleRow[];
    for (const row of rows) yield { ...row, id: Number(row.id) };
    if (rows.length < pageSize) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** How many articles are in the trash (what an export leaves out). */
export async function countTrashed(database: Db): Promise<number> {
  const row = await database.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function toRow(a: ExactArticle): NewArticleRow & { id: number } {
  return { id: a.id, ...toNewArticleRow(a, a.createdAt, a.updatedAt) };
}

/**
 * Stores articles with their own ids and timestamps in one transaction, each with its 'create'
 * audit row and its original as revision 1, then moves the id sequence past them. An id that exists already fails the batch.
 */
export async function insertExactArticles(database: Db, articles: ExactArticle[], actor: Actor): Promise<void> {
  if (articles.length === 0) return;
  const at = new Date().toISOString();
  await database.db.transaction().execute(async (trx) => {
    const rows = articles.map(toRow);
    const stored = (await trx.insertInto('articles').values(rows).returningAll().execute()) as ArticleRow[];
    const linked: ArticleLinks[] = [];
    for (const [i, article] of articles.entries()) {
      const links = await resolveLinks(
        trx,
        { authors: authorRefs(article), tags: article.tags ?? [] },
        at,
        database.dialect,
      );
      await storeLinks(trx, article.id, links);
      const byline = bylineOf(links.authors!);
      if (byline !== stored[i]!.author) {
        await trx.updateTable('articles').set({ author: byline }).where('id', '=', article.id).execute();
        stored[i] = { ...stored[i]!, author: byline };
      }
      linked.push({ authors: links.authors!, tags: links.tags! });
    }
    await writeAudit(
      trx,
      stored.map((s) => ({ action: 'create' as const, articleId: Number(s.id), actor, at, before: null, after: s })),
    );
    const articlesStored = stored.map((row, i) => toAdminArticle(row, linked[i]));
    await keepBodyImages(trx, articlesStored);
    await writeFirstRevisions(trx, articlesStored, actor, at);
  });
  await resetIdSequences(database, ['articles']);
}

/**
 * After rows were inserted with explicit ids: PostgreSQL's serial sequences must continue after
 * the largest id (SQLite's AUTOINCREMENT does that by itself).
 */
export async function resetIdSequences(database: Db, tables: string[]): Promise<void> {
  if (database.dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`
      select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1),
                    (select max(id) from ${sql.table(table)}) is not null)
    `.execute(database.db);
  }
}
