import { useSearchParams } from 'react-router';
import { SearchForm } from '@/components/layout/search-form';
import { SearchResults } from '@/features/news/components/search-results';
import { useSearch } from '@/features/news/api/get-search';
import { NotFoundScreen } from '@/components/not-found-screen';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LivePublicPage } from './components/live-page';

/** /search?q=&page=: the site search, rendered on the server like every public page. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = params.get('page') ?? undefined;
  useDocumentTitle(q.trim() ? `Search: ${q.trim()}` : 'Search');
  // Page 1 always exists; a later page only with results (the server answers 404 otherwise).
  const later = page !== undefined && page !== '1';
  const { result, isLoading, error } = useSearch(later ? q.trim() : '', later ? page : undefined);
  if (later && (q.trim() === '' || (!isLoading && !error && (!result || !result.ok || result.results.length === 0)))) {
    return (
      <LivePublicPage>
        <NotFoundScreen />
      </LivePublicPage>
    );
  }
  return (
    <LivePublicPage>
      <h1 className="mb-6 inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl">
        Search
      </h1>
      <SearchForm key={q} id="search-page-q" label="Search every story" defaultValue={q} className="mb-8 max-w-2xl" />
      <SearchResults q={q.trim()} page={page} />
    </LivePublicPage>
  );
}
