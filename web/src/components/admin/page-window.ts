export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The numbered page buttons (docs/product.md, Limits and constants): up to 5 pages all shown; otherwise pages 1-4,
 * an ellipsis and the last page near the start; the first page, an ellipsis and the last 4
 * near the end; in the middle the first page, an ellipsis, current-1..current+1, an ellipsis
 * and the last page.
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= 5) return range(1, total);
  const c = Math.min(Math.max(1, Math.floor(current)), total);
  if (c <= 3) return [...range(1, 4), 'ellipsis-end', total];
  if (c >= total - 2) return [1, 'ellipsis-start', ...range(total - 3, total)];
  return [1, 'ellipsis-start', c - 1, c, c + 1, 'ellipsis-end', total];
}
