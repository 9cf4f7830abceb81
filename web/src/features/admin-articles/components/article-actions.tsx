import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDeleteArticle } from '../api/delete-article.ts';
import { usePublishArticle } from '../api/publish-article.ts';
import { useUnpublishArticle } from '../api/unpublish-article.ts';
import { isPublished } from '../lib/article-status.ts';
import type { AdminArticle } from '../types.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface ArticleActionsProps {
  article: Pick<AdminArticle, 'id' | 'headline' | 'publishedAt'>;
  /** Shows a View link (rows); the detail screen leaves it out. */
  showView?: boolean;
  /** Set on the detail screen: after a delete the screen navigates back. */
  onDeleted?: () => void;
}

/** View, Publish/Unpublish and Delete (behind a confirmation). */
export function ArticleActions({ article, showView = false, onDeleted }: ArticleActionsProps) {
  const publish = usePublishArticle();
  const unpublish = useUnpublishArticle();
  const remove = useDeleteArticle({ leave: onDeleted });
  const [confirming, setConfirming] = useState(false);
  const published = isPublished(article.publishedAt);
  const busy = publish.isPending || unpublish.isPending || remove.isPending;
  return (
    <div className="admin-actions">
      {showView ? (
        <Link
          className="admin-btn admin-btn--small"
          to={paths.admin.article.getHref(article.id)}
          aria-label={`View ${article.headline}`}
        >
          View
        </Link>
      ) : null}
      {published ? (
        <button
          type="button"
          className="admin-btn admin-btn--small"
          disabled={busy}
          aria-label={showView ? `Unpublish ${article.headline}` : undefined}
          onClick={() => unpublish.mutate(article.id)}
        >
          {unpublish.isPending ? 'Unpublishing…' : 'Unpublish'}
        </button>
      ) : (
        <button
          type="button"
          className="admin-btn admin-btn--small admin-btn--primary"
          disabled={busy}
          aria-label={showView ? `Publish ${article.headline}` : undefined}
          onClick={() => publish.mutate(article.id)}
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
      )}
      <button
        type="button"
        className="admin-btn admin-btn--small admin-btn--danger-outline"
        disabled={busy}
        aria-label={showView ? `Delete ${article.headline}` : undefined}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete this article?"
        message={`"${article.headline}" will be removed for good. This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(article.id, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
