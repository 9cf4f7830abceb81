import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import type { PlatformShare } from '../../../../../common/admin-contract.ts';
import { useArticleShares } from '../api/get-article-shares.ts';
import { useShareAction, type ShareAction } from '../api/share-action.ts';
import { useShareDefaults } from '@/lib/share-defaults';
import { useSharesOf } from '../api/shares-of-articles.ts';
import { PLATFORM_NAMES, shareActions, STATE_LABELS, worthShowing } from '../lib/platforms.ts';

const PENDING: Record<ShareAction, string> = { retry: 'Retrying…', 'post-now': 'Posting…', delete: 'Deleting…' };

const UNCONFIRMED_HINT = 'The answer never came: check the account, then retry if the post is missing.';

function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function ShareItem({
  share,
  articleId,
  published,
  compact,
  headline,
  whenLive,
}: {
  share: PlatformShare;
  articleId: number;
  published: boolean;
  compact: boolean;
  headline: string;
  /** A scheduled article that will be posted here when it goes live. */
  whenLive?: boolean;
}) {
  const action = useShareAction(articleId);
  const [asking, setAsking] = useState(false);
  const id = useId();
  const name = PLATFORM_NAMES[share.platform];
  const can = shareActions(share, published);
  const state = share.state ?? 'none';
  // In the list every row has these buttons: their names say which article they act on.
  const of = compact ? ` of ${headline}` : '';
  const button = (label: string, act: ShareAction, accessible: string, danger = false) => (
    <button
      type="button"
      className={`admin-btn admin-btn--small${danger ? ' admin-btn--danger-outline' : ''}`}
      disabled={action.isPending}
      aria-label={accessible}
      onClick={() => {
        // Deleting a post cannot be undone: the in-app dialog asks first.
        if (act === 'delete') setAsking(true);
        else action.mutate({ platform: share.platform, action: act });
      }}
    >
      {action.isPending && action.variables?.action === act ? PENDING[act] : label}
    </button>
  );
  return (
    <li className="shares-item" data-testid={`share-${share.platform}`} data-state={state} aria-labelledby={id}>
      <span id={id} className="shares-item__name">
        {name}
      </span>
      <span className={`shares-state shares-state--${state}`}>
        {share.state
          ? STATE_LABELS[share.state]
          : !share.connected
            ? 'Not connected'
            : whenLive
              ? 'Will be posted when the article goes live'
              : 'Not shared'}
      </span>
      {share.state === 'posted' && share.postUrl ? (
        <a className="admin-link" href={share.postUrl} target="_blank" rel="noopener noreferrer">
          View post on {name}
          <span className="admin-sr-only">{of} (opens in a new tab)</span>
        </a>
      ) : null}
      {share.state === 'queued' && share.nextAttemptAt ? (
        <span className="admin-muted">next try {when(share.nextAttemptAt)}</span>
      ) : null}
      {share.reason && share.state !== 'posted' && share.state !== 'deleted' ? (
        <span className="shares-item__reason">
          {share.state === 'failed' && share.attempts > 1 ? `After ${share.attempts} tries: ` : ''}
          {share.reason}
        </span>
      ) : null}
      {share.state === 'unconfirmed' && !compact ? <span className="admin-muted">{UNCONFIRMED_HINT}</span> : null}
      {can.retry || can.postNow || (can.deletePost && !compact) ? (
        <span className="shares-item__actions">
          {can.retry ? button('Retry', 'retry', `Retry the ${name} post${of}`) : null}
          {can.postNow ? button('Post now', 'post-now', `Post now to ${name}${of}`) : null}
          {can.deletePost && !compact ? button(`Delete post`, 'delete', `Delete post on ${name}`, true) : null}
        </span>
      ) : null}
      {action.isError ? (
        <span className="admin-field-error" role="alert">
          {(action.error as Error).message}
        </span>
      ) : null}
      {can.deletePost && !compact ? (
        <ConfirmDialog
          open={asking}
          title={`Delete the post on ${name}?`}
          message={`The post of "${headline}" is removed from ${name} for good. The article stays as it is.`}
          confirmLabel="Delete post"
          busyLabel="Deleting…"
          busy={action.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            action.mutate({ platform: share.platform, action: 'delete' }, { onSettled: () => setAsking(false) })
          }
        />
      ) : null}
    </li>
  );
}

/**
 * The shares of an article, loaded again when the article is published or unpublished (publishing
 * queues the posts; the screens reload only the article itself).
 */
function useSharesFollowing(articleId: number, published: boolean) {
  const q = useSharesOf(articleId);
  const seen = useRef(published);
  const { refetch } = q;
  useEffect(() => {
    if (seen.current === published) return;
    seen.current = published;
    void refetch();
  }, [published, refetch]);
  return q;
}

export interface ShareStatusProps {
  articleId: number;
  headline: string;
  /** Post now is offered only for a published article. */
  published: boolean;
  /** A scheduled article: its posts go out when it goes live. */
  scheduled?: boolean;
}

/** Whether a scheduled article will be posted to each platform: its own choice, else the Social page's default. */
function usePostedWhenLive(articleId: number, scheduled: boolean) {
  const shares = useArticleShares(scheduled ? articleId : undefined);
  const defaults = useShareDefaults(scheduled);
  const choice = shares.data?.choice;
  return (share: PlatformShare) => {
    if (!scheduled || !choice || !defaults.data) return false;
    const chosen = share.platform === 'x' ? choice.shareToX : choice.shareToFacebook;
    return chosen ?? defaults.data[share.platform] ?? share.connected;
  };
}

/** The article detail's panel: each platform's state, the post's link, the reason, Retry / Post now / Delete post. */
export function ShareStatusPanel({ articleId, headline, published, scheduled = false }: ShareStatusProps) {
  const q = useSharesFollowing(articleId, published);
  const whenLive = usePostedWhenLive(articleId, scheduled);
  const id = useId();
  return (
    <section className="admin-panel shares-panel" aria-labelledby={`${id}-title`} aria-busy={q.isFetching}>
      <h2 id={`${id}-title`}>Social posts</h2>
      {q.isError ? (
        <p className="admin-form__error" role="alert">
          {(q.error as Error).message}
        </p>
      ) : !q.data ? (
        <p className="admin-muted">Loading social posts…</p>
      ) : (
        <ul className="shares-list">
          {q.data.map((s) => (
            <ShareItem
              key={s.platform}
              share={s}
              articleId={articleId}
              published={published}
              compact={false}
              headline={headline}
              whenLive={whenLive(s)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A row's line in the article lists: only platforms where something happened (Post now is on the detail). */
export function ShareStatusLine({ articleId, headline, published }: ShareStatusProps) {
  const q = useSharesFollowing(articleId, published);
  const shown = (q.data ?? []).filter((s) => worthShowing(s));
  if (shown.length === 0) return null;
  return (
    <ul className="shares-list shares-list--compact" aria-label={`Social posts of ${headline}`}>
      {shown.map((s) => (
        <ShareItem key={s.platform} share={s} articleId={articleId} published={published} compact headline={headline} />
      ))}
    </ul>
  );
}
