import { useNews } from '../api/get-news';
import { buildBreakingText } from '../lib/breaking-text';

export const BREAKING_LOADING_TEXT = 'Loading latest scandals...';
export const BREAKING_NONE_TEXT = 'No breaking scandals right now. Our reporters are still going through the bins.';

/** The yellow strip under the header: the first up to 3 breaking headlines joined by ' • '. */
export function BreakingStrip({ category }: { category?: string }) {
  const { result, isLoading } = useNews(category);
  const text = isLoading ? BREAKING_LOADING_TEXT : buildBreakingText(result.breakingNews.map((a) => a.headline)) || BREAKING_NONE_TEXT;
  return (
    <section aria-label="Breaking news" className="bg-tabloid-yellow text-ink">
      <div className="mx-auto flex max-w-7xl items-stretch gap-3 px-4">
        <span className="flex shrink-0 items-center bg-tabloid-red px-2 font-display text-base uppercase tracking-wider text-white md:px-3 md:text-lg">
          BREAKING
        </span>
        <p className="min-w-0 py-2 font-sans text-sm font-bold md:text-base" data-testid="breaking-strip-text">
          {text}
        </p>
      </div>
    </section>
  );
}
