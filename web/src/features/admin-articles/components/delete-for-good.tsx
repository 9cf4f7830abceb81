import { useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { usePurgeArticle } from '../api/purge-article.ts';
import { useArticleExtensions, useStepThenAction } from '../extensions.tsx';
import type { AdminArticle } from '../types.ts';

/**
 * What Delete for good does, in its confirmation. Its posts on X and Facebook are the extension's box,
 * when it has any up (unticked, they stay).
 */
const PURGE_MESSAGE = 'It is removed now with its history and cannot be restored.';

export interface DeleteForGoodProps {
  article: Pick<AdminArticle, 'id' | 'headline' | 'publishedAt'>;
  /** Another action of the same screen runs (Restore). */
  disabled?: boolean;
  /** The screen to leave once the article is gone (its own screen); left out, the reload rule applies (a Trash row). */
  leave?: () => void;
}

/**
 * Delete for good of an article in the Trash, behind its confirmation (docs/product.md, All Articles): a
 * Trash row's and the screen 'This article was deleted'. The dialog offers what an extension adds (deleting
 * the article's posts on X and Facebook first: ticked, they go before the purge, and a refusal stops it
 * with its reason in the dialog, as Delete does). One request however often it is confirmed
 * (useArticleMutation, useStepThenAction); the dialog is modal, so nothing else of the screen runs meanwhile.
 */
export function DeleteForGood({ article, disabled = false, leave }: DeleteForGoodProps) {
  const purge = usePurgeArticle({ leave });
  const { useRemovalSection } = useArticleExtensions();
  const purging = useRemovalSection(article, 'purge');
  const purgeStep = purging === 'loading' ? null : purging;
  const { stepping, stepError, go, clearError } = useStepThenAction();
  const [asking, setAsking] = useState(false);
  const busy = purge.isPending || stepping;
  const close = () => setAsking(false);
  return (
    <>
      <button
        type="button"
        className="admin-btn admin-btn--small admin-btn--danger-outline"
        disabled={disabled || busy || purging === 'loading'}
        aria-label={`Delete for good ${article.headline}`}
        onClick={() => {
          clearError();
          setAsking(true);
        }}
      >
        Delete for good
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete “${article.headline}” for good?`}
        message={PURGE_MESSAGE}
        confirmLabel="Delete for good"
        busyLabel="Deleting…"
        busy={busy}
        error={stepError}
        onCancel={close}
        onConfirm={() => void go(purgeStep, () => purge.mutate(article.id, { onSettled: close }))}
      >
        {purgeStep?.node}
      </ConfirmDialog>
    </>
  );
}
