import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { LiveConsole } from '@/features/admin-live';
import '@/features/admin-live/admin-live.css';
// The posts' state badges (a key event's posts on X and Facebook), as on the article's screen.
import '@/features/article-shares/article-shares.css';
import { useDocumentTitle } from '@/lib/use-document-title';
import AdminNotFound from './not-found.tsx';

/** /admin/articles/{id}/live: the live console of one story (its own chunk, with the editor's). */
export default function LiveConsolePage() {
  useDocumentTitle('Live console');
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return <AdminNotFound />;
  return <LiveConsole key={id} articleId={id} articleHref={paths.admin.article.getHref(id)} />;
}
