import { useQuery } from '@tanstack/react-query';
import type { NamedRef } from '@common/admin-contract';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';
import type { NameKind } from './search-names.ts';

/** The cache key of one author or tag record. */
export const namedRecordKey = (kind: NameKind, id: number | undefined) => ['admin', kind, 'record', id] as const;

/** GET /api/admin/authors/{id} or /api/admin/tags/{id}: the record the list is filtered by (its name). */
export function useNamedRecord(kind: NameKind, id: number | undefined) {
  const client = useAdminApi();
  return useQuery({
    queryKey: namedRecordKey(kind, id),
    queryFn: ({ signal }) =>
      adminRequest<NamedRef>(
        client,
        `/api/admin/${kind}/${id}`,
        { failed: `Failed to load the ${kind === 'authors' ? 'author' : 'tag'}`, error: 'Error loading' },
        { signal },
      ),
    ...adminQueryDefaults,
    staleTime: 30_000,
    enabled: id !== undefined,
  });
}
