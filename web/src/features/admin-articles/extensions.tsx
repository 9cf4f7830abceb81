import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
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
  /** An offer made when unpublishing or deleting; null: nothing to offer (unpublish then acts at once). */
  useRemovalSection?(article: ArticleRef, action: 'unpublish' | 'delete'): MaybeStep;
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
