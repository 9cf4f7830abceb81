import type { ListQuery, SortOrder, StatusFilter } from '../types.ts';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;
/** -1 means all rows on one page. */
export const ALL_PAGE_SIZE = -1;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100, ALL_PAGE_SIZE] as const;
const STATUSES: StatusFilter[] = ['all', 'published', 'unpublished', 'scheduled', 'trash'];
const SORTS: SortOrder[] = ['newest', 'oldest'];
/** Longest headline search sent to the server. */
export const MAX_SEARCH_LENGTH = 200;

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Reads the list state from the URL query; anything invalid falls back to the defaults. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const sizeRaw = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeRaw) ? sizeRaw : DEFAULT_PAGE_SIZE;
  const statusRaw = params.get('status') as StatusFilter | null;
  const status = statusRaw && STATUSES.includes(statusRaw) ? statusRaw : 'all';
  const categoryId = positiveInt(params.get('categoryId'));
  const authorId = positiveInt(params.get('authorId'));
  const tagId = positiveInt(params.get('tagId'));
  const search = (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const sortRaw = params.get('sort') as SortOrder | null;
  const sort = sortRaw && SORTS.includes(sortRaw) && sortRaw !== 'newest' ? sortRaw : undefined;
  const openNotes = params.get('notes') === 'open' && status !== 'trash';
  return {
    page: positiveInt(params.get('page')) ?? DEFAULT_PAGE,
    pageSize,
    status,
    ...(categoryId ? { categoryId } : {}),
    ...(search ? { search } : {}),
    ...(authorId ? { authorId } : {}),
    ...(tagId ? { tagId } : {}),
    ...(openNotes ? { openNotes } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** The API call's query: status omitted when all, categoryId, authorId, tagId and notes only when set. */
export function toApiSearch(q: ListQuery): string {
  const p = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.status !== 'all') p.set('status', q.status);
  if (q.categoryId && q.categoryId > 0) p.set('categoryId', String(q.categoryId));
  if (q.search) p.set('search', q.search);
  if (q.authorId) p.set('authorId', String(q.authorId));
  if (q.tagId) p.set('tagId', String(q.tagId));
  if (q.openNotes) p.set('notes', 'open');
  if (q.sort && q.sort !== 'newest') p.set('sort', q.sort);
  return p.toString();
}

/** A filter or page-size change starts again at page 1; the Trash has no open notes to filter by. */
export function withFilter(q: ListQuery, change: Partial<Omit<ListQuery, 'page'>>): ListQuery {
  const next: ListQuery = { ...q, ...change, page: 1 };
  if (!next.categoryId) delete next.categoryId;
  if (!next.search) delete next.search;
  if (!next.authorId) delete next.authorId;
  if (!next.tagId) delete next.tagId;
  if (!next.openNotes || next.status === 'trash') delete next.openNotes;
  if (!next.sort || next.sort === 'newest') delete next.sort;
  return next;
}

/** 'N article(s) total'. */
export function totalText(total: number): string {
  return `${total} ${total === 1 ? 'article' : 'articles'} total`;
}

/**
 * The history state of a visit to the list that gives its title the focus: the editor arrives from a
 * screen that went away with its article (Delete for good on 'This article was deleted').
 */
export const ARRIVED_FOR_TITLE = { focusTitle: true } as const;

export function arrivedForTitle(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusTitle?: unknown }).focusTitle === true;
}
