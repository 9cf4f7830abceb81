import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { NewArticleView } from '@/features/admin-articles';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/articles/new: write an article (saved as a draft, then shown on its detail screen). */
export default function NewArticlePage() {
  useDocumentTitle('New Article');
  const navigate = useNavigate();
  return (
    <NewArticleView
      onCreated={(a) => navigate(paths.admin.article.getHref(a.id), { replace: true })}
      onCancel={() => navigate(paths.admin.articles.getHref())}
    />
  );
}
