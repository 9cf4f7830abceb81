import { useQueryClient } from '@tanstack/react-query';
import { adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminLiveEntry, LiveEntryInput } from '../types.ts';
import { liveKeys, livePath } from './live-keys.ts';
import { useLiveMutation } from './live-mutation.ts';
import { withEntry } from '../lib/entries.ts';
import { clearEntryDraft } from '../lib/entry-draft.ts';

export interface PostEntryVars {
  articleId: number;
  input: LiveEntryInput;
}

/** POST /api/admin/articles/{id}/live/entries: 201 with the entry. */
export function postLiveEntry(client: AdminApiClient, { articleId, input }: PostEntryVars): Promise<AdminLiveEntry> {
  return adminRequest<AdminLiveEntry>(
    client,
    `${livePath(articleId)}/entries`,
    { failed: 'Failed to post the entry', error: 'Error posting the entry' },
    { method: 'POST', body: input },
  );
}

/** Posts; the entry goes to the top of the list at once, and the list loads again (others' entries). */
export function usePostLiveEntry(opts: { onPosted?: (entry: AdminLiveEntry) => void } = {}) {
  const queryClient = useQueryClient();
  return useLiveMutation<PostEntryVars, AdminLiveEntry>({
    request: postLiveEntry,
    after: async ({ articleId }, entry) => {
      // Posted: the composer's kept entry goes (even if the composer was left while it went).
      clearEntryDraft(articleId);
      queryClient.setQueryData<AdminLiveEntry[]>(liveKeys.entries(articleId), (list) => withEntry(list, entry));
      opts.onPosted?.(entry);
      await queryClient.invalidateQueries({ queryKey: liveKeys.entries(articleId) });
    },
  });
}
