import type { PlatformShare } from '../../../../../common/admin-contract.ts';

export { PLATFORM_NAMES, STATE_LABELS } from '@/lib/share-posts';

/** Shares with no post on the platform, none on its way: Post now sends one (never shared, deleted, withdrawn). */
const POSTABLE = [null, 'deleted', 'withdrawn'];

/** What an editor can do with a share: Retry a failed or unconfirmed one, Post now one never sent. */
export function shareActions(share: PlatformShare, published: boolean) {
  return {
    retry: share.state === 'failed' || share.state === 'unconfirmed',
    postNow: published && share.connected && POSTABLE.includes(share.state),
    deletePost: share.state === 'posted' && Boolean(share.postId),
  };
}

/**
 * A share the article list shows: only one where something happened (queued, posted, failed...).
 * A row never shared says nothing; Post now for it is on the article's detail.
 */
export function worthShowing(share: PlatformShare): boolean {
  return share.state !== null;
}
