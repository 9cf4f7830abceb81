import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuthor, AdminTag } from '@common/admin-contract';
import { adminRequest, shouldRetryAdminRequest, useAdminApi } from '@/lib/admin-api-client';

export type PeopleKind = 'authors' | 'tags';
export type PeopleRecord<K extends PeopleKind> = K extends 'authors' ? AdminAuthor : AdminTag;

const keys = {
  list: (kind: PeopleKind, q: string) => ['admin', kind, 'list', q] as const,
};

/** GET /api/admin/authors?q=&limit=500 or /api/admin/tags?…: the records, by name. */
export function usePeopleList<K extends PeopleKind>(kind: K, q: string) {
  const client = useAdminApi();
  return useQuery({
    queryKey: keys.list(kind, q),
    queryFn: ({ signal }) =>
      adminRequest<{ items: PeopleRecord<K>[] }>(
        client,
        `/api/admin/${kind}?${new URLSearchParams({ q, limit: '500' }).toString()}`,
        { failed: `Failed to load ${kind}`, error: `Error loading ${kind}` },
        { signal },
      ).then((r) => r.items),
    staleTime: 10_000,
    retry: shouldRetryAdminRequest,
  });
}

/** PATCH /api/admin/authors/{id} or /api/admin/tags/{id}; the lists reload after it. */
export function useUpdatePeople<K extends PeopleKind>(kind: K) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      adminRequest<PeopleRecord<K>>(
        client,
        `/api/admin/${kind}/${id}`,
        { failed: `Failed to save the ${kind === 'authors' ? 'author' : 'tag'}`, error: 'Error saving' },
        { method: 'PATCH', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', kind] }),
  });
}
