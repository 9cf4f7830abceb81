import type { SharePlatform } from '@common/admin-contract';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import { PLATFORM_NAMES } from '@/lib/share-posts';
import { livePath } from './live-keys.ts';

/** DELETE /api/admin/articles/{id}/live/entries/{entryId}/shares/{platform}: the key event's post, deleted on the platform. */
export function deleteEntryPost(client: AdminApiClient, articleId: number, entryId: number, platform: SharePlatform) {
  const what = `delete the entry's post on ${PLATFORM_NAMES[platform]}`;
  return adminRequest<{ platform: SharePlatform; state: 'deleted' }>(
    client,
    `${livePath(articleId)}/entries/${entryId}/shares/${platform}`,
    { failed: `Failed to ${what}`, error: `Error trying to ${what}` },
    { method: 'DELETE' },
  );
}
