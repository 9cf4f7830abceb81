import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuthor, AdminTag } from '@common/admin-contract';
import { adminRequest, shouldRetryAdminRequest, useAdminApi } from '@/lib/admin-api-client';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

export type PeopleKind = 'authors' | 'tags';
export type PeopleRecord<K extends PeopleKind> = K extends 'authors' ? AdminAuthor : AdminTag;

const keys = {
  list: (kind: PeopleKind, q: string) => ['admin', kind, 'list', q] as const,
};

/** The most records one list asks for (the API's own limit): past it, a name narrows the list. */
export const PEOPLE_LIST_LIMIT = 500;

/**
 * GET /api/admin/authors?q=&limit=500 or /api/admin/tags?…: the records, by name. `keepPrevious`: the
 * last answer stays while the next loads (a search box's results, which should not flicker).
 */
export function usePeopleList<K extends PeopleKind>(kind: K, q: string, { keepPrevious = false } = {}) {
  const client = useAdminApi();
  return useQuery<PeopleRecord<K>[]>({
    queryKey: keys.list(kind, q),
    queryFn: ({ signal }) =>
      adminRequest<{ items: PeopleRecord<K>[] }>(
        client,
        `/api/admin/${kind}?${new URLSearchParams({ q, limit: String(PEOPLE_LIST_LIMIT) }).toString()}`,
        { failed: `Failed to load ${kind}`, error: `Error loading ${kind}` },
        { signal },
      ).then((r) => r.items),
    staleTime: 10_000,
    retry: shouldRetryAdminRequest,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** PATCH /api/admin/authors/{id} or /api/admin/tags/{id}; the lists reload after it. A double click sends one. */
export function useUpdatePeople<K extends PeopleKind>(kind: K) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  return useOneAtATime(
    useMutation({
      mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
        adminRequest<PeopleRecord<K>>(
          client,
          `/api/admin/${kind}/${id}`,
          { failed: `Failed to save the ${kind === 'authors' ? 'author' : 'tag'}`, error: 'Error saving' },
          { method: 'PATCH', body },
        ),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', kind] }),
    }),
  );
}
