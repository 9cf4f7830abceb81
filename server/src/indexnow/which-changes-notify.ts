import type { AdminArticle } from '../../../common/admin-contract.ts';
import { authorPath, tagPath } from '../../../common/byline.ts';
import { CATEGORIES } from '../../../common/categories.ts';
import { CORRECTIONS_PATH } from '../../../common/corrections-contract.ts';
import type { ArticleRow } from '../db/schema.ts';
import { changesForReaders } from '../repositories/admin-articles.ts';

/**
 * Which article changes search engines hear of, and for which pages of the site (decision 045). The
 * one place this rule is written; the notifier asks it for every write its hooks see, and turns the
 * paths it answers into URLs on PUBLIC_URL.
 *
 * The pages are the story's own (`/article/{slug}`) and the listings that show its card: the home
 * page (`/`), its section (`/politics`...), its authors' pages (`/author/{slug}`) and its tags' pages
 * (`/tag/{slug}`), the first page of each (older pages move by themselves as stories are added).
 *
 * - A publish (by an editor, by the schedule, or an article created published): its page and its
 *   listings (the card appears there).
 * - Any other write (edit, unpublish, move to the Trash, restore, category...):
 *   - the story's page: when it became public (a restore from the Trash of a published one); when it
 *     stopped being public (unpublished, moved to the Trash), so the engine recrawls it, finds it gone
 *     and drops it; public before and after: both URLs when the slug changed (the old one now
 *     redirects), else its URL when what readers or search engines see on it changed (the reader
 *     fields and body of the 'Updated' rule, the search title and description, the tags); an edit of
 *     editorial metadata only (rating, comments, editor, share choice) is not sent;
 *   - the listings whose list changed: when the card changed (CARD_FIELDS: what a card shows, and
 *     its link), every listing that showed it or shows it now; else those it left or joined (an
 *     author or tag added or removed: that author's or tag's page; the home page and the section
 *     keep the same card). Coming onto the site or going off it, that is every listing of the side
 *     where it is public.
 * - A live blog's entry posted, corrected or deleted on a public article: its page (it lists the
 *   entries); the card does not show the entries.
 * - A correction added, fixed or removed on a public article (decision 046): its page (the Corrections
 *   block) and the corrections page (`/corrections`, which lists it); the card does not show corrections,
 *   so no listing of stories.
 * - A picture's description or focal point changed in the library, copied onto the articles showing
 *   it: for each of them that is public, its page and its listings (the card shows the picture
 *   cropped around its focal point, with the description as its alt text).
 * - A draft or scheduled article changing: nothing (it has no public page and is on no listing).
 *
 * Every answer lists a path once.
 */

/** An article as the rule reads it: its address, whether it is on the site, and where its card is listed. */
export interface NotifiedArticle {
  slug: string;
  publishedAt: string | null;
  deletedAt: string | null;
  categoryId: number;
  /** Author records (not the byline text) and tags, by slug: each has a listing page. */
  authors?: readonly { slug: string }[];
  tags?: readonly { slug: string }[];
}

/** What a card in the listings shows, and its link: a change of one changes every listing showing it. */
const CARD_FIELDS = [
  'slug',
  'headline',
  'summary',
  'imageUrl',
  'imageAlt',
  'imageFocalX',
  'imageFocalY',
  'isBreaking',
  'categoryId',
  'publishedAt',
] as const satisfies readonly (keyof AdminArticle)[];

/** Public: on the site now (a trashed article has no published_at either). */
const isPublic = (a: { publishedAt: string | null; deletedAt: string | null }) =>
  a.publishedAt !== null && a.deletedAt === null;

const unique = (paths: string[]) => [...new Set(paths)];

export const articlePath = (slug: string) => `/article/${encodeURIComponent(slug)}`;

const sectionPath = new Map<number, string>(CATEGORIES.map((c) => [c.id, `/${c.path}`]));

/** The listings that show the article's card: none unless it is public. */
export function listingPaths(a: NotifiedArticle): string[] {
  if (!isPublic(a)) return [];
  const section = sectionPath.get(Number(a.categoryId));
  return unique([
    '/',
    ...(section ? [section] : []),
    ...(a.authors ?? []).map((r) => authorPath(encodeURIComponent(r.slug))),
    ...(a.tags ?? []).map((r) => tagPath(encodeURIComponent(r.slug))),
  ]);
}

/** The paths to submit after a publish (`a` as the publish left it). */
export function pathsOnPublish(a: NotifiedArticle): string[] {
  return isPublic(a) ? unique([articlePath(a.slug), ...listingPaths(a)]) : [];
}

/** A live blog's entry was posted, corrected or deleted (`row` its article): its page, when it is public. */
export function pathsOnEntryWrite(row: Pick<ArticleRow, 'slug' | 'published_at' | 'deleted_at'>): string[] {
  return row.published_at && !row.deleted_at ? [articlePath(row.slug)] : [];
}

/** A correction of the article (`row`) was added, fixed or removed: its page and /corrections, when it is public. */
export function pathsOnCorrectionWrite(row: Pick<ArticleRow, 'slug' | 'published_at' | 'deleted_at'>): string[] {
  return row.published_at && !row.deleted_at ? [articlePath(row.slug), CORRECTIONS_PATH] : [];
}

/** A picture change changed this article (as it left it): its page and its cards, when it is public. */
export const pathsOnImageChange = pathsOnPublish;

/** The paths to submit after any other accepted write of one article. */
export function pathsOnChange(before: AdminArticle, after: AdminArticle): string[] {
  return unique([...storyPaths(before, after), ...changedListings(before, after)]);
}

function storyPaths(before: AdminArticle, after: AdminArticle): string[] {
  const was = isPublic(before);
  const is = isPublic(after);
  if (!was && !is) return [];
  if (!was) return [articlePath(after.slug)];
  if (!is) return [articlePath(before.slug)];
  if (before.slug !== after.slug) return [articlePath(before.slug), articlePath(after.slug)];
  return changesForSearchEngines(before, after) ? [articlePath(after.slug)] : [];
}

function changedListings(before: AdminArticle, after: AdminArticle): string[] {
  const was = listingPaths(before);
  const is = listingPaths(after);
  if (CARD_FIELDS.some((f) => before[f] !== after[f])) return [...was, ...is];
  return [...was.filter((p) => !is.includes(p)), ...is.filter((p) => !was.includes(p))];
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
