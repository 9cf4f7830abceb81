import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { ShareDefaults } from '../../../../../common/admin-contract.ts';

export { getShareDefaults, shareDefaultsKey } from '@/lib/share-defaults';

/** PUT /api/admin/social/share-defaults: the Social page's defaults. */
export const putShareDefaults = (client: AdminApiClient, body: Partial<Pick<ShareDefaults, 'x' | 'facebook'>>) =>
  adminRequest<ShareDefaults>(
    client,
    '/api/admin/social/share-defaults',
    { failed: 'Failed to save the sharing defaults', error: 'Error saving the sharing defaults' },
    { method: 'PUT', body },
  );
