import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import type { ArticleShares, SharePlatform } from '../../../../../common/admin-contract.ts';
import { sharesKey } from './get-article-shares.ts';

export type ShareAction = 'retry' | 'post-now' | 'delete';

/** POST .../shares/{platform}/retry, POST .../shares/{platform} (post now), DELETE .../shares/{platform}. */
export function useShareAction(articleId: number) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, action }: { platform: SharePlatform; action: ShareAction }) =>
      adminRequest<ArticleShares>(
        client,
        `/api/admin/articles/${articleId}/shares/${platform}${action === 'retry' ? '/retry' : ''}`,
        { failed: 'The social post action failed', error: 'Error with the social post' },
        { method: action === 'delete' ? 'DELETE' : 'POST' },
      ),
    onSuccess: (data) => queryClient.setQueryData(sharesKey(articleId), data),
  });
}
