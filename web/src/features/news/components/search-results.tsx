import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-clock';
import { useSearch, type SearchHit } from '../api/get-search';
import { formatRelativeTime } from '../lib/relative-time';
import { snippetParts } from '../lib/snippet-parts';
import { OlderStoriesNav } from './older-stories-nav';

const PANEL_CLASS = 'border-4 border-ink px-6 py-10 text-center';

/** The results of /search?q=&page=: ranked stories with highlighted snippets, paging, and the empty and refused states. */
export function SearchResults({ q, page }: { q: string; page?: string }) {
  const { result, isLoading, error } = useSearch(q, page);
  const { now } = useNow();

  if (q.trim() === '') {
    return <p className="font-serif text-body text-grey-dark">Type a word or two above to dig through every story.</p>;
  }
  if (isLoading) {
    return (
      <p role="status" className="font-serif text-body text-grey-dark">
        Searching…
      </p>
    );
  }
  if (error || !result) {
    return (
      <section className={PANEL_CLASS} aria-labelledby="search-failed-title">
        <h2 id="search-failed-title" className="font-display text-3xl uppercase md:text-4xl">
          Search failed
        </h2>
        <p className="mt-3 font-serif text-body text-grey-dark">The search did not answer. Please try again.</p>
      </section>
    );
  }
  if (!result.ok) {
    return (
      <section className={PANEL_CLASS} aria-labelledby="search-refused-title">
        <h2 id="search-refused-title" className="font-display text-3xl uppercase md:text-4xl">
          We can't search for that
        </h2>
        <p className="mt-3 font-serif text-body text-grey-dark">
          Try a few plain words (at most 200 characters). {result.problem}
        </p>
      </section>
    );
  }
  if (result.results.length === 0) {
    return (
      <section className={PANEL_CLASS} aria-labelledby="search-empty-title">
        <h2 id="search-empty-title" className="font-display text-3xl uppercase md:text-4xl">
          No trash found
        </h2>
        <p className="mt-3 font-serif text-body text-grey-dark">
          {result.page > 1 ? `No more stories match “${q}”.` : `No story matches “${q}”. Try fewer or other words.`}
        </p>
      </section>
    );
  }

  const href = (n: number) => paths.search.getHref(q, n);
  return (
    <>
      <p className="mb-4 font-sans text-sm font-bold uppercase tracking-wider text-grey-dark" role="status">
        Results for “{q}”{result.page > 1 ? `, page ${result.page}` : ''}
      </p>
      <ol className="search-results divide-y divide-grey-light border-y-4 border-ink">
        {result.results.map((hit, index) => (
          <SearchResultItem key={`${String(hit.id)}-${index}`} hit={hit} now={now} />
        ))}
      </ol>
      <OlderStoriesNav
        label="Result pages"
        labels={{ newer: 'Previous results', older: 'More results' }}
        newer={result.page > 1 ? href(result.page - 1) : undefined}
        older={result.hasMore ? href(result.page + 1) : undefined}
      />
    </>
  );
}

function SearchResultItem({ hit, now }: { hit: SearchHit; now?: Date }) {
  const relative = formatRelativeTime(hit.publishedAt, now);
  return (
    <li className="py-5">
      <p className="flex flex-wrap items-center gap-2">
        {hit.isBreaking && <Badge tone="red">BREAKING</Badge>}
        {hit.category && <Badge tone="black">{hit.category}</Badge>}
      </p>
      <h2 className="mt-2 font-display text-2xl uppercase leading-tight tracking-tight md:text-3xl">
        <Link
          to={paths.article.getHref(hit.slug)}
          className="text-ink no-underline decoration-tabloid-red decoration-4 underline-offset-4 hover:underline"
        >
          {hit.markedHeadline ? <MarkedText html={hit.markedHeadline} /> : hit.headline}
        </Link>
      </h2>
      {hit.snippet && (
        <p className="mt-2 font-serif text-base text-grey-dark md:text-lg">
          <MarkedText html={hit.snippet} />
        </p>
      )}
      {relative && hit.publishedAt && (
        <p className="mt-1 font-sans text-sm text-grey-dark">
          <time dateTime={hit.publishedAt}>{relative}</time>
        </p>
      )}
    </li>
  );
}

/** Escaped HTML with <mark>…</mark> as text runs and <mark> elements (nothing else becomes markup). */
function MarkedText({ html }: { html: string }) {
  return snippetParts(html).map((part, i) =>
    part.hit ? (
      <mark key={i} className="bg-tabloid-yellow px-0.5 text-ink">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}
