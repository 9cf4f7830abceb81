import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { paths } from '@/config/paths';
import { AdminQueryError } from '@/lib/admin-error-context';
import { useArticle } from '../api/get-article.ts';
import { statusLabel } from '../lib/article-status.ts';
import type { AdminArticle } from '../types.ts';

/**
 * A draft or scheduled article as readers will see it: the admin loads it (editors only) and hands
 * it to `render`, the public article page's own component, so nothing differs but the banner.
 */
export function ArticlePreview({ id, render }: { id: number; render(article: AdminArticle): React.ReactNode }) {
  const query = useArticle(id);
  if (query.isError) return <AdminQueryError error={query.error} onRetry={() => void query.refetch()} />;
  const article = query.data;
  if (!article) return <AdminSpinner label="Loading preview…" />;
  return (
    <div className="admin-preview">
      <div className="admin-preview__bar" role="status">
        <p>
          Preview of a {statusLabel(article.publishedAt, article.status).toLowerCase()} article. Readers cannot see this
          page.
        </p>
        <Link className="admin-btn admin-btn--small" to={paths.admin.article.getHref(article.id)}>
          Back to the article
        </Link>
      </div>
      <div className="admin-preview__page">{render(article)}</div>
    </div>
  );
}
