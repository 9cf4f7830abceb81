import { bodyPlainText } from '@common/body/text';
import { isDoc } from '@/lib/admin-body/body-doc';
import { keepsWorkOf, LIVE_ENTRY_DRAFT_PREFIX, tabKeys, tabStorage as storage } from '@/lib/admin-drafts/keys';
import type { EditorDoc } from './entries.ts';
import { entryBody, hasContent } from './entries.ts';

/**
 * The live console's work not yet sent, kept in the tab's sessionStorage under the article, as the article
 * form's draft is: a reload, a crashed tab or a visit to another screen in the middle of live coverage does
 * not lose it. The composer's entry not yet posted (its Key event and share choices too) opens the composer
 * with it; a correction being written to an earlier entry opens that entry's edit form with it, against the
 * version it started from. Posted or saved, it goes.
 */
export interface EntryDraft {
  doc: EditorDoc;
  keyEvent: boolean;
  shares: { shareToX: boolean; shareToFacebook: boolean };
}

/** A correction to a posted entry: the version it was begun on (a colleague's save since is a conflict). */
export interface EntryCorrection extends EntryDraft {
  version: number;
}

const keyOf = (articleId: number) => `${LIVE_ENTRY_DRAFT_PREFIX}${articleId}`;
const correctionPrefix = (articleId: number) => `${keyOf(articleId)}.`;
const correctionKey = (articleId: number, entryId: number) => `${correctionPrefix(articleId)}${entryId}`;

function read(key: string): (EntryDraft & { version?: unknown }) | undefined {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return undefined;
    const o = JSON.parse(raw) as Partial<EntryCorrection>;
    if (!isDoc(o.doc) || !hasContent(o.doc)) return undefined;
    return {
      doc: o.doc,
      keyEvent: o.keyEvent === true,
      shares: { shareToX: o.shares?.shareToX === true, shareToFacebook: o.shares?.shareToFacebook === true },
      version: o.version,
    };
  } catch {
    return undefined;
  }
}

/** Keeps the work while it has something to send (an empty one forgets it). */
function write(key: string, draft: EntryDraft): void {
  try {
    if (hasContent(draft.doc)) storage()?.setItem(key, JSON.stringify(draft));
    else storage()?.removeItem(key);
  } catch {
    // Storage full or blocked: the work lives as long as its form.
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

export function loadEntryDraft(articleId: number): EntryDraft | undefined {
  const draft = read(keyOf(articleId));
  if (!draft) return undefined;
  const { doc, keyEvent, shares } = draft;
  return { doc, keyEvent, shares };
}

export function saveEntryDraft(articleId: number, draft: EntryDraft): void {
  write(keyOf(articleId), draft);
}

export function clearEntryDraft(articleId: number): void {
  remove(keyOf(articleId));
}

export function loadCorrection(articleId: number, entryId: number): EntryCorrection | undefined {
  const draft = read(correctionKey(articleId, entryId));
  if (!draft || !Number.isSafeInteger(draft.version)) return undefined;
  const { doc, keyEvent, shares, version } = draft;
  return { doc, keyEvent, shares, version: version as number };
}

export function saveCorrection(articleId: number, entryId: number, correction: EntryCorrection): void {
  write(correctionKey(articleId, entryId), correction);
}

export function clearCorrection(articleId: number, entryId: number): void {
  remove(correctionKey(articleId, entryId));
}

/** Drops the corrections kept for entries no longer in the story's list (deleted meanwhile). */
export function dropCorrectionsExcept(articleId: number, entryIds: readonly number[]): void {
  const prefix = correctionPrefix(articleId);
  const keep = new Set(entryIds.map((id) => `${prefix}${id}`));
  for (const key of tabKeys()) if (key.startsWith(prefix) && !keep.has(key)) remove(key);
}

/** Whether the tab keeps work of this story's console: the composer's entry or a correction. */
export const hasKeptWork = (articleId: number) => keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, articleId);

/** A piece of the console's work kept in the tab, as text to copy: the composer's entry, or a correction. */
export interface KeptText {
  key: string;
  /** The entry it corrects (undefined: the composer's entry not yet posted). */
  entryId?: number;
  text: string;
}

/**
 * The console's work kept for this story, as plain text (a picture gives its caption, an embed its text):
 * what the editor can still copy once the story is deleted for good and nothing can be posted.
 */
export function keptTexts(articleId: number): KeptText[] {
  const out: KeptText[] = [];
  const own = keyOf(articleId);
  const prefix = correctionPrefix(articleId);
  for (const key of tabKeys().sort()) {
    const entryId = key.startsWith(prefix) ? Number(key.slice(prefix.length)) : undefined;
    if (key !== own && !Number.isSafeInteger(entryId)) continue;
    const draft = read(key);
    if (draft)
      out.push({ key, ...(entryId === undefined ? {} : { entryId }), text: bodyPlainText(entryBody(draft.doc)) });
  }
  return out;
}

/** Forgets all the console's work kept for this story (the composer's entry and every correction). */
export function discardKeptWork(articleId: number): void {
  clearEntryDraft(articleId);
  dropCorrectionsExcept(articleId, []);
}
