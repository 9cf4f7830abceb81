import type { AdminArticle } from '../../../common/admin-contract.ts';
import type { ArticleRow } from '../db/schema.ts';
import { changesForReaders } from '../repositories/admin-articles.ts';

/**
 * Which article changes search engines hear of, and for which slugs (decision 045). The one place
 * this rule is written; the publish hook and the change hook of the article repository both ask it.
 *
 * - A publish (by an editor, by the schedule, or an article created published): its URL.
 * - Any other write (edit, unpublish, move to the Trash, restore, category...):
 *   - the article became public (a restore from the Trash of a published one): its URL;
 *   - it stopped being public (unpublished, moved to the Trash): its URL, so the engine recrawls
 *     it, finds it gone and drops it;
 *   - public before and after, with a new slug: the old URL (it now redirects) and the new one;
 *   - public before and after, same slug: its URL when what readers or search engines see changed
 *     (the reader fields and body of the 'Updated' rule, the search title and description, the tags);
 *     an edit of editorial metadata only (rating, comments, editor, share choice) is not sent.
 * - A live blog's entry posted, corrected or deleted on a public article: its URL (its page lists the
 *   entries).
 * - A picture's description or focal point changed in the library, copied onto the articles showing
 *   it: the URLs of those of them that are public, all in one submission (their pages' alt text, crops
 *   and og:image changed).
 * - A draft or scheduled article changing: nothing (it has no public URL).
 */

/** Public: on the site now (a trashed article has no published_at either). */
const isPublic = (a: { publishedAt: string | null; deletedAt: string | null }) =>
  a.publishedAt !== null && a.deletedAt === null;

/**
 * The slugs to submit after a publish (`row` as the publish left it) or after a write of one of a live
 * blog's entries (`row` the entry's article).
 */
export function slugsOnPublish(row: Pick<ArticleRow, 'slug' | 'published_at' | 'deleted_at'>): string[] {
  return row.published_at && !row.deleted_at ? [row.slug] : [];
}

/** A live blog's entry was posted, corrected or deleted: the article's page changed when it is public. */
export const slugsOnEntryWrite = slugsOnPublish;

/** The slugs to submit after a picture change changed these articles (as it left them). */
export function slugsOnImageChange(articles: Pick<ArticleRow, 'slug' | 'published_at' | 'deleted_at'>[]): string[] {
  return articles.flatMap(slugsOnPublish);
}

/** The slugs to submit after any other accepted write of one article. */
export function slugsOnChange(before: AdminArticle, after: AdminArticle): string[] {
  const was = isPublic(before);
  const is = isPublic(after);
  if (!was && !is) return [];
  if (!was) return [after.slug];
  if (!is) return [before.slug];
  if (before.slug !== after.slug) return [before.slug, after.slug];
  return changesForSearchEngines(before, after) ? [after.slug] : [];
}

const tagNames = (a: AdminArticle) => JSON.stringify((a.tags ?? []).map((t) => t.name));

function changesForSearchEngines(before: AdminArticle, after: AdminArticle): boolean {
  return (
    changesForReaders(before, after) ||
    (before.metaTitle ?? '') !== (after.metaTitle ?? '') ||
    (before.metaDescription ?? '') !== (after.metaDescription ?? '') ||
    tagNames(before) !== tagNames(after)
  );
}
