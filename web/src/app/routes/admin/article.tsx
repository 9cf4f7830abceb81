import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { preloadBodyEditor } from '@/components/admin/body-editor/lazy-body-editor';
import { ArticleDetailView } from '@/features/admin-articles';
import { useRememberArticle } from '@/features/admin-search';
import { useAuth } from '@/features/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import AdminNotFound from './not-found.tsx';

/** /admin/articles/{id}: back goes to the previous history entry, or the list when there is none in the app. */
export default function ArticlePage() {
  useDocumentTitle('Article');
  // Edit opens the form with the body editor: its chunk loads while the editor reads the article.
  useEffect(() => void preloadBodyEditor().catch(() => undefined), []);
  const { id: raw } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const onBack = useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.admin.articles.getHref(), { replace: true });
  }, [location.key, navigate]);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  // The editor's quick search Recent (docs/product.md, Search).
  useRememberArticle(id, useAuth().account?.subject);
  const onEditingChange = useCallback(
    (editing: boolean) => navigate(paths.admin.article.getHref(id, { edit: editing }), { replace: true }),
    [id, navigate],
  );
  if (!Number.isSafeInteger(id) || id <= 0) return <AdminNotFound />;
  return (
    <ArticleDetailView
      key={id}
      id={id}
      onBack={onBack}
      editing={params.get('edit') === '1'}
      onEditingChange={onEditingChange}
    />
  );
}
