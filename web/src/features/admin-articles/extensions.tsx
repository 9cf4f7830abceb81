import { createContext, useCallback, useContext, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { errorParts } from '@/lib/admin-error-context';
import type { AdminArticle } from './types.ts';

/** Something an extension adds to a screen, with the step it needs run when the editor goes ahead. */
export interface ExtensionStep<A extends unknown[] = []> {
  node: ReactNode;
  /** Runs before the action (publish, unpublish, delete) or after the save (the form); a throw stops the action. */
  run(...args: A): Promise<void>;
}

type ArticleRef = Pick<AdminArticle, 'id' | 'headline' | 'publishedAt'>;

/** 'loading': the extension cannot tell yet whether it has something to add (the button waits). */
export type MaybeStep = ExtensionStep | null | 'loading';

/**
 * What other parts of the admin (composed in app/routes) add to the article screens: this feature
 * only knows these slots, never the features that fill them. Every `use…` member is called as a hook,
 * so a given provider must keep the same members for its whole life.
 */
export interface ArticleExtensions {
  /** Extra fields of the edit form; `run` gets the saved article (a new one has its id by then). */
  useFormSection?(
    article: AdminArticle | undefined,
    draft: { headline: string; disabled: boolean },
  ): ExtensionStep<[AdminArticle]> | null;
  /** The publish confirmation's content; null: Publish acts at once without asking. */
  usePublishSection?(article: ArticleRef): MaybeStep;
  /**
   * An offer made when unpublishing, deleting or deleting for good (a Trash row); null: nothing to offer
   * (unpublish then acts at once).
   */
  useRemovalSection?(article: ArticleRef, action: 'unpublish' | 'delete' | 'purge'): MaybeStep;
  /** A panel of the article detail's side column. */
  DetailSection?: ComponentType<{ article: AdminArticle }>;
  /** A line of an article's row in the lists. */
  RowSection?: ComponentType<{ article: AdminArticle }>;
}

const none = () => null;

export const ArticleExtensionsContext = createContext<ArticleExtensions>({});

export function useArticleExtensions() {
  const ext = useContext(ArticleExtensionsContext);
  return {
    useFormSection: ext.useFormSection ?? none,
    usePublishSection: ext.usePublishSection ?? none,
    useRemovalSection: ext.useRemovalSection ?? none,
    DetailSection: ext.DetailSection,
    RowSection: ext.RowSection,
  };
}

/**
 * A confirmation's extension step, then its action (Publish, Unpublish, Delete, Delete for good): `go`
 * runs the step and, when it went through, the action; a step that throws leaves the dialog open with
 * its reason (`stepError`) and the action is not sent. One run at a time: a second confirm while a step
 * runs (a double click lands before React has disabled the button) is dropped, so each post is deleted once.
 */
export function useStepThenAction() {
  const [stepping, setStepping] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const running = useRef(false);
  const go = useCallback(async (step: ExtensionStep | null, action: () => void) => {
    if (running.current) return;
    running.current = true;
    setStepping(true);
    setStepError(null);
    try {
      await step?.run();
    } catch (err) {
      const { message, details } = errorParts(err);
      setStepError(details ? `${message}: ${details}` : message);
      return;
    } finally {
      running.current = false;
      setStepping(false);
    }
    action();
  }, []);
  const clearError = useCallback(() => setStepError(null), []);
  return { stepping, stepError, go, clearError };
}
