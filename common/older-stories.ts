/**
 * Older stories on the home and section pages: page 1 is the usual listing (GET /News); pages 2, 3,
 * … are archive pages (GET /News/archive) reached by links that carry both a page number, for
 * people and for `rel="next"`/`"prev"`, and the keyset cursor that makes every page as fast as the
 * first: `/politics?page=3&before=2026-11-20T08:00:00.000Z_4711`. The author and tag pages are paged
 * the same way (`/author/jane-doe?page=2&before=…`, page 1 from GET /News/author/{slug} without a
 * cursor). The server's head tags and the page's links are built here, so both name the same URLs.
 */

/** `<publishedAt>_<id>`, as the archive API takes it. */
export const ARCHIVE_CURSOR = /^[0-9A-Za-z:.+-]{1,40}_[0-9]{1,10}$/;
/** The deepest page number a link may carry (a label, not a position: the cursor is the position). */
export const MAX_ARCHIVE_PAGE = 1_000_000;

/** An archive page: its number and the cursor it continues from (exactly one of before/after). */
export interface ArchivePosition {
  page: number;
  before?: string;
  after?: string;
}

/** The cursor naming an article in the newest-first order. */
export function articleCursor(article: { publishedAt: string | null; id: number | string }): string | null {
  const cursor = `${article.publishedAt ?? ''}_${String(article.id)}`;
  return ARCHIVE_CURSOR.test(cursor) ? cursor : null;
}

/**
 * The archive page a query string names, or undefined for page 1 (no cursor, a malformed cursor,
 * or both cursors). A missing or odd page number on a cursor link counts as page 2.
 */
export function archivePosition(params: URLSearchParams): ArchivePosition | undefined {
  const before = params.get('before') ?? undefined;
  const after = params.get('after') ?? undefined;
  if ((before === undefined) === (after === undefined)) return undefined;
  const cursor = (before ?? after)!;
  if (!ARCHIVE_CURSOR.test(cursor)) return undefined;
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n >= 2 && n <= MAX_ARCHIVE_PAGE ? n : 2;
  return before !== undefined ? { page, before } : { page, after };
}

/** The URL of a page of a listing (`basePath` is '/' or '/politics'); page 1 is the bare listing. */
export function archiveHref(basePath: string, position: ArchivePosition | undefined): string {
  if (!position || position.page <= 1) return basePath;
  const params = new URLSearchParams();
  params.set('page', String(position.page));
  if (position.before !== undefined) params.set('before', position.before);
  else if (position.after !== undefined) params.set('after', position.after);
  return `${basePath}?${params.toString()}`;
}

/**
 * Page 2's cursor from page 1's list (GET /News: up to `pageSize` breaking and `pageSize` other
 * stories): the oldest story of a full list, the other stories first. null when both lists are
 * short, i.e. page 1 already shows every story.
 */
export function olderThanFirstPage(
  list: {
    breakingNews: { publishedAt: string | null; id: number | string }[];
    allArticles: { publishedAt: string | null; id: number | string }[];
  },
  pageSize: number,
): string | null {
  const full = [list.allArticles, list.breakingNews].find((l) => l.length >= pageSize);
  const last = full?.at(-1);
  return last ? articleCursor(last) : null;
}

/**
 * The links of a page to its neighbours, from the API's `older`/`newer` cursors; `position`
 * undefined is page 1 (which has no newer page).
 */
export function archiveNeighbours(
  basePath: string,
  position: ArchivePosition | undefined,
  cursors: { older: string | null; newer: string | null },
): { next?: string; prev?: string } {
  const out: { next?: string; prev?: string } = {};
  if (cursors.older) out.next = archiveHref(basePath, { page: (position?.page ?? 1) + 1, before: cursors.older });
  if (!position) return out;
  // The page before page 2 is the listing itself; walking back from deeper pages uses `after`.
  if (position.page <= 2 || !cursors.newer) out.prev = basePath;
  else out.prev = archiveHref(basePath, { page: position.page - 1, after: cursors.newer });
  return out;
}
