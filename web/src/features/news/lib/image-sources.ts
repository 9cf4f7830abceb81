import { imageSrcSet } from '@common/images';

/**
 * How wide a picture is shown, for `sizes` (the public layout: main is at most 80rem wide with
 * 1rem padding each side; the article column at most 48rem; grids of 2 or 3 columns, 1.5rem gaps).
 */
export const IMAGE_SIZES = {
  /** The article's hero picture, the width of its column. */
  article: '(min-width: 50rem) 48rem, calc(100vw - 2rem)',
  /** The lead card: two of three columns on wide screens, full width below. */
  leadCard: '(min-width: 80rem) 51.5rem, (min-width: 64rem) calc((100vw - 2.75rem) * 2 / 3), calc(100vw - 2rem)',
  /** Any other card or teaser: one of three columns (two on tablets). */
  card: '(min-width: 80rem) 25rem, (min-width: 64rem) calc((100vw - 5rem) / 3), (min-width: 48rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)',
  /** A teaser under an article: one of three columns from tablets on. */
  teaser: '(min-width: 80rem) 25rem, (min-width: 48rem) calc((100vw - 5rem) / 3), calc(100vw - 2rem)',
} as const;

/**
 * The `srcSet` and `sizes` of an <img>: every stored width of an uploaded picture, with how wide
 * the page shows it. Other pictures (a single file) get neither.
 */
export function imageSources(
  imageUrl: string | null | undefined,
  sizes: string,
): { srcSet: string; sizes: string } | Record<string, never> {
  const srcSet = imageSrcSet(imageUrl);
  return srcSet ? { srcSet, sizes } : {};
}
