import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminLiveEntry } from '../types.ts';
import { liveKeys, livePath } from './live-keys.ts';
import { useLiveMutation } from './live-mutation.ts';

export interface DeleteEntryVars {
  articleId: number;
  entryId: number;
}

/** DELETE /api/admin/articles/{id}/live/entries/{entryId}: 204; readers' pages drop it. */
export function deleteLiveEntry(client: AdminApiClient, { articleId, entryId }: DeleteEntryVars): Promise<void> {
  return adminRequest<void>(
    client,
    `${livePath(articleId)}/entries/${entryId}`,
    { failed: 'Failed to delete the entry', error: 'Error deleting the entry' },
    { method: 'DELETE' },
  );
}

export function useDeleteLiveEntry(opts: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useLiveMutation<DeleteEntryVars, void>({
    request: deleteLiveEntry,
    successTitle: 'Entry deleted',
    after: ({ articleId, entryId }) => {
      queryClient.setQueryData<AdminLiveEntry[]>(liveKeys.entries(articleId), (list) =>
        list?.filter((e) => e.id !== entryId),
      );
      opts.onDeleted?.();
    },
  });
}
