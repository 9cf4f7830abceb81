import type { Transaction } from 'kysely';
import { ARTICLE_UPLOADED_IMAGE } from '../db/migrations/028-image-references.ts';
import type { ArticleRow, Database } from '../db/schema.ts';
import { toAdminArticle } from './admin-article-view.ts';
import { writeRevision } from './article-revisions.ts';
import type { Actor } from './audit-log.ts';
import { articleLinks } from './authors-and-tags.ts';

/** The revision action of an article whose empty description a picture's description filled. */
export const IMAGE_ALT_FILL = 'image-update';

/**
 * Gives `alt` (a picture's new description, not blank) to the articles showing the picture (`urls`:
 * its stored widths) as their main picture with no description of their own, inside the picture
 * change's transaction. Each is a change of the article like any other (decision 012): its version
 * grows by one, `updated_at`/`updated_by` name the editor and the time, and it keeps a revision by
 * `actor` naming `imageAlt`, so an edit form opened before it meets a newer version and takes the
 * description instead of writing an empty one back. Not a change readers are told about (decision
 * 030): `modified_at` stays. One UPDATE (migration 028's partial index on image_url): on PostgreSQL
 * it waits for a save of the same article holding its row and then skips it if that save gave it a
 * description; SQLite runs one write transaction at a time. Answers the rows as the fill left them.
 */
export async function fillArticleAlts(
  trx: Transaction<Database>,
  urls: readonly string[],
  alt: string,
  actor: Actor,
  at: string,
): Promise<ArticleRow[]> {
  const rows = (await trx
    .updateTable('articles')
    .set((eb) => ({ image_alt: alt, updated_at: at, updated_by: actor.name, version: eb('version', '+', 1) }))
    .where(ARTICLE_UPLOADED_IMAGE)
    .where('image_url', 'in', urls)
    .where('image_alt', '=', '')
    .returningAll()
    .execute()) as ArticleRow[];
  if (rows.length === 0) return rows;
  const links = await articleLinks(
    trx,
    rows.map((r) => Number(r.id)),
  );
  for (const row of rows) {
    await writeRevision(trx, {
      action: IMAGE_ALT_FILL,
      actor,
      at,
      article: toAdminArticle(row, links.get(Number(row.id))),
      changed: ['imageAlt'],
    });
  }
  return rows;
}
