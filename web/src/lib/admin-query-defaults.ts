import { shouldRetryAdminRequest } from '@/lib/admin-api-client';

/** Admin data stays fresh for 30 s; mutations mark it stale (reload rule) so views reload when shown. */
export const adminQueryDefaults = {
  staleTime: 30_000,
  retry: shouldRetryAdminRequest,
} as const;
