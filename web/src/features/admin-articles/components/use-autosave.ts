import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AdminApiError, adminKeys, isInTrash, useAdminApi } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { autosaveArticle } from '../api/autosave-article.ts';
import { getArticle } from '../api/get-article.ts';
import { conflictOf, type ConflictFacts } from '../api/update-article.ts';
import { formToPayload, validateForm, type ArticleFormValues } from '../lib/article-fields.ts';
import { isPublished, savesItself } from '../lib/article-status.ts';
import type { AdminArticle } from '../types.ts';
import { useStaleSave } from './use-stale-save.ts';

/** How long after the last change a draft is saved. */
export const AUTOSAVE_DELAY_MS = 3000;

export type AutosaveState =
  { kind: 'off' | 'idle' | 'waiting' | 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string };

export interface AutosaveOptions {
  /** Only a draft saves itself; a published or scheduled article waits for Save changes. */
  article?: AdminArticle;
  values: ArticleFormValues;
  /** The values the form's version holds (as loaded, or as last saved): what the editor has changed is the difference. */
  loaded: ArticleFormValues;
  dirty: boolean;
  /** The version the form's values are based on (read when the save is sent). */
  version: () => number | undefined;
  /** A save or a conflict is in hand: no autosave until it is over. */
  paused: boolean;
  onSaved(saved: AdminArticle, sent: ArticleFormValues): void;
  /**
   * A stale autosave is sent again on this newer version, with the newer values of `take` (fields
   * changed since by someone else that the editor had not changed): the form's values are based on it now.
   */
  onRebased(version: number, take: Partial<ArticleFormValues>): void;
  onConflict(facts: ConflictFacts): void;
}

/**
 * Saves a draft a few seconds after the editor stops typing, as a revision marked autosave, based on
 * the form's version (an article moved to the Trash meanwhile leads to 'This article was deleted'; the
 * text stays in the tab's draft). A stale answer follows the same rule as Save changes (useStaleSave):
 * when only what the form does not edit, or fields the editor has not changed, changed since and the
 * article is still a draft that saves itself, the autosave is sent again on the version now with those
 * fields' newer values, once; when it was published or scheduled
 * meanwhile, autosaving stops and says so (Save changes saves the edit); any other stale answer goes to
 * the form's conflict panel. `settle()` cancels a waiting save and returns the one being sent, if
 * any, so a Save waits for it and is based on its version.
 */
export function useAutosave({
  article,
  values,
  loaded,
  dirty,
  version,
  paused,
  onSaved,
  onRebased,
  onConflict,
}: AutosaveOptions) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const enabled = savesItself(article);
  const [state, setState] = useState<AutosaveState>({ kind: enabled ? 'idle' : 'off' });
  /** The article was published or scheduled elsewhere: no more autosaves from this form. */
  const [stopped, setStopped] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const latest = useRef({ onSaved, onRebased, onConflict, version, values, loaded });
  latest.current = { onSaved, onRebased, onConflict, version, values, loaded };
  const { newerVersion, reset } = useStaleSave(article?.id);

  const send = useCallback(
    (sent: ArticleFormValues): Promise<void> => {
      const id = article!.id;
      const base = latest.current.version();
      if (base === undefined) return Promise.resolve();
      setState({ kind: 'saving' });
      const request = autosaveArticle(client, id, base, formToPayload(sent))
        .then((saved) => {
          queryClient.setQueryData(adminKeys.articleDetail(id), saved);
          void queryClient.invalidateQueries({ queryKey: adminKeys.revisions(id) });
          reset();
          latest.current.onSaved(saved, sent);
          setState({ kind: 'saved', at: saved.updatedAt });
        })
        .catch(async (err: unknown) => {
          if (isInTrash(err)) {
            setState({ kind: 'failed', message: 'Not saved: the article was moved to the Trash.' });
            // The article's screen loads it again and says 'This article was deleted'; the text stays in
            // the tab's draft, back in the form once the article is restored.
            void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(id) });
            return;
          }
          if (err instanceof AdminApiError && err.status === 404) {
            setState({ kind: 'failed', message: 'Not saved: the article was deleted for good.' });
            // Its screen loads it again and says who deleted it; the text stays in the tab's draft, from
            // which that screen starts a new article.
            void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(id) });
            return;
          }
          const facts = conflictOf(err);
          if (facts?.currentVersion === undefined) {
            setState({ kind: 'failed', message: `Not saved automatically: ${errorParts(err).message}` });
            return;
          }
          // What the editor typed since this autosave was sent counts as the editor's change too.
          const rebase = await newerVersion(base, facts, {
            loaded: latest.current.loaded,
            sent,
            current: () => latest.current.values,
          });
          const to = rebase?.version;
          // The article as it is now: only a draft is saved automatically (the server's rule too).
          const now =
            rebase === undefined
              ? undefined
              : (rebase.article ?? (await getArticle(client, id).catch(() => undefined)));
          if (rebase && now && now.version === to && savesItself(now)) {
            latest.current.onRebased(rebase.version, rebase.take);
            return send({ ...sent, ...rebase.take });
          }
          reset();
          if (now && now.version === to && !now.deletedAt) {
            // Published or scheduled meanwhile: an edit of a public article is the editor's decision.
            // The form learns what the article is now (its minor-edit choice, the picture's rule);
            // the edit stays based on the version it began from.
            queryClient.setQueryData(adminKeys.articleDetail(id), now);
            setStopped(true);
            const what = isPublished(now.publishedAt) ? 'published' : 'scheduled';
            setState({
              kind: 'failed',
              message: `Not saved automatically: this article is ${what} now. Save changes to save your edits.`,
            });
            return;
          }
          setState({ kind: 'failed', message: 'Not saved: someone else saved this article.' });
          latest.current.onConflict(facts);
        })
        .finally(() => {
          running.current = null;
        });
      running.current = request;
      return request;
    },
    [article, client, queryClient, newerVersion, reset],
  );

  useEffect(() => {
    clearTimeout(timer.current);
    if (!enabled || stopped || paused || !dirty) return;
    // Only what the server would take: a draft without a headline or category waits.
    const errors = validateForm(values);
    if (Object.values(errors).some(Boolean)) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'waiting' }));
    timer.current = setTimeout(() => {
      // One save at a time: a change made while one is sent is saved after it.
      void (running.current ?? Promise.resolve()).then(() => send(values));
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [enabled, stopped, paused, dirty, values, send]);

  const settle = useCallback((): Promise<void> | null => {
    clearTimeout(timer.current);
    return running.current;
  }, []);

  /** `shown`: the form shows the status (autosave on, or stopped and saying why). */
  return { state, settle, enabled, shown: enabled || stopped };
}
