import type { Article, NewsList } from '../types';

export type CardSize = 'large' | 'medium' | 'small';

/** 6 skeleton cards while loading. */
export const SKELETON_CARD_COUNT = 6;
/** Most cards in the grid: one large, two medium, six small; the rest go to 'MORE TRASH'. */
export const MAX_GRID_CARDS = 9;
/** Articles kept back for 'MORE TRASH' when the list is short. */
const MORE_TRASH_RESERVE = 3;

/** Breaking items first, then all the others, without duplicates (same id or slug). */
export function orderArticles({ breakingNews, allArticles }: NewsList): Article[] {
  const seen = new Set<string>();
  const out: Article[] = [];
  for (const article of [...breakingNews, ...allArticles]) {
    const key = article.slug ? `slug:${article.slug}` : `id:${String(article.id)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(article);
  }
  return out;
}

/** Card size by position: one large, two medium, then small. */
export function cardSize(index: number): CardSize {
  if (index === 0) return 'large';
  if (index <= 2) return 'medium';
  return 'small';
}

/**
 * Splits the ordered articles into the grid and the 'MORE TRASH' list: up to 9 cards, while
 * keeping a few back for 'MORE TRASH' when there are more than three.
 */
export function splitListing(articles: readonly Article[]): { grid: Article[]; more: Article[] } {
  const n = articles.length;
  const gridCount =
    n <= MORE_TRASH_RESERVE ? n : Math.min(MAX_GRID_CARDS, Math.max(MORE_TRASH_RESERVE, n - MORE_TRASH_RESERVE));
  return { grid: articles.slice(0, gridCount), more: articles.slice(gridCount) };
}
