import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NamedRef } from '@common/admin-contract';
import { AUTHOR_NAME_MAX_LENGTH } from '@common/byline';
import { firstCharacters } from '@common/text-length';
import { adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

export type NameKind = 'authors' | 'tags';

/**
 * GET /api/admin/authors?q= or /api/admin/tags?q=: the records whose name contains `q` (the pickers' and
 * filters' suggestions). The last suggestions stay while the next ones load (the list does not blank out
 * at each key; `aria-busy` says they are being replaced).
 */
export function useNameSearch(kind: NameKind, typed: string, enabled: boolean) {
  const client = useAdminApi();
  // The API takes a filter as long as the longest name, in characters: a longer one finds nothing more.
  const q = firstCharacters(typed, AUTHOR_NAME_MAX_LENGTH);
  return useQuery<NamedRef[]>({
    queryKey: ['admin', kind, 'search', q],
    queryFn: ({ signal }) =>
      adminRequest<{ items: NamedRef[] }>(
        client,
        `/api/admin/${kind}?${new URLSearchParams({ q, limit: '8' }).toString()}`,
        { failed: `Failed to search ${kind}`, error: `Error searching ${kind}` },
        { signal },
      ).then((r) => r.items),
    ...adminQueryDefaults,
    staleTime: 30_000,
    enabled,
    placeholderData: keepPreviousData,
  });
}
