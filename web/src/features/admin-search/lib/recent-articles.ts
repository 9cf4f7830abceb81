/**
 * The last articles the editor opened in this browser (the quick search's Recent, decision 051): the
 * headline and id only, newest first, in localStorage. A browser that refuses storage keeps none.
 */
export const RECENT_STORAGE_KEY = 'tabloid.admin.recentArticles';
export const MAX_RECENT = 5;

export interface RecentArticle {
  id: number;
  headline: string;
}

function isRecent(value: unknown): value is RecentArticle {
  if (typeof value !== 'object' || value === null) return false;
  const { id, headline } = value as Record<string, unknown>;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && typeof headline === 'string';
}

export function getRecentArticles(): RecentArticle[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENT_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts the article first (once), keeping the last MAX_RECENT. */
export function rememberArticle({ id, headline }: RecentArticle): void {
  const current = getRecentArticles();
  if (current[0]?.id === id && current[0].headline === headline) return;
  const next = [{ id, headline }, ...current.filter((a) => a.id !== id)].slice(0, MAX_RECENT);
  try {
    window.localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode, full): nothing is remembered.
  }
}
