import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Article } from '../types';

/** The BREAKING banner above the grid: the first breaking headline. */
export function BreakingBanner({ article }: { article: Article }) {
  return (
    <div className="mb-6 flex flex-col gap-1 bg-tabloid-red px-4 py-3 text-white on-dark md:flex-row md:items-center md:gap-4">
      <span className="shrink-0 font-display text-2xl uppercase tracking-wide md:text-3xl">BREAKING</span>
      <Link
        to={paths.article.getHref(article.slug)}
        className="font-sans text-lg font-bold leading-snug text-white underline decoration-2 underline-offset-4 hover:decoration-tabloid-yellow md:text-xl"
      >
        {article.headline}
      </Link>
    </div>
  );
}
