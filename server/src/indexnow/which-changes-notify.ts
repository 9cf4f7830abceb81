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
 * - Live coverage started (or resumed) or ended on a public article: its page (the live blog) and its
 *   listings (the card shows 'LIVE' while coverage runs).
 * - An author or a tag renamed, edited, merged into another or deleted (pathsOnRecordChange): its page,
 *   its earlier addresses when what they answer changes, and the public stories naming it, as far as
 *   they show the change; nothing unless it names a public story (see there).
 * - The breaking strip (under the header of every public page: the breaking headlines, those of the
 *   section on a section's page, all of them elsewhere) changes with a story's 'breaking' flag, its
 *   headline, its section or its coming onto or off the site: card fields, so the home page and the
 *   section are among the listings sent already. The other pages showing it (every story, author and
 *   tag page...) are not sent: their strip is the home page's, and a headline would otherwise send
 *   the whole site.
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

/** An article row's side of isPublic. */
type RowState = Pick<ArticleRow, 'slug' | 'published_at' | 'deleted_at'>;
const rowIsPublic = (r: RowState) => isPublic({ publishedAt: r.published_at ?? null, deletedAt: r.deleted_at ?? null });

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
export function pathsOnEntryWrite(row: RowState): string[] {
  return rowIsPublic(row) ? [articlePath(row.slug)] : [];
}

/** A correction of the article (`row`) was added, fixed or removed: its page and /corrections, when it is public. */
export function pathsOnCorrectionWrite(row: RowState): string[] {
  return rowIsPublic(row) ? [articlePath(row.slug), CORRECTIONS_PATH] : [];
}

/** A picture change changed this article (as it left it): its page and its cards, when it is public. */
export const pathsOnImageChange = pathsOnPublish;

/**
 * Live coverage started, resumed or ended (`a` as it left it): its page (the live blog shows whether
 * coverage runs) and every listing showing its card (the 'LIVE' badge), when it is public.
 */
export const pathsOnCoverageChange = pathsOnPublish;

/** An author or a tag as its page and the stories naming it show it (a tag: its name and slug only). */
export interface NotifiedRecord {
  name: string;
  slug: string;
  bio?: string;
  photoUrl?: string | null;
  xHandle?: string | null;
}

/** A change of an author or a tag record, as pathsOnRecordChange reads it. */
export interface NotifiedRecordChange {
  kind: 'authors' | 'tags';
  /** The record as it was. */
  before: NotifiedRecord;
  /** As it is now; a merge: the record merged into; null: deleted. */
  after: NotifiedRecord | null;
  /** The articles that named it before the change, whatever their state (drafts and the Trash too). */
  articles: readonly RowState[];
  /** The slugs it had before its last rename (their addresses redirected to `before.slug`), read before the change. */
  formerSlugs: readonly string[];
}

/** What a record's own page shows of it: the author's name, bio, photo and X link; a tag's name. */
const RECORD_PAGE_FIELDS = ['name', 'slug', 'bio', 'photoUrl', 'xHandle'] as const;
/** What a story naming it shows: the byline's or the tag's name, and its link to the record's page. */
const RECORD_STORY_FIELDS = ['name', 'slug'] as const;

const changed = (fields: readonly (keyof NotifiedRecord)[], a: NotifiedRecord, b: NotifiedRecord) =>
  fields.some((f) => (a[f] ?? null) !== (b[f] ?? null));

/**
 * An author or a tag renamed, edited, merged into another or deleted. Its page (`/author/{slug}`,
 * `/tag/{slug}`) lists its public stories; the stories show its name and link to it (the byline, the
 * tags at the foot, the page's author metadata); the cards show neither, so no other listing changes.
 * - Nothing unless it named a public story before the change: a record named by drafts, scheduled or
 *   trashed articles only (or by none) has a page no public page links to and no sitemap lists, and
 *   a non-public story has no page.
 * - Its page: the old address and the new one when the slug changed (a rename: the old one now
 *   redirects; a merge: the old one redirects to the record merged into, whose page now lists the
 *   merged stories); the old address when it is deleted (now a 404); else its address when what the
 *   page shows of it changed (RECORD_PAGE_FIELDS).
 * - The addresses it had before its last rename (formerSlugs), whenever what they answer changes: they
 *   redirect straight to the record's current address (no chain), so a new slug (a rename: the new
 *   address; a merge: the record merged into's) changes their target, and a deletion makes them 404
 *   (their redirects go with it). An edit that keeps the slug leaves them as they were: not sent.
 * - The public stories that named it: their pages when what they show of it changed
 *   (RECORD_STORY_FIELDS: renamed, merged into another, deleted); not for a bio, a photo or an X handle.
 */
export function pathsOnRecordChange({ kind, before, after, articles, formerSlugs }: NotifiedRecordChange): string[] {
  const shown = articles.filter(rowIsPublic);
  if (shown.length === 0) return [];
  const page = (slug: string) => (kind === 'authors' ? authorPath : tagPath)(encodeURIComponent(slug));
  const earlier = formerSlugs.map(page);
  const pages =
    after === null
      ? [page(before.slug), ...earlier]
      : after.slug !== before.slug
        ? [page(before.slug), page(after.slug), ...earlier]
        : changed(RECORD_PAGE_FIELDS, before, after)
          ? [page(after.slug)]
          : [];
  const stories =
    after === null || changed(RECORD_STORY_FIELDS, before, after) ? shown.map((a) => articlePath(a.slug)) : [];
  return unique([...pages, ...stories]);
}

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
