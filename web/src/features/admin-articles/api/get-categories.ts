import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import type { Category } from '../types.ts';
import { adminQueryDefaults } from '@/lib/admin-query-defaults';

/** GET /api/admin/categories */
export function getCategories(client: AdminApiClient, signal?: AbortSignal): Promise<Category[]> {
  return adminRequest<Category[]>(
    client,
    '/api/admin/categories',
    { failed: 'Failed to load categories', error: 'Error loading categories' },
    { signal },
  );
}

export function categoriesQueryOptions(client: AdminApiClient) {
  return queryOptions({
    queryKey: adminKeys.categories(),
    queryFn: ({ signal }) => getCategories(client, signal),
    ...adminQueryDefaults,
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions(useAdminApi()));
}
