import { useCallback, useRef } from 'react';
import { useAdminApi } from '@/lib/admin-api-client';
import { getArticle } from '../api/get-article.ts';
import { getRevisions } from '../api/get-revisions.ts';
import type { ConflictFacts } from '../api/update-article.ts';
import { formFromArticle, type ArticleFormValues } from '../lib/article-fields.ts';
import { formFieldsChangedSince, newerValuesToTake } from '../lib/stale-save.ts';
import type { AdminArticle } from '../types.ts';

/** How a stale save goes on: sent on `version`, with the newer values of `take` in it. */
export interface StaleSaveRebase {
  version: number;
  /** The fields changed since by someone else, as they are now (empty: only what the form does not edit changed). */
  take: Partial<ArticleFormValues>;
  /** The article as it is now, when it was read for those values. */
  article?: AdminArticle;
}

/** The form's values: as its version holds them, as the stale save sent them, and as the form holds them now. */
export interface StaleSaveForm {
  loaded: ArticleFormValues;
  sent: ArticleFormValues;
  /** Read after the article is, so that a keystroke made meanwhile counts as the editor's change. */
  current: () => ArticleFormValues;
}

/**
 * What to do with a save refused as stale, for both of the edit form's saves (Save changes and the
 * draft's autosave). `newerVersion(from, facts, form)` reads the article's history: when every version
 * since `from` changed only what the form does not edit (moved to the Trash and back, published,
 * unpublished, scheduled) or fields the editor has not changed in the form, nobody's work is in the
 * way: it answers the version to send the save on and, for those fields, the values the article has
 * now (read once more), which the save takes. It answers undefined, for the conflict panel, when a
 * field changed since was changed by the editor too (to another value), a version is missing from the
 * history, the history or the article cannot be read, the article moved on again, or this is the
 * second stale answer since the last save that went through: a save is sent again once, not in a
 * loop. `reset()` makes the next stale answer a first one again (a save went through, or the version
 * answered was not used).
 */
export function useStaleSave(articleId: number | undefined) {
  const client = useAdminApi();
  const retried = useRef(false);

  const newerVersion = useCallback(
    async (
      from: number | undefined,
      facts: ConflictFacts,
      form: StaleSaveForm,
    ): Promise<StaleSaveRebase | undefined> => {
      const again = retried.current;
      retried.current = false;
      if (articleId === undefined || from === undefined || again) return undefined;
      const revisions = await getRevisions(client, articleId).catch(() => undefined);
      if (!revisions) return undefined;
      const to = facts.currentVersion ?? Math.max(0, ...revisions.map((r) => r.version));
      const changed = formFieldsChangedSince(revisions, from, to);
      if (!changed) return undefined;
      let rebase: StaleSaveRebase = { version: to, take: {} };
      if (changed.size > 0) {
        const article = await getArticle(client, articleId).catch(() => undefined);
        if (!article || article.version !== to) return undefined;
        const mine = [form.sent, form.current()];
        const take = newerValuesToTake(changed, { loaded: form.loaded, mine, newer: formFromArticle(article) });
        if (!take) return undefined;
        rebase = { version: to, take, article };
      }
      retried.current = true;
      return rebase;
    },
    [client, articleId],
  );

  const reset = useCallback(() => {
    retried.current = false;
  }, []);

  return { newerVersion, reset };
}
