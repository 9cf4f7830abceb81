import { ALL_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../lib/list-query.ts';
import { pageWindow } from '../lib/page-window.ts';

export interface PaginationProps {
  currentPage: number;
  totalPages: number;
  pageSize: number;
  shown: number;
  totalCount: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** First, previous, numbered, next and last buttons plus the rows-per-page selector. */
export function Pagination({
  currentPage,
  totalPages,
  pageSize,
  shown,
  totalCount,
  onPage,
  onPageSize,
}: PaginationProps) {
  const all = pageSize === ALL_PAGE_SIZE;
  const last = Math.max(1, totalPages);
  const atStart = currentPage <= 1;
  const atEnd = currentPage >= last;
  return (
    <div className="admin-pagination">
      <label className="admin-field admin-field--inline">
        <span>Rows per page</span>
        <select className="admin-select" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {PAGE_SIZE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n === ALL_PAGE_SIZE ? 'All' : n}
            </option>
          ))}
        </select>
      </label>
      {all ? (
        <p className="admin-pagination__all">
          {shown} of {totalCount}
        </p>
      ) : totalPages > 1 ? (
        <nav aria-label="Pagination">
          <ul className="admin-pagination__pages">
            <li>
              <button
                type="button"
                className="admin-page"
                aria-label="First page"
                disabled={atStart}
                onClick={() => onPage(1)}
              >
                «
              </button>
            </li>
            <li>
              <button
                type="button"
                className="admin-page"
                aria-label="Previous page"
                disabled={atStart}
                onClick={() => onPage(currentPage - 1)}
              >
                ‹
              </button>
            </li>
            {pageWindow(currentPage, totalPages).map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <button
                    type="button"
                    className="admin-page"
                    aria-label={`Page ${item}`}
                    aria-current={item === currentPage ? 'page' : undefined}
                    onClick={() => onPage(item)}
                  >
                    {item}
                  </button>
                </li>
              ) : (
                <li key={item} className="admin-page admin-page--gap" aria-hidden="true">
                  …
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className="admin-page"
                aria-label="Next page"
                disabled={atEnd}
                onClick={() => onPage(currentPage + 1)}
              >
                ›
              </button>
            </li>
            <li>
              <button
                type="button"
                className="admin-page"
                aria-label="Last page"
                disabled={atEnd}
                onClick={() => onPage(last)}
              >
                »
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
