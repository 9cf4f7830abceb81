import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { failedSharesKey } from '@/lib/share-posts';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import type { ArticleShares, SharePlatform } from '../../../../../common/admin-contract.ts';
import { sharesKey } from './get-article-shares.ts';
import { sharesOfKey, withShares } from './shares-of-articles.ts';

export type ShareAction = 'retry' | 'post-now' | 'delete';

const NAMES = { x: 'X', facebook: 'Facebook' } as const;

/** POST .../shares/{platform}/retry, POST .../shares/{platform} (post now), DELETE .../shares/{platform}. */
export function shareAction(client: AdminApiClient, articleId: number, platform: SharePlatform, action: ShareAction) {
  const what = action === 'delete' ? `delete the post on ${NAMES[platform]}` : `send the post to ${NAMES[platform]}`;
  return adminRequest<ArticleShares>(
    client,
    `/api/admin/articles/${articleId}/shares/${platform}${action === 'retry' ? '/retry' : ''}`,
    { failed: `Failed to ${what}`, error: `Error trying to ${what}` },
    { method: action === 'delete' ? 'DELETE' : 'POST' },
  );
}

type Vars = { platform: SharePlatform; action: ShareAction };

/**
 * Retry, Post now and Delete post of one article. `mutate` sends one request at a time: a second
 * click while one runs (a double-click lands before React has disabled the button) is dropped, so a
 * post never goes out twice and the screen never shows a success beside the refusal of a duplicate.
 */
export function useShareAction(articleId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ platform, action }: Vars) => shareAction(client, articleId, platform, action),
    onSuccess: (data) => {
      queryClient.setQueryData(sharesKey(articleId), data);
      queryClient.setQueryData(sharesOfKey(articleId), withShares(data.shares));
      void queryClient.invalidateQueries({ queryKey: failedSharesKey });
    },
  });
  return useOneAtATime(mutation);
}
