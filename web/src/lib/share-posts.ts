import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SharePlatform, ShareState } from '@common/admin-contract';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

/**
 * Posts on X and Facebook as every newsroom screen names them (an article's shares, the dashboard's
 * failed posts, a live entry's posts in the console); the Retry of a live entry's post, which the
 * dashboard and the live console both offer, and its deletion, which the console offers with the entry
 * and the article screens with the story (unpublish, delete).
 */
export const PLATFORM_NAMES: Record<SharePlatform, string> = { x: 'X', facebook: 'Facebook' };

export const STATE_LABELS: Record<ShareState, string> = {
  queued: 'Queued',
  posting: 'Posting…',
  posted: 'Posted',
  failed: 'Failed',
  unconfirmed: 'Unconfirmed',
  deleted: 'Post deleted',
  withdrawn: 'Withdrawn',
};

/** POST /api/admin/articles/{id}/live/entries/{entryId}/shares/{platform}/retry: a key event's post, queued again. */
export function retryEntryPost(client: AdminApiClient, articleId: number, entryId: number, platform: SharePlatform) {
  const what = `send the live entry's post to ${PLATFORM_NAMES[platform]}`;
  return adminRequest<{ platform: SharePlatform; state: 'queued' }>(
    client,
    `/api/admin/articles/${articleId}/live/entries/${entryId}/shares/${platform}/retry`,
    { failed: `Failed to ${what}`, error: `Error trying to ${what}` },
    { method: 'POST' },
  );
}

/**
 * DELETE /api/admin/articles/{id}/live/entries/{entryId}/shares/{platform}: a key event's post, deleted on
 * the platform (from the console's entry deletion, and with the story when it is unpublished or deleted).
 */
export function deleteEntryPost(client: AdminApiClient, articleId: number, entryId: number, platform: SharePlatform) {
  const what = `delete the entry's post on ${PLATFORM_NAMES[platform]}`;
  return adminRequest<{ platform: SharePlatform; state: 'deleted' }>(
    client,
    `/api/admin/articles/${articleId}/live/entries/${entryId}/shares/${platform}`,
    { failed: `Failed to ${what}`, error: `Error trying to ${what}` },
    { method: 'DELETE' },
  );
}

/** The dashboard's list of failed posts (the article's and the live entries'). */
export const failedSharesKey = ['admin', 'shares-failed'] as const;

/**
 * Retry of one live entry's failed or unconfirmed post, on the dashboard and in the live console, one
 * request at a time; the failed posts and the article's screens (its entries among them) are asked again.
 */
export function useRetryEntryPost(articleId: number, entryId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (platform: SharePlatform) => retryEntryPost(client, articleId, entryId, platform),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: failedSharesKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(articleId) });
    },
  });
  return useOneAtATime(mutation);
}
