import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ArticleRow, Database, NewArticleRow } from '../db/schema.ts';
import { toAdminArticle } from './admin-articles.ts';
import { writeFirstRevisions } from './article-revisions.ts';
import { SEED_ACTOR } from './audit-log.ts';

/** SQL of the demo content (seed/index.ts). */
export class SeedRepository {
  readonly #db: Kysely<Database>;

  constructor(database: Pick<Db, 'db'>) {
    this.#db = database.db;
  }

  /**
   * Inserts the rows in one transaction, unless the database already holds any article (published
   * or not), each with its original as revision 1. Returns how many rows went in.
   */
  async insertIfNoArticles(rows: NewArticleRow[]): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('articles').select('id').limit(1).executeTakeFirst();
      if (existing) return 0;
      if (rows.length === 0) return 0;
      const stored = (await trx.insertInto('articles').values(rows).returningAll().execute()) as ArticleRow[];
      const at = new Date().toISOString();
      await writeFirstRevisions(
        trx,
        stored.map((row) => toAdminArticle(row)),
        SEED_ACTOR,
        at,
      );
      return rows.length;
    });
  }
}
