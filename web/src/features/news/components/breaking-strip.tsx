import { useNews } from '../api/get-news';
import { buildBreakingText } from '../lib/breaking-text';

export const BREAKING_LOADING_TEXT = 'Loading latest scandals...';
export const BREAKING_NONE_TEXT = 'No breaking scandals right now. Our reporters are still going through the bins.';

/**
 * The yellow strip under the header: the first up to 3 breaking headlines joined by ' • '.
 * `headlines` (the page's live breaking stories) replaces the loaded list's once the page runs; the
 * text then changes in place (the box keeps its two-line height), and `announcement` is said
 * politely to screen-reader users ('Breaking: {headline}').
 */
export function BreakingStrip({
  category,
  headlines,
  announcement = '',
}: {
  category?: string;
  headlines?: readonly string[];
  announcement?: string;
}) {
  const { result, isLoading } = useNews(category);
  const text = isLoading
    ? BREAKING_LOADING_TEXT
    : buildBreakingText(headlines ?? result.breakingNews.map((a) => a.headline)) || BREAKING_NONE_TEXT;
  return (
    <section aria-label="Breaking news" className="breaking-strip bg-tabloid-yellow text-ink">
      <div className="mx-auto flex max-w-7xl items-stretch gap-3 px-4">
        <span className="flex shrink-0 items-center bg-tabloid-red px-2 font-display text-base uppercase tracking-wider text-white md:px-3 md:text-lg">
          BREAKING
        </span>
        {/* a fixed two-line box: loading and loaded take the same space (no layout shift) */}
        <p
          className="my-2 line-clamp-2 h-10 min-w-0 font-sans text-sm leading-5 font-bold md:h-12 md:text-base md:leading-6"
          data-testid="breaking-strip-text"
          title={text}
        >
          {text}
        </p>
        {/* present from the first render, so a change of its text is announced (polite: after what is being read) */}
        <p className="sr-only" aria-live="polite" data-testid="breaking-announcement">
          {announcement}
        </p>
      </div>
    </section>
  );
}
