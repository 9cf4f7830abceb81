import type { PlatformShare, SharePlatform, ShareState } from '../../../../../common/admin-contract.ts';

export const PLATFORM_NAMES: Record<SharePlatform, string> = { x: 'X', facebook: 'Facebook' };

export const STATE_LABELS: Record<ShareState, string> = {
  queued: 'Queued',
  posting: 'Posting…',
  posted: 'Posted',
  failed: 'Failed',
  unconfirmed: 'Unconfirmed',
  deleted: 'Post deleted',
};

/** What an editor can do with a share: Retry a failed or unconfirmed one, Post now one never sent. */
export function shareActions(share: PlatformShare, published: boolean) {
  return {
    retry: share.state === 'failed' || share.state === 'unconfirmed',
    postNow: published && share.connected && (share.state === null || share.state === 'deleted'),
    deletePost: share.state === 'posted' && Boolean(share.postId),
  };
}

/** A share the article list shows: one that exists, or one the editor could post now. */
export function worthShowing(share: PlatformShare, published: boolean): boolean {
  return share.state !== null || shareActions(share, published).postNow;
}
