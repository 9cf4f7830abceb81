import type { Static } from '@sinclair/typebox';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import { MAX_SLUG_LENGTH } from '../../../common/site.ts';
import { slugify } from '../../../common/slug.ts';
import { characterCount, firstCharacters } from '../../../common/text-length.ts';
import { HEADLINE_MAX_LENGTH, type ArticleInputSchema } from './article-input.ts';

/** What a duplicate's headline ends with, so that the two are told apart in the list. */
export const DUPLICATE_SUFFIX = ' (copy)';

/** A copy's ending: ' (copy)' (the first) or ' (copy 2)', ' (copy 3)'…; the number, when there is one. */
const COPY_ENDING = / \(copy(?: ([1-9][0-9]{0,8}))?\)$/;

/** The ending of the `n`th copy: ' (copy)' for the first, then ' (copy 2)', ' (copy 3)'… */
const copyEnding = (n: number) => (n === 1 ? DUPLICATE_SUFFIX : ` (copy ${n})`);

/**
 * The headline a copy's number is counted on: without a copy's ending, so a copy of a copy is numbered
 * beside the copies of its original ('Cat Elected (copy 2)' → 'Cat Elected').
 */
export function copyBase(headline: string): string {
  return headline.replace(COPY_ENDING, '');
}

/**
 * A duplicate of an article, as the new article's input (POST /api/admin/articles's body, checked by
 * the same rules): its headline with ' (copy)' (or the next number, copyHeadline), its text, picture, byline, tags, category, settings,
 * sharing choice and search and social fields. It is a draft; nothing of the original's life comes
 * along: not its publication or schedule, revisions, preview link, posts, live coverage or audit
 * trail; its editor is the one who duplicates it.
 */
export function duplicateInput(a: AdminArticle, taken: readonly string[] = []): Static<typeof ArticleInputSchema> {
  return {
    headline: copyHeadline(a.headline, taken),
    summary: a.summary,
    body: a.body,
    categoryId: a.categoryId,
    // The same author and tag records; a byline without records (older rows) by its names.
    ...(a.authors?.length ? { authors: a.authors.map((r) => ({ id: r.id })) } : { author: a.author }),
    tags: (a.tags ?? []).map((r) => ({ id: r.id })),
    source: a.source,
    ratingOutOfTen: a.ratingOutOfTen,
    comments: a.comments,
    imageUrl: a.imageUrl,
    imageAlt: a.imageAlt ?? '',
    imageCaption: a.imageCaption ?? '',
    imageCredit: a.imageCredit ?? '',
    originalUrl: a.originalUrl,
    isBreaking: a.isBreaking,
    shareToX: a.shareToX ?? null,
    shareToFacebook: a.shareToFacebook ?? null,
    shareMessage: a.shareMessage ?? null,
    metaTitle: a.metaTitle ?? '',
    metaDescription: a.metaDescription ?? '',
    published: false,
  };
}

/**
 * A copy's headline (WordPress's and Ghost's way): the original's headline followed by ' (copy)', or, when
 * that copy exists already, by the next number: ' (copy 2)', ' (copy 3)'… A copy of a copy is counted
 * beside the copies of its original ('Cat Elected (copy)' gives 'Cat Elected (copy 2)', not '… (copy)
 * (copy)'). `taken`: the existing headlines the copies may be among (others are ignored); `headline`
 * counts as one of them.
 */
export function copyHeadline(headline: string, taken: readonly string[] = []): string {
  const base = copyBase(headline);
  let highest = 0;
  for (const existing of [headline, ...taken]) {
    const ending = COPY_ENDING.exec(existing);
    if (!ending) continue;
    const n = ending[1] ? Number(ending[1]) : 1;
    // That very copy of this base (made as this rule makes it, the base cut alike), not another headline.
    if (n > highest && withEnding(base, copyEnding(n)) === existing) highest = n;
  }
  return withEnding(base, copyEnding(highest + 1));
}

/**
 * The headline with `ending`, within the headline's limits: a long one loses words from its end until
 * both it and its slug fit (an original at the limit would otherwise make a copy the API refuses).
 */
function withEnding(headline: string, ending: string): string {
  // Counted in characters, as the limit is (common/text-length.ts): never cutting one in two.
  let base = firstCharacters(headline, HEADLINE_MAX_LENGTH - characterCount(ending)).trimEnd();
  while (base && slugify(`${base}${ending}`).length > MAX_SLUG_LENGTH) {
    const space = base.lastIndexOf(' ');
    base = (space > 0 ? base.slice(0, space) : firstCharacters(base, characterCount(base) - 1)).trimEnd();
  }
  return `${base}${ending}`;
}
