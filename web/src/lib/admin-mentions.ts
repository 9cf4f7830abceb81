import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MentionCount, MentionsReadInput } from '@common/notes-contract';
import { adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/**
 * The signed-in editor's new mentions (decision 060), shared by the header (the count), the Dashboard
 * ('Notes for you', 'Mark all read') and an article's Notes panel (opening it marks its mentions read).
 */
export const mentionsKey = [...adminKeys.all, 'mentions'] as const;

/**
 * A colleague's mention shows in an open newsroom within a minute, when its window is brought back, and
 * whenever the Dashboard is opened (it asks again as it is shown: the count is never staler than its list).
 */
const POLL_MS = 60_000;

/** GET /api/admin/mentions: how many of colleagues' notes mention the signed-in editor and are new. */
export function useUnreadMentions() {
  const client = useAdminApi();
  return useQuery({
    queryKey: mentionsKey,
    queryFn: ({ signal }) =>
      adminRequest<MentionCount>(
        client,
        '/api/admin/mentions',
        { failed: 'Failed to load your mentions', error: 'Error loading your mentions' },
        { signal },
      ),
    ...adminQueryDefaults,
    staleTime: 0,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}

/**
 * POST /api/admin/mentions/read: the new mentions in one article's notes (`articleId`), or all of them,
 * marked read. The count takes the answer; the Dashboard reloads its 'Notes for you' when next shown.
 */
export function useMarkMentionsRead() {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MentionsReadInput) =>
      adminRequest<MentionCount>(
        client,
        '/api/admin/mentions/read',
        { failed: 'Failed to mark your mentions read', error: 'Error marking your mentions read' },
        { method: 'POST', body: input },
      ),
    onSuccess: (count) => {
      queryClient.setQueryData(mentionsKey, count);
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
    },
  });
}
