import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/admin-api-client';
import { reloadTarget } from '../lib/reload-rule.ts';

/**
 * Applies the reload rule (docs/product.md, States and transitions) with the views that are on screen right now:
 * the detail reloads if open, else the list, else the dashboard. The other admin views are
 * only marked stale, so they load fresh the next time they are shown.
 */
export async function reloadAfterMutation(queryClient: QueryClient): Promise<void> {
  const cache = queryClient.getQueryCache();
  const detailOpen = cache.findAll({ queryKey: adminKeys.articleDetails(), type: 'active' }).length > 0;
  const listOpen = cache.findAll({ queryKey: adminKeys.articleLists(), type: 'active' }).length > 0;
  const target = reloadTarget({ detailOpen, listOpen });
  const key =
    target === 'detail'
      ? adminKeys.articleDetails()
      : target === 'list'
        ? adminKeys.articleLists()
        : adminKeys.dashboard();
  await queryClient.invalidateQueries({
    queryKey: adminKeys.all,
    refetchType: 'none',
    predicate: (q) => q.queryKey[1] !== 'categories',
  });
  await queryClient.invalidateQueries({ queryKey: key, refetchType: 'active' });
}

/**
 * After an action that takes the article away from its own screen (Delete from the detail, Delete for good
 * from 'This article was deleted'): `leave` navigates away first, then the article is forgotten and the
 * other views are marked stale, so they load fresh when shown (the screen left is not reloaded first).
 */
export async function leaveArticle(queryClient: QueryClient, id: number, leave: () => void): Promise<void> {
  leave();
  // After the screen has gone: an observer still mounted would load the article again.
  setTimeout(() => queryClient.removeQueries({ queryKey: adminKeys.articleDetail(id) }), 0);
  await queryClient.invalidateQueries({
    queryKey: adminKeys.all,
    refetchType: 'none',
    predicate: (q) => q.queryKey[1] !== 'categories',
  });
}

export function useReloadAfterMutation(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => reloadAfterMutation(queryClient);
}
