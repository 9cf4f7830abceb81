import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import type { PeopleKind, PeopleRecord } from './people.ts';

/**
 * POST /api/admin/authors/{id}/merge or /api/admin/tags/{id}/merge with `{into}`: the record's
 * articles and addresses move to `into`, and it is removed. Answers the record merged into; every
 * admin view reloads after it (the articles' bylines and tags changed).
 */
export function useMergePeople<K extends PeopleKind>(kind: K) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) =>
      adminRequest<PeopleRecord<K>>(
        client,
        `/api/admin/${kind}/${id}/merge`,
        { failed: `Failed to merge the ${kind === 'authors' ? 'authors' : 'tags'}`, error: 'Error merging' },
        { method: 'POST', body: { into } },
      ),
    // A refusal reloads too: a 404 means another tab merged or deleted the record.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  // A double-click on the confirmation sends one request.
  return useOneAtATime(mutation);
}
