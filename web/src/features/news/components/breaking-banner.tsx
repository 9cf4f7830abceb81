import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** What the banner needs of a breaking story. */
export interface BannerStory {
  slug: string;
  headline: string;
}

export const BANNER_NONE_TEXT = 'No breaking scandals right now.';

/**
 * The BREAKING banner above the grid: the first breaking headline. The headline keeps a box of two
 * lines (clamped), so a newer breaking story can take its place while the page is read without
 * moving anything below; `null` (the last breaking story withdrawn meanwhile) keeps the box, with a
 * line that says so.
 */
export function BreakingBanner({ article }: { article: BannerStory | null }) {
  return (
    <div className="breaking-banner mb-6 flex flex-col gap-1 bg-tabloid-red px-4 py-3 text-white on-dark md:flex-row md:items-center md:gap-4">
      <span className="shrink-0 font-display text-2xl uppercase tracking-wide md:text-3xl">BREAKING</span>
      <p className="breaking-banner__headline font-sans text-lg font-bold leading-snug md:text-xl">
        {article ? (
          <Link
            to={paths.article.getHref(article.slug)}
            className="text-white underline decoration-2 underline-offset-4 hover:decoration-tabloid-yellow"
          >
            {article.headline}
          </Link>
        ) : (
          BANNER_NONE_TEXT
        )}
      </p>
    </div>
  );
}
