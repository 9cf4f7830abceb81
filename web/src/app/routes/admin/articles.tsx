import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ArticlesListView, parseListQuery, type ListQuery } from '@/features/admin-articles';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/articles: the list, its state kept in the URL query so reload and back work. */
export default function ArticlesPage() {
  useDocumentTitle('All Articles');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => parseListQuery(params), [params]);
  const onQueryChange = useCallback(
    (next: ListQuery, opts?: { replace?: boolean }) =>
      navigate(paths.admin.articles.getHref(next), { replace: opts?.replace }),
    [navigate],
  );
  return <ArticlesListView query={query} onQueryChange={onQueryChange} />;
}
