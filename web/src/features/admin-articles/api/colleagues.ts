import { useQuery } from '@tanstack/react-query';
import type { ColleagueList } from '@common/notes-contract';
import { adminKeys, adminRequest, useAdminApi } from '@/lib/admin-api-client';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** The newsroom's editors change rarely: asked for once a screen needs them, kept five minutes. */
const FRESH_MS = 5 * 60_000;

/**
 * GET /api/admin/editors: the editors seen in the newsroom, by name, whom a note can mention
 * (decision 060). Asked for only once `enabled` (the editor typed an '@' in a note).
 */
export function useColleagues(enabled: boolean) {
  const client = useAdminApi();
  return useQuery({
    queryKey: [...adminKeys.all, 'editors'] as const,
    queryFn: ({ signal }) =>
      adminRequest<ColleagueList>(
        client,
        '/api/admin/editors',
        { failed: 'Failed to load the editors', error: 'Error loading the editors' },
        { signal },
      ),
    ...adminQueryDefaults,
    staleTime: FRESH_MS,
    enabled,
  });
}
