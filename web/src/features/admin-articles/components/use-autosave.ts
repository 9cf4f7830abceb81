import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, isInTrash, useAdminApi } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { autosaveArticle } from '../api/autosave-article.ts';
import { conflictOf, type ConflictFacts } from '../api/update-article.ts';
import { formToPayload, validateForm, type ArticleFormValues } from '../lib/article-form.ts';
import type { AdminArticle } from '../types.ts';

/** How long after the last change a draft is saved. */
export const AUTOSAVE_DELAY_MS = 3000;

export type AutosaveState =
  { kind: 'off' | 'idle' | 'waiting' | 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string };

export interface AutosaveOptions {
  /** Only a draft saves itself; a published or scheduled article waits for Save changes. */
  article?: AdminArticle;
  values: ArticleFormValues;
  dirty: boolean;
  /** The version the form's values are based on (read when the save is sent). */
  version: () => number | undefined;
  /** A save or a conflict is in hand: no autosave until it is over. */
  paused: boolean;
  onSaved(saved: AdminArticle, sent: ArticleFormValues): void;
  onConflict(facts: ConflictFacts): void;
}

/**
 * Saves a draft a few seconds after the editor stops typing, as a revision marked autosave, based on
 * the form's version (a conflict goes to the form's conflict panel, an article moved to the Trash
 * meanwhile to 'This article was deleted'; the text stays in the tab's draft). `settle()` cancels a waiting save and returns the one being sent, if any, so a
 * Save waits for it and is based on its version.
 */
export function useAutosave({ article, values, dirty, version, paused, onSaved, onConflict }: AutosaveOptions) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const enabled = Boolean(article && article.status === 'draft' && !article.publishedAt && !article.deletedAt);
  const [state, setState] = useState<AutosaveState>({ kind: enabled ? 'idle' : 'off' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const latest = useRef({ onSaved, onConflict, version });
  latest.current = { onSaved, onConflict, version };

  const send = useCallback(
    (sent: ArticleFormValues) => {
      const id = article!.id;
      const base = latest.current.version();
      if (base === undefined) return Promise.resolve();
      setState({ kind: 'saving' });
      const request = autosaveArticle(client, id, base, formToPayload(sent))
        .then((saved) => {
          queryClient.setQueryData(adminKeys.articleDetail(id), saved);
          void queryClient.invalidateQueries({ queryKey: adminKeys.revisions(id) });
          latest.current.onSaved(saved, sent);
          setState({ kind: 'saved', at: saved.updatedAt });
        })
        .catch((err: unknown) => {
          if (isInTrash(err)) {
            setState({ kind: 'failed', message: 'Not saved: the article was moved to the Trash.' });
            // The article's screen loads it again and says 'This article was deleted'; the text stays in
            // the tab's draft, back in the form once the article is restored.
            void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(id) });
            return;
          }
          const facts = conflictOf(err);
          if (facts?.currentVersion !== undefined) {
            setState({ kind: 'failed', message: 'Not saved: someone else saved this article.' });
            latest.current.onConflict(facts);
          } else setState({ kind: 'failed', message: `Not saved automatically: ${errorParts(err).message}` });
        })
        .finally(() => {
          running.current = null;
        });
      running.current = request;
      return request;
    },
    [article, client, queryClient],
  );

  useEffect(() => {
    clearTimeout(timer.current);
    if (!enabled || paused || !dirty) return;
    // Only what the server would take: a draft without a headline or category waits.
    const errors = validateForm(values);
    if (Object.values(errors).some(Boolean)) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'waiting' }));
    timer.current = setTimeout(() => {
      // One save at a time: a change made while one is sent is saved after it.
      void (running.current ?? Promise.resolve()).then(() => send(values));
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [enabled, paused, dirty, values, send]);

  const settle = useCallback((): Promise<void> | null => {
    clearTimeout(timer.current);
    return running.current;
  }, []);

  return { state, settle, enabled };
}
