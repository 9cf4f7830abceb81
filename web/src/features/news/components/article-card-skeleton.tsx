import { cx } from '@/lib/cx';
import type { CardSize } from '../lib/listing-layout';
import { CARD_GRID_CLASS } from './article-card';

const HEADLINE_BAR: Record<CardSize, string> = { large: 'h-10 md:h-12', medium: 'h-8', small: 'h-7' };

/** A card-shaped placeholder: same border, 16:9 image box, badge, headline and summary lines. No animation. */
export function ArticleCardSkeleton({ size = 'medium' }: { size?: CardSize }) {
  return (
    <div aria-hidden="true" className={cx('flex flex-col border-t-4 border-grey-light', CARD_GRID_CLASS[size])}>
      <div className="aspect-video bg-grey-light" />
      <div className="flex flex-col gap-2 pt-3">
        <div className="h-5 w-20 bg-grey-light" />
        <div className={cx('w-11/12 bg-grey-light', HEADLINE_BAR[size])} />
        <div className={cx('w-2/3 bg-grey-light', HEADLINE_BAR[size])} />
        <div className="mt-1 h-4 w-full bg-grey-light" />
        <div className="h-4 w-full bg-grey-light" />
        <div className="h-4 w-1/2 bg-grey-light" />
      </div>
    </div>
  );
}

/** The listings' card grid (home, categories, older stories). */
export const LISTING_GRID_CLASS = 'story-grid grid grid-cols-1 gap-x-6 gap-y-8 md:grid-cols-2 lg:grid-cols-3';

/** A listing while its articles load: `count` card skeletons in the grid, sized by `sizeOf`. */
export function ListingSkeleton({ count, sizeOf }: { count: number; sizeOf: (index: number) => CardSize }) {
  return (
    <div className={LISTING_GRID_CLASS} aria-busy="true">
      <p className="sr-only" role="status">
        Loading articles…
      </p>
      {Array.from({ length: count }, (_, i) => (
        <ArticleCardSkeleton key={i} size={sizeOf(i)} />
      ))}
    </div>
  );
}
