import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDuplicateArticle } from '../api/duplicate-article.ts';
import type { AdminArticle } from '../types.ts';

export interface DuplicateButtonProps {
  article: Pick<AdminArticle, 'id' | 'headline'>;
  /** In a list row: the button's name says which article ('Duplicate <headline>'), as the row's others do. */
  inRow?: boolean;
}

/**
 * Duplicate: a new draft from the article (its headline ending ' (copy)'), opened in its edit form. One
 * request however often it is pressed (useArticleMutation drops a second while the first runs).
 */
export function DuplicateButton({ article, inRow = false }: DuplicateButtonProps) {
  const navigate = useNavigate();
  const duplicate = useDuplicateArticle({
    onDuplicated: (copy) => void navigate(paths.admin.article.getHref(copy.id, { edit: true })),
  });
  return (
    <button
      type="button"
      className="admin-btn admin-btn--small"
      disabled={duplicate.isPending}
      aria-label={inRow ? `Duplicate ${article.headline}` : undefined}
      onClick={() => duplicate.mutate(article.id)}
    >
      {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
    </button>
  );
}
