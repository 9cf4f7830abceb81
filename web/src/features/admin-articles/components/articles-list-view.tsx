import { useEffect } from 'react';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useArticles } from '../api/get-articles.ts';
import { useCategories } from '../api/get-categories.ts';
import { buildListTitle } from '../lib/list-title.ts';
import { totalText, withFilter } from '../lib/list-query.ts';
import type { ListQuery, StatusFilter } from '../types.ts';
import { ArticleList } from './article-row.tsx';
import { Pagination } from './pagination.tsx';

export interface ArticlesListViewProps {
  query: ListQuery;
  /** Puts the new state into the URL query (replace: no new history entry). */
  onQueryChange(next: ListQuery, opts?: { replace?: boolean }): void;
}

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Articles' },
  { value: 'published', label: 'Published Only' },
  { value: 'unpublished', label: 'Drafts Only' },
];

/** All Articles (docs/product.md, All Articles): title, filters, rows, pagination and rows per page. */
export function ArticlesListView({ query, onQueryChange }: ArticlesListViewProps) {
  const categories = useCategories();
  const articles = useArticles(query);
  const page = articles.data;

  // A page past the end (after deletions, or an edited URL) moves to the last page.
  useEffect(() => {
    if (page && page.totalPages > 0 && query.page > page.totalPages && !articles.isPlaceholderData) {
      onQueryChange({ ...query, page: page.totalPages }, { replace: true });
    }
  }, [page, query, onQueryChange, articles.isPlaceholderData]);

  if (categories.isError) return <AdminQueryError error={categories.error} onRetry={() => void categories.refetch()} />;
  if (articles.isError) return <AdminQueryError error={articles.error} onRetry={() => void articles.refetch()} />;

  const categoryName = categories.data?.find((c) => c.id === query.categoryId)?.name;
  const total = page?.totalCount ?? 0;
  return (
    <section className="admin-section" aria-labelledby="admin-list-title" aria-busy={articles.isFetching}>
      <div className="admin-section__head">
        <h1 id="admin-list-title">
          {page ? buildListTitle({ status: query.status, categoryName, total }) : 'Articles'}
        </h1>
        {page ? <p className="admin-muted">{totalText(total)}</p> : null}
      </div>
      <div className="admin-filters">
        <label className="admin-field">
          <span>Status</span>
          <select
            className="admin-select"
            value={query.status}
            onChange={(e) => onQueryChange(withFilter(query, { status: e.target.value as StatusFilter }))}
          >
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Category</span>
          <select
            className="admin-select"
            value={query.categoryId ?? 0}
            onChange={(e) => onQueryChange(withFilter(query, { categoryId: Number(e.target.value) || undefined }))}
          >
            <option value={0}>All Categories</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {page ? (
        <>
          <ArticleList articles={page.articles} />
          <Pagination
            currentPage={query.page}
            totalPages={page.totalPages}
            pageSize={query.pageSize}
            shown={page.articles.length}
            totalCount={page.totalCount}
            onPage={(p) => onQueryChange({ ...query, page: p })}
            onPageSize={(size) => onQueryChange(withFilter(query, { pageSize: size }))}
          />
        </>
      ) : (
        <AdminSpinner label="Loading articles…" />
      )}
    </section>
  );
}
