/**
 * Where the tab keeps an editor's unsaved work (sessionStorage keys, one per article or slot): an article
 * form's draft, an unsent note, an unposted live entry. owner.ts drops them all for another editor.
 */
export const ARTICLE_DRAFT_PREFIX = 'smear.admin.article-draft.';
export const NOTE_DRAFT_PREFIX = 'smear.admin.note-draft.';
export const LIVE_ENTRY_DRAFT_PREFIX = 'smear.admin.live-draft.';

/** The tab's sessionStorage, or undefined where the browser refuses it (the work then lives as long as its form). */
export function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Every key the tab holds (none where storage is refused), read before any is removed. */
export function tabKeys(): string[] {
  try {
    const store = tabStorage();
    if (!store) return [];
    return Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => key !== null);
  } catch {
    return [];
  }
}

export const DRAFT_PREFIXES = [ARTICLE_DRAFT_PREFIX, NOTE_DRAFT_PREFIX, LIVE_ENTRY_DRAFT_PREFIX] as const;

/** Whether the tab keeps work of one kind (`prefix`) for this article: its own key or one of its slots. */
export function keepsWorkOf(prefix: string, articleId: number): boolean {
  const own = `${prefix}${articleId}`;
  return tabKeys().some((key) => key === own || key.startsWith(`${own}.`));
}
