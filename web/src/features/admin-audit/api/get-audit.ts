import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditListParams, AuditPage } from '@common/admin-contract';
import {
  adminKeys,
  adminRequest,
  shouldRetryAdminRequest,
  useAdminApi,
  type AdminApiClient,
} from '@/lib/admin-api-client';

export type { AuditListParams, AuditPage };

export function auditSearch(q: AuditListParams): string {
  const p = new URLSearchParams();
  if (q.editor) p.set('editor', q.editor);
  if (q.action) p.set('action', q.action);
  if (q.page && q.page > 1) p.set('page', String(q.page));
  return p.toString();
}

/** GET /api/admin/audit?editor&action&page: who did what to which article, newest first. */
export function getAudit(client: AdminApiClient, q: AuditListParams, signal?: AbortSignal): Promise<AuditPage> {
  const search = auditSearch(q);
  return adminRequest<AuditPage>(
    client,
    `/api/admin/audit${search ? `?${search}` : ''}`,
    { failed: 'Failed to load the audit trail', error: 'Error loading the audit trail' },
    { signal },
  );
}

export function auditQueryOptions(client: AdminApiClient, q: AuditListParams) {
  return queryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => getAudit(client, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: shouldRetryAdminRequest,
  });
}

export function useAudit(q: AuditListParams) {
  return useQuery(auditQueryOptions(useAdminApi(), q));
}
