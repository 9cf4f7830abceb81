import { isDoc } from '@/lib/admin-body/body-doc';
import { LIVE_ENTRY_DRAFT_PREFIX, tabStorage as storage } from '@/lib/admin-drafts/keys';
import type { EditorDoc } from './entries.ts';
import { hasContent } from './entries.ts';

/**
 * The composer's entry not yet posted, kept in the tab's sessionStorage under the article, as the article
 * form's draft is: a reload, a crashed tab or a visit to another screen in the middle of live coverage does
 * not lose it, and the composer opens with it (its Key event and share choices too). Posted, it goes.
 */
export interface EntryDraft {
  doc: EditorDoc;
  keyEvent: boolean;
  shares: { shareToX: boolean; shareToFacebook: boolean };
}

const keyOf = (articleId: number) => `${LIVE_ENTRY_DRAFT_PREFIX}${articleId}`;

export function loadEntryDraft(articleId: number): EntryDraft | undefined {
  try {
    const raw = storage()?.getItem(keyOf(articleId));
    if (!raw) return undefined;
    const o = JSON.parse(raw) as Partial<EntryDraft>;
    if (!isDoc(o.doc) || !hasContent(o.doc)) return undefined;
    return {
      doc: o.doc,
      keyEvent: o.keyEvent === true,
      shares: { shareToX: o.shares?.shareToX === true, shareToFacebook: o.shares?.shareToFacebook === true },
    };
  } catch {
    return undefined;
  }
}

/** Keeps the entry while it has something to post (an empty one forgets it). */
export function saveEntryDraft(articleId: number, draft: EntryDraft): void {
  try {
    if (hasContent(draft.doc)) storage()?.setItem(keyOf(articleId), JSON.stringify(draft));
    else storage()?.removeItem(keyOf(articleId));
  } catch {
    // Storage full or blocked: the entry lives as long as the composer.
  }
}

export function clearEntryDraft(articleId: number): void {
  try {
    storage()?.removeItem(keyOf(articleId));
  } catch {
    // nothing to clear
  }
}
