import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import type { PeopleKind } from './people.ts';

/**
 * DELETE /api/admin/authors/{id} or /api/admin/tags/{id}: a tag is taken off its articles; an author
 * still named on one is refused (409). Every admin view reloads after it.
 */
export function useDeletePeople(kind: PeopleKind) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) =>
      adminRequest<void>(
        client,
        `/api/admin/${kind}/${id}`,
        { failed: `Failed to delete the ${kind === 'authors' ? 'author' : 'tag'}`, error: 'Error deleting' },
        { method: 'DELETE' },
      ),
    // A refusal reloads too: a 404 means another tab merged or deleted the record.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  // A double-click on the confirmation sends one request.
  return useOneAtATime(mutation);
}
