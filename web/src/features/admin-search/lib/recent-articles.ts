/**
 * The last articles an editor opened in this browser (the quick search's Recent, decision 051): the
 * headline and id only, newest first, in localStorage, one list per editor (the signed-in subject), so
 * two editors on one browser never see each other's. Sign Out clears them all. A browser that refuses
 * storage keeps none.
 */
export const RECENT_STORAGE_KEY = 'tabloid.admin.recentArticles';
export const MAX_RECENT = 5;

export interface RecentArticle {
  id: number;
  headline: string;
}

/** The editor's list: `tabloid.admin.recentArticles:<subject>`. */
export const recentStorageKey = (editor: string) => `${RECENT_STORAGE_KEY}:${editor}`;

function isRecent(value: unknown): value is RecentArticle {
  if (typeof value !== 'object' || value === null) return false;
  const { id, headline } = value as Record<string, unknown>;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && typeof headline === 'string';
}

/** The editor's recent articles; none without an editor. */
export function getRecentArticles(editor: string | undefined): RecentArticle[] {
  if (!editor) return [];
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(recentStorageKey(editor)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts the article first in the editor's list (once), keeping the last MAX_RECENT. */
export function rememberArticle(editor: string | undefined, { id, headline }: RecentArticle): void {
  if (!editor) return;
  const current = getRecentArticles(editor);
  if (current[0]?.id === id && current[0].headline === headline) return;
  const next = [{ id, headline }, ...current.filter((a) => a.id !== id)].slice(0, MAX_RECENT);
  try {
    window.localStorage.setItem(recentStorageKey(editor), JSON.stringify(next));
  } catch {
    // Storage refused (private mode, full): nothing is remembered.
  }
}

/**
 * At Sign Out: removes every editor's list kept in this browser (and the one list of before they were
 * kept per editor), so whoever uses the browser next sees none of them.
 */
export function forgetRecentArticles(): void {
  try {
    const storage = window.localStorage;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) {
      if (key === RECENT_STORAGE_KEY || key?.startsWith(`${RECENT_STORAGE_KEY}:`)) storage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept.
  }
}
