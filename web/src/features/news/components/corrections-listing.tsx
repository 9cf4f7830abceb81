import { Link } from 'react-router';
import { CORRECTIONS_PATH } from '@common/corrections-contract';
import { archiveNeighbours, type ArchivePosition } from '@common/older-stories';
import { NotFoundScreen } from '@/components/not-found-screen';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCorrections } from '../api/get-corrections';
import { correctionDate } from './article-corrections';
import { OlderStoriesNav } from './older-stories-nav';

/**
 * /corrections: every correction of the published stories, newest first, CORRECTIONS_PAGE_SIZE a page,
 * paged as the older stories are (`?page=2&before=<cursor>`, common/older-stories.ts). Each shows the
 * day it was added (as the story's own Corrections block dates it), the story's headline as a link and
 * the text. A later page with no corrections behind its cursor, or a cursor that is not ours: the
 * not-found screen (the server answers 404 with it).
 */
export function CorrectionsListing({ position }: { position?: ArchivePosition }) {
  const { result, isLoading, error } = useCorrections(position);
  const page = position?.page ?? 1;
  useDocumentTitle(`Corrections${page > 1 ? `, page ${page}` : ''}`);

  if (isLoading) {
    return (
      <p className="font-sans text-sm text-grey-dark" role="status">
        Loading corrections…
      </p>
    );
  }
  if (error) {
    return (
      <section className="border-4 border-ink px-6 py-12 text-center" aria-labelledby="corrections-failed-title">
        <h1 id="corrections-failed-title" className="font-display text-4xl uppercase md:text-5xl">
          Corrections
        </h1>
        <p className="mt-3 font-serif text-body text-grey-dark">Failed to fetch the corrections. Please try again.</p>
      </section>
    );
  }
  if (!result || result.invalid || (position && result.corrections.length === 0)) return <NotFoundScreen />;

  const links = archiveNeighbours(CORRECTIONS_PATH, position, result);
  return (
    <>
      <header className="mb-6">
        <h1 className="inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl">
          Corrections
        </h1>
        {page > 1 && (
          <p className="mt-2 font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">Page {page}</p>
        )}
        <p className="mt-3 max-w-[68ch] font-serif text-body text-ink">
          Even a tabloid gets things wrong, and when we do, we say so here: every correction to our stories, newest
          first.
        </p>
        <p className="mt-2 font-sans text-sm">
          <Link
            to={`${paths.about.getHref()}#corrections`}
            className="font-bold text-tabloid-red underline underline-offset-2 hover:text-tabloid-red-dark"
          >
            How to ask for a correction
          </Link>
        </p>
      </header>
      {result.corrections.length === 0 ? (
        <p className="font-serif text-body text-grey-dark">No corrections yet.</p>
      ) : (
        <ol className="corrections-list max-w-[68ch] border-t-4 border-ink">
          {result.corrections.map((c, i) => (
            <li key={`${c.publishedAt}-${c.slug}-${i}`} className="break-words border-b border-grey-light py-4">
              <p className="font-sans text-sm font-bold uppercase tracking-wider text-grey-dark">
                Correction, <time dateTime={c.publishedAt}>{correctionDate(c.publishedAt)}</time>
              </p>
              <h2 className="mt-1 font-display text-xl uppercase leading-tight tracking-tight md:text-2xl">
                <Link
                  to={paths.article.getHref(c.slug)}
                  className="text-ink no-underline hover:text-tabloid-red hover:underline"
                >
                  {c.headline}
                </Link>
              </h2>
              <p className="mt-2 font-serif text-body text-ink">{c.text}</p>
            </li>
          ))}
        </ol>
      )}
      <OlderStoriesNav
        newer={links.prev}
        older={links.next}
        label="Older and newer corrections"
        labels={{ newer: 'Newer corrections', older: 'Older corrections' }}
      />
    </>
  );
}
