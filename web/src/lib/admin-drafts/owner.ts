import { DRAFT_PREFIXES, tabKeys, tabStorage } from './keys.ts';

const OWNER_KEY = 'smear.admin.drafts-owner';

/**
 * Whose unsaved work the tab keeps: the article form's drafts, the unsent notes and live entries (keys.ts)
 * belong to the editor who was signed in when they were written. Called with the editor's
 * subject before their screens are shown: when it is another editor than the one whose work the tab holds,
 * that work goes first, so they neither see nor send it. The same editor signing in again (a session that
 * ran out, Sign Out and back) finds it where it was.
 */
export function keepDraftsFor(subject: string): void {
  try {
    const store = tabStorage();
    if (!store) return;
    const owner = store.getItem(OWNER_KEY);
    if (owner === subject) return;
    // Work kept before the tab knew its owner is the first editor's to sign in.
    if (owner !== null) {
      for (const key of tabKeys()) {
        if (DRAFT_PREFIXES.some((prefix) => key.startsWith(prefix))) store.removeItem(key);
      }
    }
    store.setItem(OWNER_KEY, subject);
  } catch {
    // Storage refused: nothing was kept.
  }
}
