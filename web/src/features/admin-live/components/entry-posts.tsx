import { problemDetail } from '@/lib/admin-api-client';
import { PLATFORM_NAMES, STATE_LABELS, useRetryEntryPost } from '@/lib/share-posts';
import type { AdminLiveEntry } from '../types.ts';

/**
 * What became of a key event's posts on X and Facebook, under the entry: each platform's state, the
 * link to the post once posted, the provider's reason and Retry for a failed or unconfirmed one, why
 * one was withdrawn (the story unpublished or trashed, the entry no longer a key event or its box for
 * the platform unticked: at once, by that change) and Retry for it once the story is published again.
 * Retry only while the entry is a key event with the platform's box ticked (the server refuses it
 * otherwise). Nothing for an entry never posted. The console's polling (and the readers' stream) brings
 * changes.
 */
export function EntryPosts({
  entry,
  posted,
  articlePublic,
}: {
  entry: AdminLiveEntry;
  posted: string;
  /** Readers see the story (published, not in the Trash). */
  articlePublic: boolean;
}) {
  const retry = useRetryEntryPost(entry.articleId, entry.id);
  if (entry.posts.length === 0) return null;
  return (
    <ul className="admin-live-posts" aria-label={`Posts of the entry of ${posted}`}>
      {entry.posts.map((post) => {
        const name = PLATFORM_NAMES[post.platform];
        const failed = post.state === 'failed' || post.state === 'unconfirmed';
        const ticked = post.platform === 'x' ? entry.shareToX : entry.shareToFacebook;
        const canRetry = entry.keyEvent && ticked && (failed || (post.state === 'withdrawn' && articlePublic));
        return (
          <li key={post.platform} data-state={post.state}>
            <span className={`shares-state shares-state--${post.state}`}>
              {name}: {STATE_LABELS[post.state]}
            </span>
            {post.state === 'posted' && post.postUrl ? (
              <a className="admin-link" href={post.postUrl} target="_blank" rel="noopener noreferrer">
                View post on {name}
              </a>
            ) : null}
            {(failed || post.state === 'withdrawn') && post.reason ? (
              <span className="shares-item__reason">{post.reason}</span>
            ) : null}
            {canRetry ? (
              <button
                type="button"
                className="admin-btn admin-btn--small"
                disabled={retry.isPending}
                onClick={() => retry.mutate(post.platform)}
              >
                Retry
                <span className="admin-sr-only">
                  {' '}
                  the {name} post of the entry of {posted}
                </span>
              </button>
            ) : null}
          </li>
        );
      })}
      {retry.isError ? (
        <li className="admin-field-error" role="alert">
          {problemDetail(retry.error, retry.error.message)}
        </li>
      ) : null}
    </ul>
  );
}
