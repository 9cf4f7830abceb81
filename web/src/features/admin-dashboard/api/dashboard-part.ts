import { queryOptions } from '@tanstack/react-query';
import { adminKeys, shouldRetryAdminRequest, type AdminApiClient } from '@/lib/admin-api-client';

/**
 * The query of a Dashboard panel that loads on its own (Pinned to the top, Most read): under the
 * dashboard's key, so whatever refreshes the dashboard (the reload after any article action) refreshes
 * it too; fresh for 30 s.
 */
export function dashboardPartQuery<T>(
  client: AdminApiClient,
  part: string,
  fetch: (client: AdminApiClient, signal?: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey: [...adminKeys.dashboard(), part] as const,
    queryFn: ({ signal }) => fetch(client, signal),
    staleTime: 30_000,
    retry: shouldRetryAdminRequest,
  });
}
