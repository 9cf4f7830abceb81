import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '@/lib/admin-api-client';
import { failedSharesKey, retryEntryPost } from '@/lib/share-posts';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import type { SharePlatform } from '../../../../../common/admin-contract.ts';

/** The dashboard's Retry of one live entry's failed post, one request at a time (as the article's own Retry). */
export function useRetryEntryPost(articleId: number, entryId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (platform: SharePlatform) => retryEntryPost(client, articleId, entryId, platform),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: failedSharesKey }),
  });
  return useOneAtATime(mutation);
}
