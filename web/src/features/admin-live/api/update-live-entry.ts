import { useQueryClient } from '@tanstack/react-query';
import { AdminApiError, adminRequest, type AdminApiClient } from '@/lib/admin-api-client';
import type { AdminLiveEntry, LiveEntryInput } from '../types.ts';
import { liveKeys, livePath } from './live-keys.ts';
import { useLiveMutation } from './live-mutation.ts';
import { withEntry } from '../lib/entries.ts';
import { clearCorrection } from '../lib/entry-draft.ts';

export interface UpdateEntryVars {
  articleId: number;
  entryId: number;
  /** With the version the editor corrected. */
  input: LiveEntryInput & { version: number };
}

/** PATCH /api/admin/articles/{id}/live/entries/{entryId}: 409 when another editor changed it first. */
export function updateLiveEntry(
  client: AdminApiClient,
  { articleId, entryId, input }: UpdateEntryVars,
): Promise<AdminLiveEntry> {
  return adminRequest<AdminLiveEntry>(
    client,
    `${livePath(articleId)}/entries/${entryId}`,
    { failed: 'Failed to save the entry', error: 'Error saving the entry' },
    { method: 'PATCH', body: input },
  );
}

/** Another editor saved the entry since this edit began: who, when, and its version now. */
export interface EntryConflict {
  changedBy?: string;
  changedAt?: string;
  currentVersion: number;
}

/** The stale-version refusal (a 409 with the current version), not another 409 (coverage not running). */
export function entryConflictOf(err: unknown): EntryConflict | undefined {
  if (!(err instanceof AdminApiError) || err.status !== 409) return undefined;
  const p = err.problem ?? {};
  if (typeof p.currentVersion !== 'number') return undefined;
  return {
    currentVersion: p.currentVersion,
    changedBy: typeof p.changedBy === 'string' ? p.changedBy : undefined,
    changedAt: typeof p.changedAt === 'string' ? p.changedAt : undefined,
  };
}

export function isEntryConflict(err: unknown): boolean {
  return entryConflictOf(err) !== undefined;
}

export function useUpdateLiveEntry(opts: { onSaved?: (entry: AdminLiveEntry) => void } = {}) {
  const queryClient = useQueryClient();
  return useLiveMutation<UpdateEntryVars, AdminLiveEntry>({
    request: updateLiveEntry,
    successTitle: 'Entry saved',
    quiet: isEntryConflict,
    after: async ({ articleId, entryId }, entry) => {
      // Saved: the correction kept in the tab goes (even if the console was left while it went).
      clearCorrection(articleId, entryId);
      queryClient.setQueryData<AdminLiveEntry[]>(liveKeys.entries(articleId), (list) => withEntry(list, entry));
      opts.onSaved?.(entry);
      await queryClient.invalidateQueries({ queryKey: liveKeys.revisions(articleId, entryId) });
    },
  });
}
