import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SharePlatform } from '@common/admin-contract';
import { useAdminApi } from '@/lib/admin-api-client';
import { failedSharesKey, retryEntryPost } from '@/lib/share-posts';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { liveKeys } from './live-keys.ts';

/**
 * The console's Retry of an entry's failed or unconfirmed post (POST .../live/entries/{entryId}/shares/
 * {platform}/retry), one request at a time; the entries are asked again to show it queued.
 */
export function useRetryEntryPost(articleId: number, entryId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (platform: SharePlatform) => retryEntryPost(client, articleId, entryId, platform),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: liveKeys.entries(articleId) });
      void queryClient.invalidateQueries({ queryKey: failedSharesKey });
    },
  });
  return useOneAtATime(mutation);
}
