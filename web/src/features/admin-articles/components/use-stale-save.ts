import { useCallback, useRef } from 'react';
import { useAdminApi } from '@/lib/admin-api-client';
import { getRevisions } from '../api/get-revisions.ts';
import type { ConflictFacts } from '../api/update-article.ts';
import { changedOnlyOutsideTheForm } from '../lib/stale-save.ts';

/**
 * What to do with a save refused as stale, for both of the edit form's saves (Save changes and the
 * draft's autosave). `newerVersion(from, facts)` reads the article's history: when every version since
 * `from` changed only what the form does not edit (moved to the Trash and back, published, unpublished,
 * scheduled), nobody's work is in the way and it answers the version to send the same save on. It
 * answers undefined, for the conflict panel, when any other change was made, a version is missing from
 * the history, the history cannot be read, or this is the second stale answer since the last save that
 * went through: a save is sent again once, not in a loop. `reset()` makes the next stale answer a first
 * one again (a save went through, or the version answered was not used).
 */
export function useStaleSave(articleId: number | undefined) {
  const client = useAdminApi();
  const retried = useRef(false);

  const newerVersion = useCallback(
    async (from: number | undefined, facts: ConflictFacts): Promise<number | undefined> => {
      const again = retried.current;
      retried.current = false;
      if (articleId === undefined || from === undefined || again) return undefined;
      const revisions = await getRevisions(client, articleId).catch(() => undefined);
      if (!revisions) return undefined;
      const to = facts.currentVersion ?? Math.max(0, ...revisions.map((r) => r.version));
      if (!changedOnlyOutsideTheForm(revisions, from, to)) return undefined;
      retried.current = true;
      return to;
    },
    [client, articleId],
  );

  const reset = useCallback(() => {
    retried.current = false;
  }, []);

  return { newerVersion, reset };
}
