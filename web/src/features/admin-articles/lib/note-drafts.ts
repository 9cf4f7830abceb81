/**
 * The unsent text of the Notes panel's forms (Add a note, a reply, an edit), kept in the tab's
 * sessionStorage as the article form's draft is (form-draft.ts): leaving the story's screen (for its edit
 * form, another page, a reload) or seeing the story go to the Trash does not lose it, and the form opens
 * with it again when the notes are shown. Two tabs never share one; a form sent or cancelled forgets its own.
 */
import { NOTE_DRAFT_PREFIX as PREFIX, tabKeys, tabStorage as storage } from '@/lib/admin-drafts/keys';

export type NoteDraftSlot = { kind: 'add' } | { kind: 'reply'; noteId: number } | { kind: 'edit'; noteId: number };

export interface NoteDraft {
  text: string;
  /** A reply's: who wrote the note it answers, and whether that was the editor (for the line if it goes). */
  author?: string;
  mine?: boolean;
}

const keyOf = (articleId: number, slot: NoteDraftSlot) =>
  `${PREFIX}${articleId}.${slot.kind}${slot.kind === 'add' ? '' : `.${slot.noteId}`}`;

function parse(raw: string | null | undefined): NoteDraft | undefined {
  if (!raw) return undefined;
  try {
    const o = JSON.parse(raw) as Partial<NoteDraft>;
    if (typeof o.text !== 'string' || !o.text.trim()) return undefined;
    return {
      text: o.text,
      ...(typeof o.author === 'string' ? { author: o.author } : {}),
      ...(typeof o.mine === 'boolean' ? { mine: o.mine } : {}),
    };
  } catch {
    return undefined;
  }
}

function readKey(key: string): string | null | undefined {
  try {
    return storage()?.getItem(key);
  } catch {
    return undefined;
  }
}

export function loadNoteDraft(articleId: number, slot: NoteDraftSlot): NoteDraft | undefined {
  return parse(readKey(keyOf(articleId, slot)));
}

/** Keeps the text (a blank one forgets the slot). */
export function saveNoteDraft(articleId: number, slot: NoteDraftSlot, draft: NoteDraft): void {
  try {
    if (draft.text.trim()) storage()?.setItem(keyOf(articleId, slot), JSON.stringify(draft));
    else storage()?.removeItem(keyOf(articleId, slot));
  } catch {
    // Storage full or blocked: the text lives as long as its form.
  }
}

export function clearNoteDraft(articleId: number, slot: NoteDraftSlot): void {
  try {
    storage()?.removeItem(keyOf(articleId, slot));
  } catch {
    // nothing to clear
  }
}

/** The article's kept replies and edits, by slot (Add a note's is read by its form). */
export function listNoteDrafts(articleId: number): { slot: NoteDraftSlot & { noteId: number }; draft: NoteDraft }[] {
  const found: { slot: NoteDraftSlot & { noteId: number }; draft: NoteDraft }[] = [];
  const pattern = new RegExp(`^${PREFIX.replaceAll('.', '\\.')}${articleId}\\.(reply|edit)\\.(\\d+)$`);
  for (const key of tabKeys()) {
    const m = pattern.exec(key);
    const draft = m ? parse(readKey(key)) : undefined;
    if (m && draft) found.push({ slot: { kind: m[1] as 'reply' | 'edit', noteId: Number(m[2]) }, draft });
  }
  return found;
}
