import type { ImageLibraryItem } from '@common/admin-contract';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';

/** What a PATCH of a library picture may change; left out: unchanged. */
export interface ImageChange {
  alt?: string;
  caption?: string;
  credit?: string;
  focalX?: number;
  focalY?: number;
}

/**
 * PATCH /api/admin/images/{id}: a library picture's description, caption, credit and focal point (the
 * article form's focal point and the Pictures screen's dialog). `messages`: what a failure says.
 */
export function updateImage(
  client: AdminApiClient,
  id: string,
  change: ImageChange,
  messages = { failed: 'Failed to save the picture', error: 'Error saving the picture' },
): Promise<ImageLibraryItem> {
  return adminRequest<ImageLibraryItem>(client, `/api/admin/images/${id}`, messages, {
    method: 'PATCH',
    body: change,
  });
}
