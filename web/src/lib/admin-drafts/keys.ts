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

export const DRAFT_PREFIXES = [ARTICLE_DRAFT_PREFIX, NOTE_DRAFT_PREFIX, LIVE_ENTRY_DRAFT_PREFIX] as const;
