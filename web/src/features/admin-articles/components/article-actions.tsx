import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TRASH_RETENTION_DAYS } from '@common/admin-contract';
import { paths } from '@/config/paths';
import { useDeleteArticle } from '../api/delete-article.ts';
import { usePublishArticle } from '../api/publish-article.ts';
import { useUnpublishArticle } from '../api/unpublish-article.ts';
import { useArticleExtensions, useStepThenAction, type MaybeStep } from '../extensions.tsx';
import { isPublished } from '../lib/article-status.ts';
import type { AdminArticle } from '../types.ts';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';

export interface ArticleActionsProps {
  article: Pick<AdminArticle, 'id' | 'headline' | 'publishedAt'>;
  /** Shows a View link (rows); the detail screen leaves it out. */
  showView?: boolean;
  /** Set on the detail screen: after a delete the screen navigates back. */
  onDeleted?: () => void;
  /** More of the row's buttons (View on site, Pin, Duplicate): after View, before Publish and Delete. */
  children?: ReactNode;
}

type Asking = 'publish' | 'unpublish' | 'delete' | null;

/**
 * View, Publish/Unpublish and Delete (behind a confirmation). Publish and Unpublish ask first only
 * when an extension has something to add (the share choice; deleting the posts too).
 */
export function ArticleActions({ article, showView = false, onDeleted, children }: ArticleActionsProps) {
  const publish = usePublishArticle();
  const unpublish = useUnpublishArticle();
  const remove = useDeleteArticle({ leave: onDeleted });
  const { usePublishSection, useRemovalSection } = useArticleExtensions();
  const publishing = usePublishSection(article);
  const unpublishing = useRemovalSection(article, 'unpublish');
  const deleting = useRemovalSection(article, 'delete');
  const step = (s: MaybeStep) => (s === 'loading' ? null : s);
  const [publishStep, unpublishStep, deleteStep] = [step(publishing), step(unpublishing), step(deleting)];
  const [asking, setAsking] = useState<Asking>(null);
  // Runs the extension's step, then the action; a failed step leaves the dialog open with its reason.
  const { stepping, stepError, go, clearError } = useStepThenAction();
  const published = isPublished(article.publishedAt);
  const busy = publish.isPending || unpublish.isPending || remove.isPending || stepping;

  const ask = (what: Asking) => {
    clearError();
    setAsking(what);
  };
  const close = () => setAsking(null);

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
      {children}
      {published ? (
        <button
          type="button"
          className="admin-btn admin-btn--small"
          disabled={busy || unpublishing === 'loading'}
          aria-label={showView ? `Unpublish ${article.headline}` : undefined}
          onClick={() => (unpublishStep ? ask('unpublish') : unpublish.mutate(article.id))}
        >
          {unpublish.isPending ? 'Unpublishing…' : 'Unpublish'}
        </button>
      ) : (
        <button
          type="button"
          className="admin-btn admin-btn--small admin-btn--primary"
          disabled={busy || publishing === 'loading'}
          aria-label={showView ? `Publish ${article.headline}` : undefined}
          onClick={() => (publishStep ? ask('publish') : publish.mutate(article.id))}
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
      )}
      <button
        type="button"
        className="admin-btn admin-btn--small admin-btn--danger-outline"
        disabled={busy || deleting === 'loading'}
        aria-label={showView ? `Delete ${article.headline}` : undefined}
        onClick={() => ask('delete')}
      >
        Delete
      </button>
      <ConfirmDialog
        open={asking === 'publish'}
        title="Publish this article?"
        message={`"${article.headline}" goes live on the site now.`}
        confirmLabel="Publish"
        busyLabel="Publishing…"
        tone="primary"
        busy={publish.isPending || stepping}
        error={stepError}
        onCancel={close}
        onConfirm={() => void go(publishStep, () => publish.mutate(article.id, { onSettled: close }))}
      >
        {publishStep?.node}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'unpublish'}
        title="Unpublish this article?"
        message={`"${article.headline}" comes off the site.`}
        confirmLabel="Unpublish"
        busyLabel="Unpublishing…"
        busy={unpublish.isPending || stepping}
        error={stepError}
        onCancel={close}
        onConfirm={() => void go(unpublishStep, () => unpublish.mutate(article.id, { onSettled: close }))}
      >
        {unpublishStep?.node}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this article?"
        message={`"${article.headline}" moves to the Trash${published ? ' and comes off the site' : ''}. You can restore it from the Trash for ${TRASH_RETENTION_DAYS} days; after that it is deleted for good.`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={remove.isPending || stepping}
        error={stepError}
        onCancel={close}
        onConfirm={() => void go(deleteStep, () => remove.mutate(article.id, { onSettled: close }))}
      >
        {deleteStep?.node}
      </ConfirmDialog>
    </div>
  );
}
