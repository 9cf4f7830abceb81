import { formatPublishedTimeUtc } from '../lib/format-published-time';

export const PREVIEW_BANNER_TITLE = 'Preview — not published yet';

/**
 * The bar on top of a preview link's page (decision 042): the story below is not published yet, when
 * it is scheduled to go out (in UTC: the page is read as the server rendered it), and that it is shown
 * as readers will see it. A named region, so it is the first thing a screen reader meets.
 */
export function PreviewBanner({ scheduledFor }: { scheduledFor: string | null }) {
  return (
    <section
      aria-labelledby="preview-banner-title"
      className="preview-banner bg-ink text-white"
      data-testid="preview-banner"
    >
      <div className="mx-auto max-w-7xl px-4 py-3">
        <p
          id="preview-banner-title"
          className="font-display text-xl uppercase tracking-wide text-tabloid-yellow md:text-2xl"
        >
          {PREVIEW_BANNER_TITLE}
        </p>
        <p className="mt-1 font-sans text-sm md:text-base">
          {scheduledFor ? (
            <>
              Scheduled to go out on{' '}
              <time dateTime={scheduledFor} className="font-bold">
                {formatPublishedTimeUtc(scheduledFor)}
              </time>
              .
            </>
          ) : (
            'Not scheduled yet.'
          )}{' '}
          This is how readers will see it. The link is private: please do not pass it on.
        </p>
      </div>
    </section>
  );
}
