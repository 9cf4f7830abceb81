import { ALL_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../lib/list-query.ts';
import { PageNumbers } from '@/components/admin/page-numbers';

export interface PaginationProps {
  currentPage: number;
  totalPages: number;
  pageSize: number;
  shown: number;
  totalCount: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** The rows-per-page selector and the page buttons (PageNumbers). */
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
      ) : (
        <PageNumbers currentPage={currentPage} totalPages={totalPages} label="Pagination" onPage={onPage} />
      )}
    </div>
  );
}
