import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import type { SharePlatform } from '../../../../../common/admin-contract.ts';

const NAMES = { x: 'X', facebook: 'Facebook' } as const;

/** POST /api/admin/articles/{id}/live/entries/{entryId}/shares/{platform}/retry: a key event's post, queued again. */
export function retryEntryPost(client: AdminApiClient, articleId: number, entryId: number, platform: SharePlatform) {
  const what = `send the live entry's post to ${NAMES[platform]}`;
  return adminRequest<{ platform: SharePlatform; state: 'queued' }>(
    client,
    `/api/admin/articles/${articleId}/live/entries/${entryId}/shares/${platform}/retry`,
    { failed: `Failed to ${what}`, error: `Error trying to ${what}` },
    { method: 'POST' },
  );
}

/** Retry of one live entry's failed post, one request at a time (as the article's own Retry). */
export function useRetryEntryPost(articleId: number, entryId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (platform: SharePlatform) => retryEntryPost(client, articleId, entryId, platform),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'shares-failed'] }),
  });
  return useOneAtATime(mutation);
}
