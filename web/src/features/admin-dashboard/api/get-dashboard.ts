import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminKeys,
  adminRequest,
  AUTH_REQUIRED,
  shouldRetryAdminRequest,
  useAdminApi,
  type AdminApiClient,
} from '@/lib/admin-api-client';
import type { DashboardData } from '../types.ts';

/** GET /api/admin/dashboard; a 401 is 'Authentication required. Please log in again.'. */
export function getDashboard(client: AdminApiClient, signal?: AbortSignal): Promise<DashboardData> {
  return adminRequest<DashboardData>(
    client,
    '/api/admin/dashboard',
    { failed: 'Failed to load dashboard data', error: 'Error loading dashboard', unauthorized: AUTH_REQUIRED },
    { signal },
  );
}

export function dashboardQueryOptions(client: AdminApiClient) {
  return queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(client, signal),
    staleTime: 30_000,
    retry: shouldRetryAdminRequest,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions(useAdminApi()));
}
