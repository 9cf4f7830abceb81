import type { Article } from '../types';

function publishedTime(a: Article): number {
  const t = a.publishedAt ? new Date(a.publishedAt).getTime() : Number.NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/**
 * Teasers for 'MORE QUESTIONABLE JOURNALISM': the newest articles of the same category,
 * then the newest of the rest, never the current article, no duplicates.
 */
export function pickRelatedArticles(
  current: Pick<Article, 'slug' | 'category'>,
  candidates: readonly Article[],
  count = 3,
): Article[] {
  const seen = new Set<string>([current.slug]);
  const unique: Article[] = [];
  for (const a of candidates) {
    if (!a.slug || seen.has(a.slug)) continue;
    seen.add(a.slug);
    unique.push(a);
  }
  const newestFirst = (a: Article, b: Article) => publishedTime(b) - publishedTime(a);
  const same = unique.filter((a) => a.category === current.category).sort(newestFirst);
  const others = unique.filter((a) => a.category !== current.category).sort(newestFirst);
  return [...same, ...others].slice(0, count);
}
