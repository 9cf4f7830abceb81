import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminKeys, adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { LiveArticle } from '../types.ts';
import { livePath } from './live-keys.ts';
import { useLiveMutation } from './live-mutation.ts';

/** POST /api/admin/articles/{id}/live/start: coverage starts, or resumes after its end. */
export function startCoverage(client: AdminApiClient, articleId: number): Promise<LiveArticle> {
  return adminRequest<LiveArticle>(
    client,
    `${livePath(articleId)}/start`,
    { failed: 'Failed to start live coverage', error: 'Error starting live coverage' },
    { method: 'POST' },
  );
}

/** The article the server answered becomes the detail's data; the other views load again when shown. */
export async function storeArticle(queryClient: QueryClient, article: LiveArticle): Promise<void> {
  queryClient.setQueryData(adminKeys.articleDetail(article.id), article);
  await queryClient.invalidateQueries({
    queryKey: adminKeys.all,
    refetchType: 'none',
    predicate: (q) => q.queryKey[1] !== 'categories' && q.queryKey[1] !== 'article',
  });
}

export function useStartCoverage() {
  const queryClient = useQueryClient();
  return useLiveMutation<number, LiveArticle>({
    request: startCoverage,
    successTitle: 'Live coverage started',
    after: (_id, article) => storeArticle(queryClient, article),
  });
}
