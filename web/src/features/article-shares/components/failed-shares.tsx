import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRetryEntryPost } from '@/lib/share-posts';
import type { FailedShare } from '../../../../../common/admin-contract.ts';
import { useFailedShares } from '../api/failed-shares.ts';
import { useShareAction } from '../api/share-action.ts';
import { PLATFORM_NAMES, STATE_LABELS } from '../lib/platforms.ts';

/** One failed post: what it announced (the article, or a live entry of it), its state and reason, and Retry. */
function FailedRowView({
  item,
  action,
  onRetry,
}: {
  item: FailedShare;
  action: { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown };
  onRetry: () => void;
}) {
  const name = PLATFORM_NAMES[item.platform];
  const at = new Date(item.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const headline = item.headline || `Article ${item.articleId}`;
  const entry = item.entryId !== undefined;
  return (
    <li className="shares-failed__row" data-testid="failed-share">
      <div className="shares-failed__main">
        <Link
          className="admin-row__headline"
          to={entry ? paths.admin.liveConsole.getHref(item.articleId) : paths.admin.article.getHref(item.articleId)}
        >
          {headline}
        </Link>
        <p>
          {entry ? <span className="admin-muted">A key event of the live coverage · </span> : null}
          <span className={`shares-state shares-state--${item.state}`}>
            {name}: {STATE_LABELS[item.state]}
          </span>{' '}
          <span className="admin-muted">{at}</span>
        </p>
        {item.reason ? <p className="shares-item__reason">{item.reason}</p> : null}
        {action.isError ? (
          <p className="admin-field-error" role="alert">
            {(action.error as Error).message}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="admin-btn admin-btn--small"
        disabled={action.isPending || action.isSuccess}
        aria-label={
          entry ? `Retry the ${name} post of a key event of ${headline}` : `Retry the ${name} post of ${headline}`
        }
        onClick={onRetry}
      >
        {action.isSuccess ? 'Queued' : 'Retry'}
      </button>
    </li>
  );
}

function ArticleFailedRow({ item }: { item: FailedShare }) {
  const action = useShareAction(item.articleId);
  return (
    <FailedRowView
      item={item}
      action={action}
      onRetry={() => action.mutate({ platform: item.platform, action: 'retry' })}
    />
  );
}

/** A live entry's post: retried on the entry (its own text and link), never as the article's post. */
function EntryFailedRow({ item, entryId }: { item: FailedShare; entryId: number }) {
  const action = useRetryEntryPost(item.articleId, entryId);
  return <FailedRowView item={item} action={action} onRetry={() => action.mutate(item.platform)} />;
}

/** The dashboard's list of the posts that failed (or are unconfirmed) in the last week, with Retry. */
export function FailedSharesPanel() {
  const q = useFailedShares(7);
  const id = useId();
  return (
    <section className="admin-panel shares-failed" aria-labelledby={`${id}-title`} aria-busy={q.isFetching}>
      <h2 id={`${id}-title`}>Failed social posts (last 7 days)</h2>
      {q.isError ? (
        <p className="admin-form__error" role="alert">
          {(q.error as Error).message}
        </p>
      ) : !q.data ? (
        <p className="admin-muted">Loading failed posts…</p>
      ) : q.data.failed.length === 0 ? (
        <p className="admin-muted">No post failed in the last 7 days.</p>
      ) : (
        <ul className="shares-failed__list">
          {q.data.failed.map((f) =>
            f.entryId === undefined ? (
              <ArticleFailedRow key={`${f.articleId}-${f.platform}`} item={f} />
            ) : (
              <EntryFailedRow key={`${f.articleId}-${f.entryId}-${f.platform}`} item={f} entryId={f.entryId} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
