/**
 * Read counts and the 'MOST READ' lists (decision 049): the public beacon, the readers' list and the
 * newsroom's, shared by the server and the front end.
 */

/** POST: a reader's browser showed a published article (body `{articleId}`); 204. */
export const READS_API_PATH = '/News/reads';
/**
 * GET: the same read from a page shown without JavaScript, as an image in the article page's `<noscript>`
 * (a browser running scripts never loads it); answered with a transparent 1×1 GIF.
 */
export function readPixelPath(articleId: number): string {
  return `${READS_API_PATH}/${articleId}`;
}
/** GET: the stories most read in the last 24 hours, for the 'MOST READ' block. */
export const MOST_READ_API_PATH = '/News/most-read';

/** GET /News/most-read, of one section's stories when `category` (its name) is given. */
export function mostReadApiPath(category?: string): string {
  return category ? `${MOST_READ_API_PATH}?category=${encodeURIComponent(category)}` : MOST_READ_API_PATH;
}
/** GET (newsroom): the stories most read in the last 24 hours, with their counts. */
export const ADMIN_MOST_READ_API_PATH = '/api/admin/most-read';

/** The window the lists sum: the current UTC hour and the 23 before it. */
export const MOST_READ_HOURS = 24;
/** Stories in the readers' block. */
export const MOST_READ_COUNT = 5;
/** Stories GET /News/most-read gives: one more, so an article's page can leave itself out and still show five. */
export const MOST_READ_API_COUNT = MOST_READ_COUNT + 1;
/** Stories on the Dashboard's panel. */
export const ADMIN_MOST_READ_COUNT = 10;
/** The window of an article's 'Reads: N in the last 7 days'. */
export const ARTICLE_READS_HOURS = 7 * 24;

/** A story of the readers' 'MOST READ' block (GET /News/most-read). */
export interface MostReadStory {
  id: number;
  slug: string;
  headline: string;
  /** The section's name ('Politics'). */
  category: string;
  publishedAt: string;
}

/** GET /News/most-read. */
export interface MostReadList {
  articles: MostReadStory[];
}

/** A story of the Dashboard's panel (GET /api/admin/most-read). */
export interface AdminMostReadStory {
  id: number;
  headline: string;
  reads: number;
}

/** '1 read', '1,234 reads'. */
export function readsLabel(reads: number): string {
  return reads === 1 ? '1 read' : `${reads.toLocaleString('en-GB')} reads`;
}

/** Hourly read counts older than this are deleted (the scheduler, at most once an hour). */
export const READS_KEPT_DAYS = 90;
