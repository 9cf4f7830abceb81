import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ArticleNoteTable, ArticleRow, Database, NewArticleRow } from '../db/schema.ts';
import { toAdminArticle } from './admin-article-view.ts';
import { keepBodyImages } from './admin-articles.ts';
import { writeFirstRevisions } from './article-revisions.ts';
import { resolveLinks, storeLinks, type ArticleLinks } from './authors-and-tags.ts';
import { slugify } from '../../../common/slug.ts';
import { splitByline } from '../../../common/byline.ts';
import { SEED_ACTOR } from './audit-log.ts';

/** The demo content's authors (with bios), the tags of each story and editors' notes on some. */
export interface SeedPeople {
  authors?: readonly { name: string; bio: string; xHandle?: string }[];
  tagsOf?: (row: ArticleRow) => string[];
  /** The notes on the stored stories (decision 058). */
  notesOf?: (stored: { id: number; headline: string }[]) => {
    note: Insertable<ArticleNoteTable>;
    replies: Insertable<ArticleNoteTable>[];
  }[];
}

/** SQL of the demo content (seed/index.ts). */
export class SeedRepository {
  readonly #db: Kysely<Database>;
  readonly #dialect: Db['dialect'];

  constructor(database: Pick<Db, 'db' | 'dialect'>) {
    this.#db = database.db;
    this.#dialect = database.dialect;
  }

  /**
   * Inserts the rows in one transaction, unless the database already holds any article (published
   * or not), each with its original as revision 1. Returns how many rows went in.
   */
  async insertIfNoArticles(rows: NewArticleRow[], people: SeedPeople = {}): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('articles').select('id').limit(1).executeTakeFirst();
      if (existing) return 0;
      if (rows.length === 0) return 0;
      const stored = (await trx.insertInto('articles').values(rows).returningAll().execute()) as ArticleRow[];
      const at = new Date().toISOString();
      // The authors with their bios first; then each story's byline and tags as records.
      for (const a of people.authors ?? []) {
        await trx
          .insertInto('authors')
          .values({
            name: a.name,
            slug: slugify(a.name),
            bio: a.bio,
            x_handle: a.xHandle ?? null,
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('slug').doNothing())
          .execute();
      }
      const linked: ArticleLinks[] = [];
      for (const row of stored) {
        const links = await resolveLinks(
          trx,
          {
            authors: splitByline(row.author).map((name) => ({ name })),
            tags: (people.tagsOf?.(row) ?? []).map((name) => ({ name })),
          },
          at,
          this.#dialect,
        );
        await storeLinks(trx, Number(row.id), links);
        linked.push({ authors: links.authors!, tags: links.tags! });
      }
      const articles = stored.map((row, i) => toAdminArticle(row, linked[i]));
      await keepBodyImages(trx, articles);
      await writeFirstRevisions(trx, articles, SEED_ACTOR, at);
      const notes = people.notesOf?.(stored.map((r) => ({ id: Number(r.id), headline: r.headline }))) ?? [];
      for (const { note, replies } of notes) {
        const { id } = await trx.insertInto('article_notes').values(note).returning('id').executeTakeFirstOrThrow();
        if (replies.length > 0) {
          await trx
            .insertInto('article_notes')
            .values(replies.map((r) => ({ ...r, reply_to: Number(id) })))
            .execute();
        }
      }
      return rows.length;
    });
  }
}
