import type { Static } from '@sinclair/typebox';
import type { AdminArticle } from '../../../common/admin-contract.ts';
import { MAX_SLUG_LENGTH } from '../../../common/site.ts';
import { slugify } from '../../../common/slug.ts';
import { characterCount, firstCharacters } from '../../../common/text-length.ts';
import { HEADLINE_MAX_LENGTH, type ArticleInputSchema } from './article-input.ts';

/** What a duplicate's headline ends with, so that the two are told apart in the list. */
export const DUPLICATE_SUFFIX = ' (copy)';

/**
 * A duplicate of an article, as the new article's input (POST /api/admin/articles's body, checked by
 * the same rules): its headline with ' (copy)', its text, picture, byline, tags, category, settings,
 * sharing choice and search and social fields. It is a draft; nothing of the original's life comes
 * along: not its publication or schedule, revisions, preview link, posts, live coverage or audit
 * trail; its editor is the one who duplicates it.
 */
export function duplicateInput(a: AdminArticle): Static<typeof ArticleInputSchema> {
  return {
    headline: copyHeadline(a.headline),
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
 * The headline with ' (copy)', within the headline's limits: a long one loses words from its end
 * until both it and its slug fit (an original at the limit would otherwise make a copy the API refuses).
 */
export function copyHeadline(headline: string): string {
  // Counted in characters, as the limit is (common/text-length.ts): never cutting one in two.
  let base = firstCharacters(headline, HEADLINE_MAX_LENGTH - characterCount(DUPLICATE_SUFFIX)).trimEnd();
  while (base && slugify(`${base}${DUPLICATE_SUFFIX}`).length > MAX_SLUG_LENGTH) {
    const space = base.lastIndexOf(' ');
    base = (space > 0 ? base.slice(0, space) : firstCharacters(base, characterCount(base) - 1)).trimEnd();
  }
  return `${base}${DUPLICATE_SUFFIX}`;
}
