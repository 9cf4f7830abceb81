import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useArticles } from '../api/get-articles.ts';
import { useCategories } from '../api/get-categories.ts';
import { buildListTitle } from '../lib/list-title.ts';
import { arrivedForTitle, toApiSearch, totalText, withFilter } from '../lib/list-query.ts';
import type { ListQuery, SortOrder, StatusFilter } from '../types.ts';
import { ArticleList, type RowSelection } from './article-row.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { NameFilter } from './name-filter.tsx';
import { Pagination } from './pagination.tsx';
import { RecordFilter } from './record-filter.tsx';

export interface ArticlesListViewProps {
  query: ListQuery;
  /** Puts the new state into the URL query (replace: no new history entry). */
  onQueryChange(next: ListQuery, opts?: { replace?: boolean }): void;
}

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Articles' },
  { value: 'published', label: 'Published Only' },
  { value: 'unpublished', label: 'Drafts Only' },
  { value: 'scheduled', label: 'Scheduled Only' },
  { value: 'trash', label: 'Trash' },
];

const NONE: ReadonlySet<number> = new Set();

/**
 * All Articles (docs/product.md, All Articles): title, filters (status, category, author, tag, open notes
 * only, sort), the selection and its bulk actions, rows, pagination and rows per page.
 */
export function ArticlesListView({ query, onQueryChange }: ArticlesListViewProps) {
  const uid = useId();
  const categories = useCategories();
  const articles = useArticles(query);
  const page = articles.data;
  const [search, setSearch] = useState(query.search ?? '');
  useEffect(() => setSearch(query.search ?? ''), [query.search]);

  // The selection belongs to the page shown: another page, filter, search, sort or page size clears it.
  const shown = toApiSearch(query);
  const [selection, setSelection] = useState({ shown, ids: new Set<number>() });
  if (selection.shown !== shown) setSelection({ shown, ids: new Set() });
  const selected = selection.shown === shown ? selection.ids : NONE;
  const select = (ids: Set<number>) => setSelection({ shown, ids });
  const rowSelection: RowSelection = {
    isSelected: (id) => selected.has(id),
    onToggle: (id, on) => {
      const ids = new Set(selected);
      if (on) ids.add(id);
      else ids.delete(id);
      select(ids);
    },
  };

  // Arrived from a screen that went away with its article (ARRIVED_FOR_TITLE): the title takes the focus
  // once the list is there, once per visit, rather than leaving it at the start of the page.
  const location = useLocation();
  const title = useRef<HTMLHeadingElement>(null);
  const focusedVisit = useRef<string | null>(null);
  const focusTitle = arrivedForTitle(location.state);
  useEffect(() => {
    if (!focusTitle || !page || focusedVisit.current === location.key) return;
    focusedVisit.current = location.key;
    title.current?.focus();
  }, [focusTitle, page, location.key]);

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
        <h1 id="admin-list-title" ref={title} tabIndex={-1}>
          {page ? buildListTitle({ status: query.status, categoryName, total }) : 'Articles'}
        </h1>
        {page ? <p className="admin-muted">{totalText(total)}</p> : null}
        <Link className="admin-btn admin-btn--primary" to={paths.admin.newArticle.getHref()}>
          New Article
        </Link>
      </div>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onQueryChange(withFilter(query, { search: search.trim() || undefined }));
        }}
      >
        <label className="admin-field">
          <span>Search headlines</span>
          <input
            className="admin-input"
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <button type="submit" className="admin-btn admin-btn--small">
          Search
        </button>
      </form>
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
        <NameFilter
          kind="authors"
          label="Author"
          id={query.authorId}
          onChange={(authorId) => onQueryChange(withFilter(query, { authorId }))}
        />
        <NameFilter
          kind="tags"
          label="Tag"
          id={query.tagId}
          onChange={(tagId) => onQueryChange(withFilter(query, { tagId }))}
        />
        <label className="admin-field">
          <span>Sort</span>
          <select
            className="admin-select"
            value={query.sort ?? 'newest'}
            onChange={(e) => onQueryChange(withFilter(query, { sort: e.target.value as SortOrder }))}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
        {query.status === 'trash' ? null : (
          <div className="admin-form__check admin-filters__check">
            <input
              id={`${uid}-open-notes`}
              type="checkbox"
              checked={query.openNotes ?? false}
              onChange={(e) => onQueryChange(withFilter(query, { openNotes: e.target.checked }))}
            />
            <label htmlFor={`${uid}-open-notes`}>Open notes only</label>
          </div>
        )}
      </div>
      {query.authorId ? (
        <RecordFilter
          kind="authors"
          id={query.authorId}
          onClear={() => onQueryChange(withFilter(query, { authorId: undefined }))}
        />
      ) : null}
      {query.tagId ? (
        <RecordFilter
          kind="tags"
          id={query.tagId}
          onClear={() => onQueryChange(withFilter(query, { tagId: undefined }))}
        />
      ) : null}
      {page ? (
        <>
          <BulkActions
            rows={page.articles}
            selected={selected}
            onSelect={select}
            inTrash={query.status === 'trash'}
            headingId="admin-list-title"
          />
          <ArticleList
            articles={page.articles}
            emptyText={query.status === 'trash' ? 'The trash is empty.' : undefined}
            selection={rowSelection}
            headingId="admin-list-title"
          />
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
