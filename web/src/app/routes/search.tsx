import { useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { SearchForm } from '@/components/layout/search-form';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { SearchResults } from '@/features/news/components/search-results';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /search?q=&page=: the site search, rendered on the server like every public page. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = params.get('page') ?? undefined;
  useDocumentTitle(q.trim() ? `Search: ${q.trim()}` : 'Search');
  return (
    <PublicLayout strip={<BreakingStrip />}>
      <h1 className="mb-6 inline-block bg-ink px-3 py-1 font-display text-3xl uppercase text-white md:text-4xl">
        Search
      </h1>
      <SearchForm key={q} id="search-page-q" label="Search every story" defaultValue={q} className="mb-8 max-w-2xl" />
      <SearchResults q={q.trim()} page={page} />
    </PublicLayout>
  );
}
