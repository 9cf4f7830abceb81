import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { ShareDefaults } from '../../../../../common/admin-contract.ts';

/** The same cache entry the article screens read (GET /api/admin/social/share-defaults). */
export const shareDefaultsKey = ['admin', 'share-defaults'] as const;

export const getShareDefaults = (client: AdminApiClient, signal?: AbortSignal) =>
  adminRequest<ShareDefaults>(
    client,
    '/api/admin/social/share-defaults',
    { failed: 'Failed to load the sharing defaults', error: 'Error loading the sharing defaults' },
    { signal },
  );

export const putShareDefaults = (client: AdminApiClient, body: Partial<Pick<ShareDefaults, 'x' | 'facebook'>>) =>
  adminRequest<ShareDefaults>(
    client,
    '/api/admin/social/share-defaults',
    { failed: 'Failed to save the sharing defaults', error: 'Error saving the sharing defaults' },
    { method: 'PUT', body },
  );
