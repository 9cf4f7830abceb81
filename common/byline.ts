/**
 * Bylines as text and as lists of authors (decision 034).
 *
 * `joinByline` writes the display string every client has always read as `author`: "A", "A and B",
 * "A, B and C". `splitByline` reads such a string back into names, conservatively: it splits on
 * ", ", " and " and " & " only when every part then has at least two words, so "Jane Doe and John
 * Roe" is two authors while "Smith, Jr.", "Rock and Roll Desk" and "Staff" stay one.
 */
export function joinByline(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const SEPARATORS = /\s*,\s*|\s+and\s+|\s*&\s*/i;

export function splitByline(byline: string): string[] {
  const whole = byline.replace(/\s+/g, ' ').trim();
  if (whole === '') return [];
  const parts = whole.split(SEPARATORS).map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p.split(' ').length < 2)) return [whole];
  // One person named twice is one author.
  return [...new Set(parts)];
}

/** Most authors and tags one article carries. */
export const MAX_AUTHORS_PER_ARTICLE = 10;
export const MAX_TAGS_PER_ARTICLE = 20;
export const AUTHOR_NAME_MAX_LENGTH = 200;
export const TAG_NAME_MAX_LENGTH = 100;
export const AUTHOR_BIO_MAX_LENGTH = 5000;
/** An X handle: 1-15 letters, digits or underscores (an '@' in front is accepted and dropped). */
export const X_HANDLE = /^@?([A-Za-z0-9_]{1,15})$/;

/** Public paths of author and tag pages and their feeds. */
export const authorPath = (slug: string) => `/author/${slug}`;
export const tagPath = (slug: string) => `/tag/${slug}`;
export const authorFeedPath = (slug: string) => `/feeds/author/${slug}/rss.xml`;
export const tagFeedPath = (slug: string) => `/feeds/tag/${slug}/rss.xml`;
/**
 * The API answer an author or tag page shows: GET /News/author/{slug} or /News/tag/{slug}, with the
 * page's cursor (none: the first page).
 */
export function listingApiPath(
  kind: 'author' | 'tag',
  slug: string,
  cursor: { before?: string; after?: string } = {},
): string {
  const params = new URLSearchParams();
  if (cursor.before !== undefined) params.set('before', cursor.before);
  else if (cursor.after !== undefined) params.set('after', cursor.after);
  return `/News/${kind}/${encodeURIComponent(slug)}${params.size ? `?${params.toString()}` : ''}`;
}
/** Stories on one page of an author or tag page. */
export const PERSON_PAGE_SIZE = 15;
